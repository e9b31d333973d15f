@group(0) @binding(0) var<storage, read_write> 数据: array<vec4<f32>>;

@compute @workgroup_size(1)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  let _1 = 号.x;
  let _2 = 数据[_1];
  var 和: f32;
  和 = 0.0f;
  和 = 和 + _2.x;
  let _3 = 和;
  和 = 2.0f;
  var _4 = _2;
  _4.w = _3;
  数据[_1].z = 和;
  let _5 = 数据[_1][_1] + 1.0f;
  数据[_1] = _4;
  数据[_1].y = _5;
}
