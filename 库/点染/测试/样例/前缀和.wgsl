@group(0) @binding(0) var<storage, read> 输入: array<f32>;
@group(0) @binding(1) var<storage, read_write> 输出: array<f32>;

const 零浮: f32 = 0.0f;

@compute @workgroup_size(32)
fn 扫描(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  var 和 = 零浮;
  累加(0u, 序, &和);
  let 总 = 和;
  输出[序] = select(总, 零浮, 总 < 零浮);
}

fn 累加(k: u32, 序: u32, 和: ptr<function, f32>) {
  var k_2 = k;
  loop {
    if k_2 <= 序 {
      *和 = *和 + 输入[k_2];
      k_2 = k_2 + 1u;
      continue;
    } else {
      break;
    }
  }
}
