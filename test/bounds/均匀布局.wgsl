struct 偏移 {
  值: f32,
}

struct 参数 {
  缩放: f32,
  权: array<f32, 4>,
  偏: 偏移,
  尾: f32,
}

@group(0) @binding(0) var<storage, read_write> 出: array<f32>;
@group(0) @binding(1) var<uniform> 常量: 参数;

@compute @workgroup_size(8)
fn 加权(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  var _1 = 常量.权;
  let 权重 = _1[min(序 % 4, 3u)];
  let _2 = min(序, arrayLength(&出) - 1u);
  出[_2] = 常量.缩放 * 权重 + 常量.偏.值 + 常量.尾;
}
