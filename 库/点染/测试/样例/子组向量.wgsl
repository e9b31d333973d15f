enable subgroups;

@group(0) @binding(0) var<storage, read_write> 浮出: array<f32>;
@group(0) @binding(1) var<storage, read_write> 无出: array<u32>;
@group(0) @binding(2) var<storage, read_write> 整出: array<i32>;

const 一浮: f32 = 1.0f;
const 半浮: f32 = 0.5f;
const 零浮: f32 = 0.0f;
const 一无: u32 = 1u;

fn 写浮(序: u32, 甲: vec4<f32>, 乙: vec3<f32>, 丙: vec2<f32>, 丁: vec2<f32>) {
  let 基 = 序 * 12;
  浮出[基] = 甲.x;
  浮出[基 + 1] = 甲.y;
  浮出[基 + 2] = 甲.z;
  浮出[基 + 3] = 甲.w;
  浮出[基 + 4] = 乙.x;
  浮出[基 + 5] = 乙.y;
  浮出[基 + 6] = 乙.z;
  浮出[基 + 7] = 丙.x;
  浮出[基 + 8] = 丙.y;
  浮出[基 + 9] = 丁.x;
  浮出[基 + 10] = 丁.y;
}

fn 写无(序: u32, 甲: vec2<u32>, 乙: vec4<u32>) {
  let 基 = 序 * 6;
  无出[基] = 甲.x;
  无出[基 + 1] = 甲.y;
  无出[基 + 2] = 乙.x;
  无出[基 + 3] = 乙.y;
  无出[基 + 4] = 乙.z;
  无出[基 + 5] = 乙.w;
}

fn 写整(序: u32, 甲: vec3<i32>, 乙: vec3<i32>, 丙: vec2<i32>) {
  let 基 = 序 * 8;
  整出[基] = 甲.x;
  整出[基 + 1] = 甲.y;
  整出[基 + 2] = 甲.z;
  整出[基 + 3] = 乙.x;
  整出[基 + 4] = 乙.y;
  整出[基 + 5] = 乙.z;
  整出[基 + 6] = 丙.x;
  整出[基 + 7] = 丙.y;
}

@compute @workgroup_size(64)
fn 向量自检(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32) {
  let 序 = 号.x;
  let 浮道 = f32(道);
  let 浮序 = f32(序);
  let 整道 = i32(道);
  let 整序 = i32(序);
  let 和四 = subgroupAdd(vec4<f32>(浮道, 浮道 * 2.0, 一浮, 零浮 - 浮道));
  let 大二 = subgroupMax(vec2<u32>(道, 31 - 道));
  let 小三 = subgroupMin(vec3<i32>(整道 - 5, 10 - 整道, 7i));
  let 含三 = subgroupInclusiveAdd(vec3<i32>(1i, 整道, -2i));
  let 广二 = subgroupShuffle(vec2<f32>(浮序, 半浮), 3u);
  let 异四 = subgroupShuffleXor(vec4<u32>(序, 序 + 1, 序 + 2, 序 + 3), 一无);
  let 下三 = subgroupShuffleDown(vec3<f32>(浮序, 浮序 + 一浮, 浮道), 一无);
  let 奇 = f32((道 & 一无) + 一无);
  let 前积二 = subgroupExclusiveMul(vec2<f32>(奇, 一浮));
  let 上二 = subgroupShuffleUp(vec2<i32>(整序, 0i - 整序), 4u);
  写浮(序, 和四, select(vec3<f32>(零浮, 零浮, 零浮), 下三, 道 < 31), 广二, 前积二);
  写无(序, 大二, 异四);
  写整(序, 小三, 含三, select(vec2<i32>(0i, 0i), 上二, 道 >= 4));
}
