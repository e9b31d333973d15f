struct 参数 {
  次数: u32,
  权重: vec2<f32>,
}

@group(0) @binding(0) var<storage, read_write> 结果: array<f32>;
@group(0) @binding(1) var<storage, read_write> 计数: array<u32>;

const 掩码: u32 = 19u;
const 翻转: u32 = 4294967276u;
const 移位: u32 = 12u;
const 负移: i32 = -4i;
const 位数: u32 = 29u;
const 选: f32 = 1.5f;
const 向: vec3<f32> = vec3<f32>(1.0f, 2.0f, 2.0f);
const 向长: f32 = 3.0f;
const 向点: f32 = 9.0f;
const 向中: f32 = 2.0f;
const 列零: vec2<f32> = vec2<f32>(1.0f, 2.0f);
const 列一: vec2<f32> = vec2<f32>(3.0f, 4.0f);
const 矩: mat2x2<f32> = mat2x2<f32>(vec2<f32>(1.0f, 2.0f), vec2<f32>(3.0f, 4.0f));
const 矩元: f32 = 3.0f;
const 缺省: 参数 = 参数(7u, vec2<f32>(0.25f, 0.75f));
const 次数: u32 = 7u;
const 权重和: f32 = 1.0f;
const 最值: i32 = 2i;
const 夹: f32 = 4.0f;
const 根: f32 = 1.5f;
const 整: f32 = -1.0f;

@compute @workgroup_size(1)
fn 算(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  结果[序] = 选 + 向长 + 向点 + 向中 + 矩元 + 权重和 + 夹 + 根 + 整 + f32(负移);
  计数[序] = 掩码 + 移位 + 位数 + 次数 + u32(最值);
}
