@group(0) @binding(0) var<storage, read> 输入: array<i32>;
@group(0) @binding(1) var<storage, read_write> 输出: array<u32>;

const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;
const 四无: u32 = 4u;
const 八无: u32 = 8u;
const 低八位: u32 = 255u;
const 半浮: f32 = 0.5f;
const 一浮: f32 = 1.0f;
const 八浮: f32 = 8.0f;

@compute @workgroup_size(16)
fn 换算(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 整 = 输入[序];
  let 浮 = f32(整);
  let 基 = 序 * 四无;
  输出[基] = bitcast<u32>(浮 * 半浮);
  输出[基 + 一无] = u32(abs(整));
  let 打包 = pack2x16float(vec2<f32>(浮, 浮 + 一浮));
  输出[基 + 二无] = 打包;
  let 解包 = unpack2x16float(打包);
  let 高 = u32(解包.y + 八浮) << 八无;
  let 低 = bitcast<u32>(整) & 低八位;
  输出[基 + 三无] = 高 | 低;
}
