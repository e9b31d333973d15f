@group(0) @binding(0) var<storage, read_write> 结果: array<u32>;
@group(0) @binding(1) var<storage, read_write> 浮结果: array<f32>;

fn 加一(甲: u32) -> u32 {
  return 甲 + 1;
}

@compute @workgroup_size(4)
fn 算(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 基 = 3u;
  let 选 = select(2u, 1u, 序 > 3);
  let 倍 = f32(序) * 2.0 + 0.5;
  结果[序 * 4] = max(序, 1);
  结果[序 * 4 + 1] = 序 << 2;
  结果[序 * 4 + 2] = 加一(7);
  结果[序 * 4 + 3] = 选 + 基;
  浮结果[序] = min(倍, 4.5);
}
