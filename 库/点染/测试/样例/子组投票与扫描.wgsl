enable subgroups;

@group(0) @binding(0) var<storage, read_write> 结果: array<u32>;
@group(0) @binding(1) var<storage, read_write> 浮结果: array<f32>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;

fn 写八(序: u32, k: u32, 值: u32) {
  结果[序 * 8 + k] = 值;
}

fn 位(真: bool, 权: u32) -> u32 {
  return select(零无, 权, 真);
}

@compute @workgroup_size(64)
fn 投票与扫描(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32, @builtin(subgroup_size) 大小: u32) {
  let 序 = 号.x;
  let 票 = subgroupBallot(道 < 5);
  let 全 = subgroupAll(道 < 大小);
  let 有 = subgroupAny(道 == 3);
  let 不全 = subgroupAll(道 < 3);
  let 无有 = subgroupAny(道 > 100);
  let 选 = subgroupElect();
  let 前和 = subgroupExclusiveAdd(道);
  let 含和 = subgroupInclusiveAdd(道);
  let 奇 = (道 & 一无) + 一无;
  let 前积 = subgroupExclusiveMul(奇);
  let 含积 = subgroupInclusiveMul(f32(奇));
  let 浮前和 = subgroupExclusiveAdd(f32(道));
  let 上 = subgroupShuffleUp(序, 一无);
  let 下 = subgroupShuffleDown(序, 二无);
  写八(序, 0, 票.x + 票.y + 票.z + 票.w);
  let _1 = 位(全, 1);
  let _2 = _1 + 位(有, 2);
  let _3 = _2 + 位(不全, 4);
  写八(序, 1, _3 + 位(无有, 8));
  写八(序, 2, 位(选, 1));
  写八(序, 3, 前和);
  写八(序, 4, 含和);
  写八(序, 5, 前积);
  写八(序, 6, select(零无, 上, 道 >= 一无));
  写八(序, 7, select(零无, 下, 道 + 二无 < 大小));
  浮结果[序 * 2] = 含积;
  浮结果[序 * 2 + 1] = 浮前和;
}
