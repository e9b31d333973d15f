struct 参数 {
  倍数: f32,
  偏移: f32,
  个数: u32,
}

@group(0) @binding(0) var<storage, read> 输入: array<f32>;
@group(0) @binding(1) var<storage, read_write> 输出: array<f32>;
@group(0) @binding(2) var<uniform> 参: 参数;

@compute @workgroup_size(64)
fn 缩放(@builtin(global_invocation_id) 号: vec3<u32>) {
  let i = 号.x;
  if i < 参.个数 {
    输出[i] = 输入[i] * 参.倍数 + 参.偏移;
  }
}
