@group(0) @binding(0) var<storage, read> 输入: array<u32>;
@group(0) @binding(1) var<storage, read_write> 整数结果: array<u32>;
@group(0) @binding(2) var<storage, read_write> 浮点结果: array<f32>;
@group(0) @binding(3) var<storage, read> 查表: array<array<u32, 4>>;

const 组宽: u32 = 16u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;
const 四无: u32 = 4u;
const 四分之三: f32 = 0.75f;
const 千: u32 = 1000u;

fn 取整自检(序: u32) -> f32 {
  let f = f32(序) - 一六浮;
  let g = f * 四分之三;
  return fma(trunc(g), sign(g), fract(g));
}

const 一六浮: f32 = 16.0f;

@compute @workgroup_size(16)
fn 位自检(@builtin(local_invocation_id) 局部号: vec3<u32>, @builtin(workgroup_id) 组号: vec3<u32>, @builtin(num_workgroups) 组数: vec3<u32>) {
  let 序 = 组号.x * 组宽 + 局部号.x;
  let x = 输入[序];
  let 基 = 序 * 四无;
  整数结果[基] = countOneBits(x);
  整数结果[基 + 一无] = reverseBits(x);
  整数结果[基 + 二无] = ~x ^ (x >> 四无);
  let 表 = 查表[组数.x - 二无];
  var _1 = 表;
  let 查得 = _1[x & 三无];
  整数结果[基 + 三无] = 查得 + 组数.x * 千 + 局部号.x;
  storageBarrier();
  浮点结果[序] = 取整自检(序);
}
