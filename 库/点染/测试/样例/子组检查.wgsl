enable subgroups;

@group(0) @binding(0) var<storage, read_write> 检验: array<u32>;
@group(0) @binding(1) var<storage, read_write> 邻居: array<u32>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;

@compute @workgroup_size(64)
fn 子组自检(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32, @builtin(subgroup_size) 大小: u32) {
  let 序 = 号.x;
  let 个数 = subgroupAdd(一无);
  let 道和 = subgroupAdd(f32(道));
  let 最大道 = subgroupMax(道);
  let 最小道 = subgroupMin(道);
  let 首 = subgroupShuffle(序, 零无);
  let 邻 = subgroupShuffleXor(序, 一无);
  let 又邻 = subgroupShuffle(序, 道 ^ 一无);
  let 应有道和 = f32(大小 * (大小 - 一无) / 二无);
  let 对 = 个数 == 大小 && 最大道 + 一无 == 大小 && 最小道 == 零无 && 首 + 道 == 序 && 又邻 == 邻 && 道和 == 应有道和;
  检验[序] = select(零无, 一无, 对);
  邻居[序] = 邻;
}
