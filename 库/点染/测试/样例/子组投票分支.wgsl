enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> 数据: array<u32>;
@group(0) @binding(1) var<storage, read_write> 结果: array<u32>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;
const 五零无: u32 = 50u;

@compute @workgroup_size(64)
fn 投票分支(@builtin(local_invocation_index) 序: u32) {
  let 值 = 数据[序];
  var _1: u32;
  if subgroupAny(值 == 三无) {
    _1 = subgroupAdd(值);
  } else {
    _1 = 零无;
  }
  结果[序 * 二无] = _1;
  var _2: u32;
  if subgroupShuffle(值, 零无) < 五零无 {
    _2 = subgroupMax(值);
  } else {
    _2 = subgroupMin(值);
  }
  结果[序 * 二无 + 一无] = _2;
}
