@group(0) @binding(0) var<storage, read> 入: array<u32>;
@group(0) @binding(1) var<storage, read_write> 出: array<u32>;

@compute @workgroup_size(16)
fn 核(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  出[序] = 走(4u, 入[序]);
}

fn 走(i: u32, acc: u32) -> u32 {
  var i_2 = i;
  var acc_2 = acc;
  var _1: u32;
  loop {
    if i_2 == 0u {
      _1 = acc_2;
      break;
    } else {
      acc_2 = i_2 * i_2 / (6u & acc_2);
      i_2 = i_2 - 1u;
      continue;
    }
  }
  return _1;
}
