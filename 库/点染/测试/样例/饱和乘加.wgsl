struct 参数 {
  系数: f32,
  偏置: f32,
}

@group(0) @binding(0) var<storage, read> 甲: array<f32>;
@group(0) @binding(1) var<storage, read_write> 乙: array<f32>;
@group(0) @binding(2) var<uniform> 常量: 参数;

fn 乘加(倍: f32, 自变: f32, 累计: f32) -> f32 {
  return 倍 * 自变 + 累计;
}

@compute @workgroup_size(64)
fn 饱和乘加(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 结果 = 乘加(常量.系数, 甲[序], 乙[序]);
  乙[序] = 结果 + 常量.偏置;
}
