enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read> 整甲源: array<u32>;
@group(0) @binding(1) var<storage, read> 整乙源: array<u32>;
@group(0) @binding(2) var<storage, read_write> 整出: array<u32>;
var<workgroup> 整甲: array<u32, 256>;
var<workgroup> 整乙: array<u32, 256>;
var<workgroup> 整累: array<u32, 256>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 八无: u32 = 8u;
const 一六无: u32 = 16u;
const 三二无: u32 = 32u;
const 二五六无: u32 = 256u;
const 整累初值: u32 = 1262485504u;

@compute @workgroup_size(32)
fn 整八乘(@builtin(local_invocation_index) 序: u32) {
  搬(序);
  workgroupBarrier();
  subgroupMatrixStore<row_major>(&整累, 零无, 积(零无, subgroup_matrix_result<i32, 16, 16>(bitcast<i32>(整累初值))), 一六无);
  workgroupBarrier();
  写(序);
}

fn 搬(i: u32) {
  var i_2 = i;
  loop {
    if i_2 < 二五六无 {
      整甲[i_2] = 整甲源[i_2];
      整乙[i_2] = 整乙源[i_2];
      i_2 = i_2 + 三二无;
      continue;
    } else {
      break;
    }
  }
}

fn 积(kk: u32, 累: subgroup_matrix_result<i32, 16, 16>) -> subgroup_matrix_result<i32, 16, 16> {
  var kk_2 = kk;
  var 累_2 = 累;
  var _1: subgroup_matrix_result<i32, 16, 16>;
  loop {
    if kk_2 < 二无 {
      let _2 = subgroupMatrixLoad<subgroup_matrix_left<i8, 32, 16>, row_major>(&整甲, kk_2 * 八无, 一六无);
      累_2 = subgroupMatrixMultiplyAccumulate(_2, subgroupMatrixLoad<subgroup_matrix_right<i8, 16, 32>, col_major>(&整乙, kk_2 * 八无, 一六无), 累_2);
      kk_2 = kk_2 + 一无;
      continue;
    } else {
      _1 = 累_2;
      break;
    }
  }
  return _1;
}

fn 写(i: u32) {
  var i_2 = i;
  loop {
    if i_2 < 二五六无 {
      整出[i_2] = 整累[i_2];
      i_2 = i_2 + 三二无;
      continue;
    } else {
      break;
    }
  }
}
