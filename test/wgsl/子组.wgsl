enable f16;
enable subgroups;

@group(0) @binding(0) var<storage, read_write> 数据: array<f32>;
@group(0) @binding(1) var<storage, read_write> 半数: array<f16>;

@compute @workgroup_size(32)
fn 主(@builtin(global_invocation_id) 号: vec3<u32>, @builtin(subgroup_invocation_id) 道: u32, @builtin(subgroup_size) 宽: u32) {
  let _1 = 号.x;
  let 值 = 数据[_1];
  let 和 = subgroupAdd(值);
  let _2 = subgroupMax(subgroupShuffle(subgroupShuffleXor(和, 1u), 道 ^ 1u)) + f32(宽);
  数据[_1] = _2;
  半数[_1] = f16(_2);
}
