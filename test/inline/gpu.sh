#!/usr/bin/env bash
# On the H200: 内联预算 compiled with -finline-budget=0 (「加格」 a .func called twice with a
# pointer to the caller's local, the PTX committed as 内联预算。千手) through yusec run.
#   bash test/inline/gpu.sh YUSEC
# Success: the line "0:0 数据 u32[8] = 890, 1587, 1938, 123458618, 2524, 1790, 4000002632, 2038"
# (内联预算。运行.json's expected values) and exit 0.
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
log=${OUT:-/tmp}/inline_run.txt
grep -q '^\.func' "$here/内联预算。千手" || { echo "失败：内联预算。千手 没有 .func"; exit 1; }
"$yusec" run "$here/内联预算。着色器。豫" -finline-budget=0 --ptx "$here/内联预算。千手" --entry 主入口 \
  --grid 2,1,1 --buffer 0:0=u32:5,17,1000,123456789,0,7,4000000000,42 >"$log" 2>&1
status=$?
cat "$log"
[ $status = 0 ] || exit $status
grep -qx "0:0 数据 u32\[8\] = 890, 1587, 1938, 123458618, 2524, 1790, 4000002632, 2038" "$log" ||
  { echo "失败：.func 调用的结果不对"; exit 1; }
echo "通过：内联预算之外的 .func 在 H200 上"
