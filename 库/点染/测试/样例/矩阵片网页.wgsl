enable f16;
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read> 甲源: array<u32>;
@group(0) @binding(1) var<storage, read> 乙源: array<u32>;
@group(0) @binding(2) var<storage, read> 乙转置源: array<u32>;
@group(0) @binding(3) var<storage, read> 累源: array<f32>;
@group(0) @binding(4) var<storage, read_write> 出: array<f32>;
@group(0) @binding(5) var<storage, read_write> 出二: array<f32>;
var<workgroup> 甲共享: array<f16, 1152>;
var<workgroup> 乙共享: array<f16, 1152>;
var<workgroup> 累共享: array<f32, 384>;

const 零无: u32 = 0u;
const 一无: u32 = 1u;
const 二无: u32 = 2u;
const 四无: u32 = 4u;
const 一六无: u32 = 16u;
const 二四无: u32 = 24u;
const 三二无: u32 = 32u;
const 六四无: u32 = 64u;
const 七二无: u32 = 72u;
const 二五六无: u32 = 256u;
const 五一二无: u32 = 512u;

fn 搬甲(序: u32) {
  搬(序);
}

fn 搬(i: u32) {
  var i_2 = i;
  loop {
    if i_2 < 五一二无 {
      let 对 = unpack2x16float(甲源[i_2]);
      let 位 = i_2 / 三二无 * 七二无 + i_2 % 三二无 * 二无;
      甲共享[位] = f16(对.x);
      甲共享[位 + 一无] = f16(对.y);
      i_2 = i_2 + 三二无;
      continue;
    } else {
      break;
    }
  }
}

fn 搬乙(序: u32) {
  搬_2(序);
}

fn 搬_2(i: u32) {
  var i_2 = i;
  loop {
    if i_2 < 五一二无 {
      let 对 = unpack2x16float(乙源[i_2]);
      let 位 = i_2 / 三二无 * 七二无 + i_2 % 三二无 * 二无;
      乙共享[位] = f16(对.x);
      乙共享[位 + 一无] = f16(对.y);
      i_2 = i_2 + 三二无;
      continue;
    } else {
      break;
    }
  }
}

fn 搬累(序: u32) {
  搬_3(序);
}

fn 搬_3(i: u32) {
  var i_2 = i;
  loop {
    if i_2 < 二五六无 {
      累共享[i_2 / 一六无 * 二四无 + i_2 % 一六无] = 累源[i_2];
      i_2 = i_2 + 三二无;
      continue;
    } else {
      break;
    }
  }
}

fn 写出(序: u32) {
  写(序);
}

fn 写(i: u32) {
  var i_2 = i;
  loop {
    if i_2 < 二五六无 {
      出[i_2] = 累共享[i_2 / 一六无 * 二四无 + i_2 % 一六无];
      i_2 = i_2 + 三二无;
      continue;
    } else {
      break;
    }
  }
}

fn 块乘(kk: u32, 累: subgroup_matrix_result<f32, 16, 16>) -> subgroup_matrix_result<f32, 16, 16> {
  var _1: subgroup_matrix_result<f32, 16, 16>;
  if kk < 二无 {
    let _2 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&甲源, kk * 一六无 / 2u, 六四无 / 2u);
    _1 = subgroupMatrixMultiplyAccumulate(_2, subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, col_major>(&乙源, kk * 一六无 / 2u, 六四无 / 2u), 累);
  } else {
    let _3 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&甲共享, kk * 一六无, 七二无);
    _1 = subgroupMatrixMultiplyAccumulate(_3, subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, col_major>(&乙共享, kk * 一六无, 七二无), 累);
  }
  return _1;
}

@compute @workgroup_size(32)
fn 网页乘(@builtin(local_invocation_index) 序: u32) {
  搬甲(序);
  搬乙(序);
  搬累(序);
  workgroupBarrier();
  var 格 = subgroupMatrixLoad<subgroup_matrix_result<f32, 16, 16>, row_major>(&累共享, 零无, 二四无);
  积(零无, &格);
  workgroupBarrier();
  subgroupMatrixStore<row_major>(&累共享, 零无, 格, 二四无);
  subgroupMatrixStore<row_major>(&出二, 零无, 转置积(零无, subgroup_matrix_result<f32, 16, 16>()), 一六无);
  workgroupBarrier();
  写出(序);
}

fn 积(kk: u32, 格: ptr<function, subgroup_matrix_result<f32, 16, 16>>) {
  var kk_2 = kk;
  loop {
    if kk_2 < 四无 {
      *格 = 块乘(kk_2, *格);
      kk_2 = kk_2 + 一无;
      continue;
    } else {
      break;
    }
  }
}

fn 转置积(kk: u32, 累: subgroup_matrix_result<f32, 16, 16>) -> subgroup_matrix_result<f32, 16, 16> {
  var kk_2 = kk;
  var 累_2 = 累;
  var _1: subgroup_matrix_result<f32, 16, 16>;
  loop {
    if kk_2 < 四无 {
      let _2 = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&甲源, kk_2 * 一六无 / 2u, 六四无 / 2u);
      累_2 = subgroupMatrixMultiplyAccumulate(_2, subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(&乙转置源, kk_2 * 二五六无 / 2u, 一六无 / 2u), 累_2);
      kk_2 = kk_2 + 一无;
      continue;
    } else {
      _1 = 累_2;
      break;
    }
  }
  return _1;
}
