@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;

const 宽: u32 = 8u;
const 面积: u32 = 65u;
const 半: f32 = 0.5f;
const 大: bool = true;
const 向量: vec2<f32> = vec2<f32>(1.0f, 2.0f);

@compute @workgroup_size(1)
fn 写(@builtin(global_invocation_id) 号: vec3<u32>) {
  数据[号.x] = select(宽, 面积, 大);
}
