@group(0) @binding(0) var<storage, read_write> 数据: array<f32>;
var<private> 次数: u32;

fn 平方(x: f32) -> f32 {
  return x * x;
}

fn 记() {
  次数 = 次数 + 1u;
}

fn 计(x: f32) -> u32 {
  return 次数;
}

@compute @workgroup_size(2)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  let _1 = 平方(数据[号.x]) + 1.0f;
  数据[号.x] = _1;
  计(_1);
}
