@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;

@compute @workgroup_size(64)
fn 步数(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  数据[序] = 走(数据[序], 零无);
}

fn 走(n: u32, 计: u32) -> u32 {
  var n_2 = n;
  var 计_2 = 计;
  var _1: u32;
  loop {
    if n_2 <= 一无 {
      _1 = 计_2;
      break;
    } else {
      if n_2 % 二无 == 零无 {
        n_2 = n_2 / 二无;
        计_2 = 计_2 + 一无;
        continue;
      } else {
        n_2 = n_2 * 三无 + 一无;
        计_2 = 计_2 + 一无;
        continue;
      }
    }
  }
  return _1;
}
