#!/usr/bin/env bash
# Regenerates the committed PTX and manifests of the Hopper GEMMs (the H200 has no LLVM):
#   bash bench/gemm/hopper/gen_ptx.sh build/yusec
set -euo pipefail
yusec=$(realpath "${1:?usage: gen_ptx.sh YUSEC}")
cd "$(dirname "$0")"
for stem in 矩阵乘_线程束组 矩阵乘_张量载入 矩阵乘_张量载入脑浮 矩阵乘_张量载入常驻; do
  "$yusec" -emit-ptx "$stem。着色器。豫" -o "$stem.ptx" 2>/dev/null
  "$yusec" --entries=json "$stem。着色器。豫" -o "$stem.json"
done
