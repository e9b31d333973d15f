@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;

fn 找(n: u32, 目标: u32) -> u32 {
  var i = 0u;
  var _1: u32;
  loop {
    if i >= n {
      _1 = n;
      break;
    }
    var j = 0u;
    var 积 = 1u;
    var _2: u32;
    loop {
      if j >= i {
        _2 = 积;
        break;
      }
      let _3 = j + 1u;
      j = _3;
      积 = 积 * _3;
    }
    if _2 == 目标 {
      _1 = i;
      break;
    } else {
      i = i + 1u;
      continue;
    }
  }
  return _1;
}

fn 分(x: i32) -> i32 {
  if !(x < 0i) {
    return 1i;
  }
  if x == -1i {
    return x;
  } else {
    return -x;
  }
}

@compute @workgroup_size(4)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>) {
  数据[号.x] = bitcast<u32>(分(3i - i32(找(10u, 数据[号.x]))));
}

@fragment
fn 片元(@location(0) 色: vec4<f32>) -> @location(0) vec4<f32> {
  if 色.w < 0.5f {
    discard;
  }
  return 色;
}
