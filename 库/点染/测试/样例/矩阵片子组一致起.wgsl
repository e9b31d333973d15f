enable f16;
enable subgroups;
enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);

@group(0) @binding(0) var<storage, read> 源: array<u32>;
@group(0) @binding(1) var<storage, read_write> 出: array<f32>;

const 一六无: u32 = 16u;
const 三二无: u32 = 32u;
const 二五六无: u32 = 256u;

@compute @workgroup_size(64)
fn 块乘(@builtin(local_invocation_index) 序: u32) {
  let 块 = subgroupMin(序 / 三二无);
  let 起 = 块 * 二五六无;
  let _1 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&源, 起 / 2u, 一六无 / 2u);
  let _2 = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, col_major>(&源, 起 / 2u, 一六无 / 2u);
  subgroupMatrixStore<row_major>(&出, 起, subgroupMatrixMultiplyAccumulate(_1, _2, subgroup_matrix_result<f32, 16, 16>()), 一六无);
}
