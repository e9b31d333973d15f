@group(0) @binding(0) var<storage, read_write> 块: array<array<u32, 4>>;
@group(0) @binding(1) var<storage, read_write> 前缀: array<array<u32, 4>>;
var<workgroup> 暂: array<array<u32, 4>, 8>;

const 四无: u32 = 4u;

@compute @workgroup_size(8)
fn 算(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(local_invocation_index) 本: u32) {
  let 序 = 号.x;
  var 格 = 块[序];
  累(1, &格);
  格[0] = 格[0] + 序 * 100;
  let 位 = 序 / 2 % 四无;
  格[位] = 格[位] * 3;
  暂[本] = 格;
  暂[本][1] = 暂[本][1] + 7;
  workgroupBarrier();
  前缀[序] = 暂[本 ^ 1];
  块[序][序 % 四无] = 块[序][3] * 2;
}

fn 累(k: u32, 格: ptr<function, array<u32, 4>>) {
  var k_2 = k;
  loop {
    if k_2 < 四无 {
      (*格)[k_2] = (*格)[k_2] + (*格)[k_2 - 1];
      k_2 = k_2 + 1;
      continue;
    } else {
      break;
    }
  }
}
