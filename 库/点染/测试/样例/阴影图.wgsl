struct 场景 {
  视图投影: mat4x4<f32>,
  光源视图投影: mat4x4<f32>,
  光源方向: vec4<f32>,
}

struct 阴影插值 {
  @builtin(position) 位置: vec4<f32>,
  @location(0) 光源空间: vec4<f32>,
  @location(1) 法线: vec3<f32>,
  @location(2) 纹理坐标: vec2<f32>,
}

struct 片元输出 {
  @location(0) 颜色: vec4<f32>,
  @builtin(frag_depth) 深度: f32,
}

@group(0) @binding(0) var<uniform> 场景常量: 场景;
@group(0) @binding(1) var 阴影: texture_depth_2d;
@group(0) @binding(2) var 阴影采样: sampler_comparison;
@group(1) @binding(0) var 反照图: texture_2d<f32>;
@group(1) @binding(1) var 反照采样: sampler;

const 零浮: f32 = 0.0f;
const 半浮: f32 = 0.5f;
const 一浮: f32 = 1.0f;
const 偏差: f32 = 0.005f;
const 环境光: f32 = 0.2f;

fn 齐次(v: vec3<f32>) -> vec4<f32> {
  return vec4<f32>(v.x, v.y, v.z, 一浮);
}

@vertex
fn 深度顶点(@location(0) 位置: vec3<f32>) -> @builtin(position) vec4<f32> {
  return 场景常量.光源视图投影 * 齐次(位置);
}

@vertex
fn 场景顶点(@location(0) 位置: vec3<f32>, @location(1) 法线: vec3<f32>, @location(2) 纹理坐标: vec2<f32>) -> 阴影插值 {
  let 世界 = 齐次(位置);
  return 阴影插值(场景常量.视图投影 * 世界, 场景常量.光源视图投影 * 世界, 法线, 纹理坐标);
}

@fragment
fn 场景片元(入: 阴影插值, @builtin(front_facing) 正面: bool) -> 片元输出 {
  let 光 = 入.光源空间;
  let w = 光.w;
  let 投影 = vec3<f32>(光.x / w, 光.y / w, 光.z / w);
  let 阴影坐标 = vec2<f32>(投影.x * 半浮 + 半浮, 半浮 - 投影.y * 半浮);
  let 可见 = textureSampleCompare(阴影, 阴影采样, 阴影坐标, 投影.z - 偏差);
  let 反照 = textureSample(反照图, 反照采样, 入.纹理坐标);
  let 法 = normalize(select(-入.法线, 入.法线, 正面));
  let 光向 = 场景常量.光源方向;
  let 方向 = normalize(vec3<f32>(光向.x, 光向.y, 光向.z));
  let 漫射 = max(dot(法, 方向), 零浮);
  let 亮度 = 环境光 + 可见 * 漫射;
  return 片元输出(vec4<f32>(反照.x * 亮度, 反照.y * 亮度, 反照.z * 亮度, 反照.w), 入.位置.z);
}
