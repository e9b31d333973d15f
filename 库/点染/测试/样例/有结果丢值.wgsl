@group(0) @binding(0) var<storage, read_write> 计数: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> 数据: array<u32>;

const 一无: u32 = 1u;

fn 写并取旧(序: u32, 值: u32) -> u32 {
  let 旧 = 数据[序];
  数据[序] = 值;
  return 旧;
}

fn 记一笔(序: u32) {
  写并取旧(序, 序 + 一无);
}

@compute @workgroup_size(64)
fn 核(@builtin(global_invocation_id) 号: vec3<u32>) {
  记一笔(号.x);
  atomicAdd(&计数[号.x], 1u);
}
