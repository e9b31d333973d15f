struct 顶点输出 {
  @builtin(position) 位置: vec4<f32>,
  @location(0) 色: vec4<f32>,
  @location(1) @interpolate(flat) 号: u32,
}

@vertex
fn 顶点(@builtin(vertex_index) 序: u32, @location(0) 坐标: vec2<f32>) -> 顶点输出 {
  return 顶点输出(vec4<f32>(坐标.x, 坐标.y, 0.0f, 1.0f), vec4<f32>(1.0f, 0.0f, 0.0f, 1.0f), 序);
}

@fragment
fn 片元(入: 顶点输出) -> @location(0) vec4<f32> {
  let _1 = 入.色;
  return select(_1 * 0.5f, _1, (入.号 & 1u) == 0u);
}

@fragment
fn 深度(@builtin(position) 位: vec4<f32>) -> @builtin(frag_depth) f32 {
  return 位.z;
}
