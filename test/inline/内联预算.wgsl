@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;

fn 搅(甲: u32, 乙: u32) -> u32 {
  let 一步 = 甲 * 3 + 乙;
  let 二步 = (一步 ^ 乙) + 甲 * 7;
  let 三步 = 二步 * 5 - 一步;
  let 四步 = 三步 % 97 + 二步 / 3;
  return 四步 * 11 + (三步 & 255);
}

fn 加格(和: ptr<function, u32>, 值: u32) {
  let _1 = *和;
  *和 = _1 + 搅(值, *和);
}

@compute @workgroup_size(4)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  var 和 = 数据[序];
  加格(&和, 序);
  加格(&和, 序 + 1);
  数据[序] = 和;
}
