enable subgroups;

@group(0) @binding(0) var<storage, read_write> 浮出: array<f32>;
@group(0) @binding(1) var<storage, read_write> 无出: array<u32>;

const 一浮: f32 = 1.0f;
const 零浮: f32 = 0.0f;
const 一无: u32 = 1u;
const 零无: u32 = 0u;

fn 写浮(序: u32, k: u32, 值: f32) {
  浮出[序 * 6 + k] = 值;
}

fn 写无(序: u32, k: u32, 值: u32) {
  无出[序 * 6 + k] = 值;
}

@compute @workgroup_size(48)
fn 不满自检(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32) {
  let 序 = 号.x;
  let 浮道 = f32(道);
  let 个数 = subgroupAdd(一浮);
  let 道和 = subgroupAdd(道);
  let 和二 = subgroupAdd(vec2<f32>(一浮, 浮道));
  let 最大道 = subgroupMax(浮道);
  let 最小道 = subgroupMin(0i - i32(道));
  let 含和 = subgroupInclusiveAdd(浮道);
  let 前积 = subgroupExclusiveMul(2u);
  let 票 = subgroupBallot(道 >= 零无);
  let 全 = subgroupAll(道 < 32);
  let 选 = subgroupElect();
  写浮(序, 0, 个数);
  写浮(序, 1, 和二.x);
  写浮(序, 2, 和二.y);
  写浮(序, 3, 最大道);
  写浮(序, 4, 含和);
  写浮(序, 5, f32(最小道));
  写无(序, 0, 道和);
  写无(序, 1, 前积);
  写无(序, 2, 票.x);
  写无(序, 3, 票.y);
  写无(序, 4, select(零无, 一无, 全));
  写无(序, 5, select(零无, 一无, 选));
}
