#!/usr/bin/env bash
# On the H200: the PTX of 越界 with -fbounds-check (committed as 越界。千手) through yusec run;
# out-of-bounds reads take 源's last element and out-of-bounds writes land on 汇's last one.
#   bash test/bounds/gpu.sh YUSEC
# Success: the line "0:1 汇 u32[8] = 107, 108, 109, 110, 110, 110, 110, 110" and exit 0.
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
"$yusec" run "$here/越界。着色器。豫" -fbounds-check --ptx "$here/越界。千手" --entry 搬入口 \
  --buffer 0:0=u32:7,8,9,10 --buffer 0:1=u32:8*0 >"${OUT:-/tmp}/bounds_run.txt" 2>&1
status=$?
cat "${OUT:-/tmp}/bounds_run.txt"
[ $status = 0 ] || exit $status
grep -qx "0:1 汇 u32\[8\] = 107, 108, 109, 110, 110, 110, 110, 110" "${OUT:-/tmp}/bounds_run.txt" ||
  { echo "失败：越界的结果不对"; exit 1; }
echo "通过：-fbounds-check 在 H200 上"
