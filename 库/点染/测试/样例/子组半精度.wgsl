enable f16;
enable subgroups;

@group(0) @binding(0) var<storage, read_write> 浮出: array<f32>;

const 一半: f16 = f16(1.0);
const 二半: f16 = f16(2.0);
const 零半: f16 = f16(0.0);

fn 写(序: u32, k: u32, 值: f16) {
  浮出[序 * 14u + k] = f32(值);
}

@compute @workgroup_size(64)
fn 半精度子组(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32) {
  let 序 = 号.x;
  let h = f16(道 & 7u);
  let 半和 = subgroupAdd(h);
  let 和四 = subgroupAdd(vec4<f16>(h, 一半, h * f16(0.5), 零半 - h));
  let 含三 = subgroupInclusiveAdd(vec3<f16>(一半, h, 二半));
  let 洗二 = subgroupShuffle(vec2<f16>(h, 零半 - h), 道 ^ 2u);
  let 大 = subgroupMax(h);
  let 下三 = subgroupShuffleDown(vec3<f16>(h, h + 一半, h + 二半), 1u);
  let 下 = select(vec3<f16>(零半, 零半, 零半), 下三, 道 < 31u);
  写(序, 0u, 半和);
  写(序, 1u, 和四.x);
  写(序, 2u, 和四.y);
  写(序, 3u, 和四.z);
  写(序, 4u, 和四.w);
  写(序, 5u, 含三.x);
  写(序, 6u, 含三.y);
  写(序, 7u, 含三.z);
  写(序, 8u, 洗二.x);
  写(序, 9u, 洗二.y);
  写(序, 10u, 大);
  写(序, 11u, 下.x);
  写(序, 12u, 下.y);
  写(序, 13u, 下.z);
}
