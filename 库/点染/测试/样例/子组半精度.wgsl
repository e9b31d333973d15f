enable f16;
enable subgroups;

@group(0) @binding(0) var<storage, read_write> 浮出: array<f32>;

const 一半: f16 = f16(1.0);
const 二半: f16 = f16(2.0);
const 零半: f16 = f16(0.0);

fn 写(序: u32, k: u32, 值: f16) {
  浮出[序 * 14 + k] = f32(值);
}

@compute @workgroup_size(64)
fn 半精度子组(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32) {
  let 序 = 号.x;
  let h = f16(道 & 7);
  let 半和 = subgroupAdd(h);
  let 和四 = subgroupAdd(vec4<f16>(h, 一半, h * 0.5, 零半 - h));
  let 含三 = subgroupInclusiveAdd(vec3<f16>(一半, h, 二半));
  let 洗二 = subgroupShuffle(vec2<f16>(h, 零半 - h), 道 ^ 2);
  let 大 = subgroupMax(h);
  let 下三 = subgroupShuffleDown(vec3<f16>(h, h + 一半, h + 二半), 1u);
  let 下 = select(vec3<f16>(零半, 零半, 零半), 下三, 道 < 31);
  写(序, 0, 半和);
  写(序, 1, 和四.x);
  写(序, 2, 和四.y);
  写(序, 3, 和四.z);
  写(序, 4, 和四.w);
  写(序, 5, 含三.x);
  写(序, 6, 含三.y);
  写(序, 7, 含三.z);
  写(序, 8, 洗二.x);
  写(序, 9, 洗二.y);
  写(序, 10, 大);
  写(序, 11, 下.x);
  写(序, 12, 下.y);
  写(序, 13, 下.z);
}
