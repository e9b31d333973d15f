#!/usr/bin/env bash
# On the development machine (LLVM 19): writes the 豫言 GEMM variants the benchmark runs, their
# PTX and their manifests (committed; the GPU machine has no LLVM). Each variant is named after
# its six numbers (gen_gemm.py): 矩阵乘_WM_WN_MI_NJ_BK_STAGES。着色器。豫 / .ptx / .json; the
# manifest gives the dynamic shared memory a launch needs. The designs are designs.txt's lines
# (six numbers each); gemm_ref.cu's REF table lists the same designs (run_gemm.py pairs them by
# the six numbers). check_committed.sh (ctest bench.gemm_committed) checks that the committed
# files are what this script writes now.
#   bash bench/gemm/gen_ptx.sh build/yusec
set -euo pipefail
yusec=$(realpath "$1")
cd "$(dirname "$0")"  # the manifests name their sources relative to bench/gemm
while read -r args; do
  stem="矩阵乘_${args// /_}"
  python3 gen_gemm.py $args > "$stem。着色器。豫"
  "$yusec" -emit-ptx -arch=sm_90 "$stem。着色器。豫" -o "$stem.ptx" 2>/dev/null
  "$yusec" --entries=json "$stem。着色器。豫" -o "$stem.json"
done < designs.txt
