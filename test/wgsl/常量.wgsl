struct 对 {
  甲: u32,
  乙: f32,
}

@group(0) @binding(0) var<storage, read_write> 数据: array<f32>;

const 半: f32 = 0.5f;
const 四十: f32 = 40.0f;
const 方向: vec3<f32> = vec3<f32>(1.0f, -2.0f, 0.25f);
const 表: array<u32, 4> = array<u32, 4>(1u, 2u, 3u, 5u);
const 一对: 对 = 对(7u, 1.5f);
const 单位: mat2x2<f32> = mat2x2<f32>(vec2<f32>(1.0f, 0.0f), vec2<f32>(0.0f, 1.0f));
const 负: i32 = -3i;

@compute @workgroup_size(1)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  数据[号.x] = (半 * 四十 + 方向.y + 一对.乙) * 单位[1].y + f32(负);
}
