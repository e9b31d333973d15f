@group(0) @binding(0) var<storage, read> 数据: array<i32>;
@group(0) @binding(1) var<storage, read_write> 结果: array<i32>;

@compute @workgroup_size(4)
fn 取(@builtin(global_invocation_id) 号: vec3<u32>) {
  let i = 号.x;
  let 值 = 数据[i];
  let 绝对 = select(值, -值, 值 < 0i);
  let _1 = i + 1u;
  var 邻: i32;
  if _1 < arrayLength(&数据) {
    邻 = 数据[_1];
  } else {
    邻 = 0i;
  }
  let _2 = 绝对 + 邻;
  let _3 = _2 >= 0i;
  结果[i] = select(0i, select(0i, _2 * 1i, _3), select(!_3, _3, _3));
}
