@group(0) @binding(0) var 图: texture_2d<f32>;
@group(0) @binding(1) var 采样: sampler;

const 一无: u32 = 1u;
const 零浮: f32 = 0.0f;
const 一浮: f32 = 1.0f;
const 半浮: f32 = 0.5f;
const 各半: vec4<f32> = vec4<f32>(0.5f, 0.5f, 0.5f, 0.5f);
const 模糊层级: f32 = 2.0f;

@vertex
fn 全屏(@builtin(vertex_index) 顶点: u32) -> @builtin(position) vec4<f32> {
  let 横 = f32((顶点 & 一无) << 一无);
  let 纵 = f32(顶点 & 2u);
  return vec4<f32>(横 * 二浮 - 一浮, 一浮 - 纵 * 二浮, 零浮, 一浮);
}

const 二浮: f32 = 2.0f;

@fragment
fn 查看(@builtin(position) 坐标: vec4<f32>) -> @location(0) vec4<f32> {
  let 尺寸 = textureDimensions(图);
  let 像素 = vec2<u32>(min(u32(坐标.x), 尺寸.x - 一无), min(u32(坐标.y), 尺寸.y - 一无));
  let 原色 = textureLoad(图, 像素, 0);
  let 尺寸浮 = vec2<f32>(尺寸);
  let 纹理坐标 = vec2<f32>(坐标.x / 尺寸浮.x, 坐标.y / 尺寸浮.y);
  let 模糊 = textureSampleLevel(图, 采样, 纹理坐标, 模糊层级);
  return mix(原色, 模糊, 各半);
}
