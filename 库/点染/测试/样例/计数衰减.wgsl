@group(0) @binding(0) var<storage, read_write> 计数: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> 待取: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> 快照: array<u32>;

@compute @workgroup_size(32)
fn 衰减(@builtin(global_invocation_id) 号: vec3<u32>) {
  let 序 = 号.x;
  let 旧 = atomicLoad(&计数[序]);
  atomicStore(&计数[序], 旧 / 2u);
  let 取出 = atomicExchange(&待取[序], 0u);
  快照[序] = 旧 + 取出;
}
