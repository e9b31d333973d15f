struct 参数 {
  次数: u32,
}

@group(0) @binding(0) var<storage, read> 数据: array<u32>;
@group(0) @binding(1) var<storage, read_write> 结果: array<u32>;
@group(0) @binding(2) var<uniform> 常量: 参数;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 七无: u32 = 7u;
const 退一: u32 = 4294967295u;
const 周期: u32 = 56u;
const 半长: u32 = 64u;

@compute @workgroup_size(64)
fn 求和(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 位 = 序 % 周期;
  let 次数 = 常量.次数;
  let 倒和 = 倒走(零无, 零无, 次数, 位);
  let 顺和 = 顺走(零无, 零无, 次数, 位);
  结果[序] = 倒和;
  结果[序 + 半长] = 顺和;
}

fn 倒走(k: u32, 和: u32, 次数: u32, 位: u32) -> u32 {
  var k_2 = k;
  var 和_2 = 和;
  var _1: u32;
  loop {
    if k_2 < 次数 {
      和_2 = 和_2 + 数据[位 + 七无 + k_2 * 退一];
      k_2 = k_2 + 一无;
      continue;
    } else {
      _1 = 和_2;
      break;
    }
  }
  return _1;
}

fn 顺走(k: u32, 和: u32, 次数: u32, 位: u32) -> u32 {
  var k_2 = k;
  var 和_2 = 和;
  var _1: u32;
  loop {
    if k_2 < 次数 {
      和_2 = 和_2 + 数据[位 + k_2];
      k_2 = k_2 + 一无;
      continue;
    } else {
      _1 = 和_2;
      break;
    }
  }
  return _1;
}
