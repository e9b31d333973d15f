struct 甲之点 {
  甲值: f32,
}

struct 乙之点 {
  左: u32,
  右: u32,
}

fn 甲之倍(数: u32) -> u32 {
  return 数 * 2u;
}

const 甲之系数: u32 = 10u;

@group(1) @binding(0) var<storage, read_write> 甲之输出: array<u32>;

@compute @workgroup_size(1)
fn 甲之填(@builtin(global_invocation_id) 号: vec3<u32>) {
  甲之输出[号.x] = 甲之系数;
}

fn 乙之倍(数: u32) -> u32 {
  return 数 * 3u;
}

const 乙之系数: u32 = 100u;

@group(1) @binding(1) var<storage, read_write> 乙之输出: array<u32>;

@compute @workgroup_size(1)
fn 乙之填(@builtin(global_invocation_id) 号: vec3<u32>) {
  乙之输出[号.x] = 乙之系数;
}

const 单位: u32 = 1u;

@group(0) @binding(0) var<storage, read_write> 数据: array<u32>;

const 限定名之系数: u32 = 1u;

fn 合(对: 乙之点) -> u32 {
  return 对.左 + 对.右;
}

@compute @workgroup_size(4)
fn 计算(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 值 = 数据[序];
  let _1 = 甲之倍(值);
  let 对 = 乙之点(_1, 乙之倍(值));
  数据[序] = 合(对) + 甲之系数 + 限定名之系数;
}
