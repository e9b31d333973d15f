@group(0) @binding(0) var<storage, read_write> 读数_u2460: array<u32>;

const 比例_u2122: u32 = 5u;

@compute @workgroup_size(4)
fn 换算_u2103(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序_u002D号 = 号.x;
  let 华氏_u00B0F = 读数_u2460[序_u002D号];
  let 温度_u2103 = (华氏_u00B0F - 32u) * 比例_u2122 / 9u;
  读数_u2460[序_u002D号] = 温度_u2103;
}
