struct 变换 {
  矩阵: mat4x4<f32>,
  缩放: vec4<f32>,
}

@group(0) @binding(0) var<storage, read> 点: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> 结果: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> 常量: 变换;

const 零浮: f32 = 0.0f;
const 一浮: f32 = 1.0f;
const 负一浮: f32 = -1.0f;
const 列零: vec4<f32> = vec4<f32>(-1.0f, 0.0f, 0.0f, 0.0f);
const 列一: vec4<f32> = vec4<f32>(0.0f, 1.0f, 0.0f, 0.0f);
const 列二: vec4<f32> = vec4<f32>(0.0f, 0.0f, 1.0f, 0.0f);
const 列三: vec4<f32> = vec4<f32>(0.0f, 0.0f, 0.0f, 1.0f);
const 镜像: mat4x4<f32> = mat4x4<f32>(vec4<f32>(-1.0f, 0.0f, 0.0f, 0.0f), vec4<f32>(0.0f, 1.0f, 0.0f, 0.0f), vec4<f32>(0.0f, 0.0f, 1.0f, 0.0f), vec4<f32>(0.0f, 0.0f, 0.0f, 1.0f));

fn 平移(矩: mat4x4<f32>) -> vec3<f32> {
  let 列 = 矩[3];
  return vec3<f32>(列.x, 列.y, 列.z);
}

@compute @workgroup_size(8)
fn 变换点(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 矩 = 常量.矩阵;
  let 新点 = 镜像 * 矩 * 点[序];
  let 放大 = 新点 * 常量.缩放;
  let 移 = 平移(矩);
  结果[序] = vec4<f32>(放大.x, 放大.y, 放大.z, 移.x + 移.y + 移.z);
}
