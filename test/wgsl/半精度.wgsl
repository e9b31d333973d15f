enable f16;

@group(0) @binding(0) var<storage, read_write> 数据: array<f16>;

const 半: f16 = f16(0.5);

@compute @workgroup_size(1)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  let _1 = vec2<f16>(数据[号.x], f16(1.5)) * 半;
  数据[号.x] = f16(sqrt(f32(_1.x + _1.y)));
}
