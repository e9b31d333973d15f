#!/usr/bin/env bash
# On the H200 (or an H100), from the repository root:  bash bench/gemm/hopper/run_wgmma.sh [SIZE…]
# Builds wgmma_ref.cu (the CUDA C twin, cuBLAS and the timing harness; nvcc, sm_90a) and runs it on
# the committed 豫言 PTX 矩阵乘_线程束组.ptx (made on the development machine by gen_ptx.sh), at
# 4096 and 8192 unless sizes are given (multiples of 512). Prints the checks, then per size the
# burst and ≥ 2 s sustained TFLOP/s of 豫言, CUDA C, cuBLAS f16→f32 and f16→f16, and the ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cuda_root=$(dirname "$(dirname "$nvcc")")
"$nvcc" -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -o "$work/wgmma_gemm" "$here/wgmma_ref.cu" \
        -lcublas -L"$cuda_root/lib64/stubs" -lcuda
kernel=$(python3 -c 'import json,sys; print(next(e["ptx_name"] for e in json.load(open(sys.argv[1]))["entries"] if e["stage"] == "compute"))' \
         "$here/矩阵乘_线程束组.json")
"$work/wgmma_gemm" "$here/矩阵乘_线程束组.ptx" "$kernel" "$@"
