@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;

fn 求和(n: u32) -> u32 {
  var i = 0u;
  var acc = 0u;
  var _1: u32;
  loop {
    if i >= n {
      _1 = acc;
      break;
    }
    acc = acc + i;
    i = i + 1u;
  }
  let 结果 = select(100u, _1, _1 < 100u);
  return 结果;
}

@compute @workgroup_size(4)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  数据[号.x] = 求和(数据[号.x]);
}
