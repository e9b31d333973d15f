struct 调色 {
  曝光: f32,
  饱和度: f32,
  色相强度: f32,
  半径: f32,
}

@group(0) @binding(0) var<uniform> 调色常量: 调色;

const 线性阈: f32 = 0.04045f;
const 线性斜率: f32 = 12.92f;
const 伽马偏移: f32 = 0.055f;
const 伽马分母: f32 = 1.055f;
const 伽马: f32 = 2.4f;
const 亮度权重: vec3<f32> = vec3<f32>(0.2126f, 0.7152f, 0.0722f);
const 中心: vec2<f32> = vec2<f32>(0.5f, 0.5f);
const 零浮: f32 = 0.0f;
const 一浮: f32 = 1.0f;
const 零整: i32 = 0i;

fn 线性化(c: f32) -> f32 {
  return select(pow((c + 伽马偏移) / 伽马分母, 伽马), c / 线性斜率, c <= 线性阈);
}

@fragment
fn 调色片元(@location(0) 纹理坐标: vec2<f32>, @location(1) 原色: vec4<f32>, @location(2) @interpolate(flat) 模式: i32) -> @location(0) vec4<f32> {
  let _1 = 线性化(原色.x);
  let _2 = 线性化(原色.y);
  let 线性 = vec3<f32>(_1, _2, 线性化(原色.z));
  let 亮度 = dot(线性, 亮度权重);
  let 灰 = vec3<f32>(亮度, 亮度, 亮度);
  let 饱 = 调色常量.饱和度;
  let 调后 = mix(灰, 线性, vec3<f32>(饱, 饱, 饱));
  let 色相 = atan2(线性.z - 线性.y, 线性.x - 线性.y);
  let 微调 = 一浮 + 调色常量.色相强度 * cos(色相);
  let 曝光后 = saturate(调后 * (调色常量.曝光 * 微调));
  let 宽 = length(dpdx(纹理坐标)) + length(dpdy(纹理坐标));
  let 圆 = distance(纹理坐标, 中心);
  let 半径 = 调色常量.半径;
  let 遮罩 = 一浮 - smoothstep(半径 - 宽, 半径 + 宽, 圆);
  let 门 = step(零浮, 原色.w);
  let 结果 = select(线性, 曝光后, 模式 == 零整);
  return vec4<f32>(结果.x * 遮罩, 结果.y * 遮罩, 结果.z * 遮罩, 门);
}
