@group(0) @binding(0) var<storage, read> 输入: array<f32>;
@group(0) @binding(1) var<storage, read_write> 输出: array<f32>;

const 千分之一点五: f32 = 0.0015f;
const 十的三十次方: f32 = 1.0e+30f;
const 最低浮: f32 = -3.402823466e+38f;
const 零浮: f32 = 0.0f;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;
const 四无: u32 = 4u;

@compute @workgroup_size(8)
fn 换算(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 数 = 输入[序];
  let 基 = 序 * 四无;
  输出[基] = 数 * 千分之一点五;
  输出[基 + 一无] = select(数, 最低浮, 数 < 零浮);
  输出[基 + 二无] = 数 + -3.5;
  输出[基 + 三无] = 数 * 十的三十次方;
}
