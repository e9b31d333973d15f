enable f16;
enable subgroups;
enable chromium_experimental_subgroup_matrix;
diagnostic(off, subgroup_uniformity);
diagnostic(off, chromium.subgroup_matrix_uniformity);

@group(0) @binding(0) var<storage, read> 甲源: array<u32>;
@group(0) @binding(1) var<storage, read> 乙源: array<u32>;
@group(0) @binding(2) var<storage, read_write> 出: array<f32>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 三无: u32 = 3u;
const 四无: u32 = 4u;
const 八无: u32 = 8u;
const 一六无: u32 = 16u;
const 三二无: u32 = 32u;
const 六四无: u32 = 64u;

fn 看块(kk: u32, 道: u32) -> bool {
  let 基 = 道 / 二无 * 三二无 + kk * 八无 + 道 % 二无 * 四无;
  let 或 = 甲源[基] | 甲源[基 + 一无] | (甲源[基 + 二无] | 甲源[基 + 三无]);
  return 或 != 零无;
}

@compute @workgroup_size(32)
fn 投票乘(@builtin(subgroup_invocation_id) 道: u32) {
  let 全积 = 积(零无, subgroup_matrix_result<f32, 16, 16>(), 道);
  if subgroupAny(道 == 三无) {
    subgroupMatrixStore<row_major>(&出, 零无, 全积, 一六无);
  }
}

fn 积(kk: u32, 累: subgroup_matrix_result<f32, 16, 16>, 道: u32) -> subgroup_matrix_result<f32, 16, 16> {
  var kk_2 = kk;
  var 累_2 = 累;
  var _1: subgroup_matrix_result<f32, 16, 16>;
  loop {
    if kk_2 < 四无 {
      var _2: subgroup_matrix_result<f32, 16, 16>;
      if subgroupAny(看块(kk_2, 道)) {
        let _3 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&甲源, kk_2 * 一六无 / 2u, 六四无 / 2u);
        _2 = subgroupMatrixMultiplyAccumulate(_3, subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, col_major>(&乙源, kk_2 * 一六无 / 2u, 六四无 / 2u), 累_2);
      } else {
        _2 = 累_2;
      }
      kk_2 = kk_2 + 一无;
      累_2 = _2;
      continue;
    } else {
      _1 = 累_2;
      break;
    }
  }
  return _1;
}
