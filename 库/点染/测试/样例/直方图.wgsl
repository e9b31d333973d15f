struct 设置 {
  数量: u32,
  桶数: u32,
}

@group(0) @binding(0) var<storage, read> 样本: array<u32>;
@group(0) @binding(1) var<storage, read_write> 桶: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> 极值: array<atomic<u32>>;
@group(0) @binding(3) var<uniform> 常量: 设置;

const 零无: u32 = 0u;
const 一无: u32 = 1u;

@compute @workgroup_size(64)
fn 统计(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  if 序 < 常量.数量 {
    let 值 = 样本[序];
    let 桶号 = 值 % 常量.桶数;
    atomicAdd(&桶[桶号], 一无);
    atomicMax(&极值[零无], 值);
    atomicMin(&极值[一无], 值);
  }
}
