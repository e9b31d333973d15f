#!/usr/bin/env bash
# On the development machine (LLVM 19): writes the 豫言 GEMM variants the benchmark runs and
# their PTX (committed; the GPU machine has no LLVM).
#   bash bench/gemm/gen_ptx.sh build/yusec
set -euo pipefail
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
# stem: WM WN MI NJ BK STAGES (gen_gemm.py); run_gemm.py and gemm_ref.cu list the same.
while read -r stem args; do
  python3 "$here/gen_gemm.py" $args > "$here/$stem。着色器。豫"
  "$yusec" -emit-ptx -arch=sm_90 "$here/$stem。着色器。豫" -o "$here/$stem.ptx" 2>/dev/null
done <<'LIST'
矩阵乘 2 4 4 2 32 2
矩阵乘大片 2 2 4 4 32 2
矩阵乘四级 2 2 4 4 16 4
矩阵乘四级八束 2 4 4 2 16 4
LIST
