struct 交换结果 {
  old_value: u32,
  exchanged: bool,
}

@group(0) @binding(0) var<storage, read_write> 计数: array<atomic<u32>>;
var<workgroup> 局部: atomic<u32>;

@compute @workgroup_size(8)
fn 数(@builtin(local_invocation_index) 本: u32) {
  atomicAdd(&局部, 1u);
  workgroupBarrier();
  atomicMax(&计数[0u], atomicLoad(&局部));
  let 旧 = atomicAdd(&计数[1u], 本);
  if atomicCompareExchangeWeak(&计数[2u], 0u, 100u).exchanged {
    atomicStore(&计数[旧 + 3u], 本);
  }
}
