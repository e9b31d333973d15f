struct 插值 {
  @builtin(position) 位置: vec4<f32>,
  @location(0) 纹理坐标: vec2<f32>,
  @location(1) @interpolate(flat) 层号: u32,
}

struct 外观 {
  色调甲: vec4<f32>,
  色调乙: vec4<f32>,
  透明阈值: f32,
}

@group(0) @binding(0) var<uniform> 外观常量: 外观;
@group(0) @binding(1) var 图: texture_2d<f32>;
@group(0) @binding(2) var 采样: sampler;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 零浮: f32 = 0.0f;
const 一浮: f32 = 1.0f;
const 二浮: f32 = 2.0f;

@vertex
fn 四边形(@builtin(vertex_index) 顶点: u32, @builtin(instance_index) 实例: u32) -> 插值 {
  let 横 = f32(顶点 & 一无);
  let 纵 = f32((顶点 >> 一无) & 一无);
  return 插值(vec4<f32>(横 * 二浮 - 一浮, 纵 * 二浮 - 一浮, 零浮, 一浮), vec2<f32>(横, 一浮 - 纵), 实例);
}

@fragment
fn 着色(入: 插值) -> @location(0) vec4<f32> {
  let 纹素 = textureSample(图, 采样, 入.纹理坐标);
  let 色调 = select(外观常量.色调乙, 外观常量.色调甲, 入.层号 == 零无);
  let 颜色 = 纹素 * 色调;
  if 颜色.w < 外观常量.透明阈值 {
    discard;
  }
  return 颜色;
}
