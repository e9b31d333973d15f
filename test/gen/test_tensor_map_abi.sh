#!/usr/bin/env bash
# How the host side sees a tensor-map binding (docs/targets.md § TMA): the manifest (-emit=json)
# and --entries=json give kind "tensor_map" with its element, rank, box, swizzle and that it
# holds a CUtensorMap; the -emit=h header has the box constants and compiles (gcc -std=c11);
# `yusec run --dry-run` shows the tensor and the box it will encode.
#   test_tensor_map_abi.sh YUSEC SOURCE_DIR
set -u
yusec=$1
sample=$2/库/点染/测试/样例/张量载入。着色器。豫
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
expect() {  # expect NAME FILE TEXT
  if grep -qF -- "$3" "$2"; then echo "通过 $1"; else echo "失败 $1：$2 里没有 $3"; cat "$2"; failed=$((failed + 1)); fi
}
line='{"name": "甲图", "kind": "tensor_map", "group": 0, "binding": 0, "msl": "buffer", "msl_index": 0, "element": "f16", "rank": 2, "box": [64, 64], "swizzle": 128, "holds": "CUtensorMap in global memory", "type": "array<f16>", "ptx_param": {"载入口": 0}}'
"$yusec" --entries=json "$sample" >"$work/entries.json" 2>&1
expect entries-json "$work/entries.json" "$line"
"$yusec" -emit=h,json "$sample" -o-dir "$work" >"$work/emit.log" 2>&1
expect 清单 "$work/张量载入.json" "$line"
for define in "#define 张量载入_甲图_RANK 2u" "#define 张量载入_甲图_BOX_ROWS 64u" "#define 张量载入_甲图_BOX_COLS 64u" \
              "#define 张量载入_甲图_SWIZZLE 128u" "#define 张量载入_甲图_ELEMENT_BYTES 2u" \
              "/* 甲图: tensor_map, array<f16> */" "holds a CUtensorMap (128 bytes, 64-byte aligned) in global memory"; do
  expect "头文件 $define" "$work/张量载入.h" "$define"
done
if command -v gcc >/dev/null 2>&1; then
  printf '#include "张量载入.h"\n_Static_assert(张量载入_甲图_BOX_ROWS * 张量载入_甲图_BOX_COLS * 张量载入_甲图_ELEMENT_BYTES == 8192, "box");\n' >"$work/use.c"
  if gcc -std=c11 -Wall -Werror -I "$work" -c "$work/use.c" -o /dev/null 2>"$work/cc.err"; then echo "通过 头文件编译"
  else echo "失败 头文件编译"; cat "$work/cc.err"; failed=$((failed + 1)); fi
fi
"$yusec" run "$sample" --dry-run --buffer 0:0=u32:3840*0 --shape 0:0=96x80 --buffer 0:1=f32:8192*0 >"$work/plan" 2>&1
expect 运行计划 "$work/plan" "参数 0：0:0 甲图 storage_read u32[3840]（15360 字节） 张量映射：96x80 个 2 字节的元素，盒 64x64，交错 128 字节（内核得到 CUtensorMap 的设备副本）"
"$yusec" run "$sample" --dry-run --buffer 0:0=u32:3840*0 --buffer 0:1=f32:8192*0 >"$work/plan" 2>&1
expect 运行计划缺形状 "$work/plan" "张量映射 0:0（甲图）要用 --shape 0:0=行数x列数 给出张量的形状"
[ "$failed" -eq 0 ]
