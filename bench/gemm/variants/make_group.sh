#!/usr/bin/env bash
# Experiment: rasterisation stripes of 8 against 16 tile rows, timed on the H200 by run_group.sh.
# Writes out/group8 (the committed PTX and manifests of bench/gemm, GROUP 8) and out/group16
# (gen_gemm.py with GEMM_GROUP=16 through the given yusec) for four designs; out/ is not
# committed (the GPU machine has no LLVM, so make it here and copy it along).
#   bash bench/gemm/variants/make_group.sh build/yusec
set -euo pipefail
Y=$(realpath "$1")
V=$(cd "$(dirname "$0")" && pwd)
G=$(dirname "$V")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$V/out/group8" "$V/out/group16"
mkdir -p "$V/out/group8" "$V/out/group16"
for six in 2_2_4_4_64_3 2_4_4_4_32_4 2_4_4_4_64_3 4_2_4_4_32_4; do
  s="矩阵乘_$six"
  cp "$G/$s.ptx" "$G/$s.json" "$V/out/group8/"
  (cd "$tmp" && GEMM_GROUP=16 python3 "$G/gen_gemm.py" ${six//_/ } > "$s。着色器。豫" &&
   "$Y" -emit-ptx -arch=sm_90 "$s。着色器。豫" -o "$V/out/group16/$s.ptx" 2>/dev/null &&
   "$Y" --entries=json "$s。着色器。豫" -o "$V/out/group16/$s.json")
done
