@group(0) @binding(0) var 图: texture_2d<f32>;
@group(0) @binding(1) var 采样: sampler;
@group(0) @binding(2) var 整图: texture_2d<u32>;
@group(0) @binding(3) var<storage, read_write> 结果: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> 整结果: array<vec4<u32>>;

const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;
const 零浮: f32 = 0.0f;
const 半浮: f32 = 0.5f;
const 一浮: f32 = 1.0f;

@compute @workgroup_size(8)
fn 读取(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 横 = 序 & 三无;
  let 纵 = 序 >> 二无;
  let 尺寸 = textureDimensions(图);
  let 宽 = f32(尺寸.x);
  let 高 = f32(尺寸.y);
  let 横浮 = f32(横);
  let 纵浮 = f32(纵);
  let 中心 = vec2<f32>((横浮 + 半浮) / 宽, (纵浮 + 半浮) / 高);
  let 交点 = vec2<f32>((横浮 + 一浮) / 宽, (纵浮 + 一浮) / 高);
  结果[序 * 三无] = textureLoad(图, vec2<u32>(横, 纵), 0);
  结果[序 * 三无 + 一无] = textureSampleLevel(图, 采样, 中心, 零浮);
  结果[序 * 三无 + 二无] = textureSampleLevel(图, 采样, 交点, 零浮);
  整结果[序 * 二无] = textureLoad(整图, vec2<u32>(横, 纵), 0);
  整结果[序 * 二无 + 一无] = vec4<u32>(尺寸.x, 尺寸.y, 横, 纵);
}
