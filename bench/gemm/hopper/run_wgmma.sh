#!/usr/bin/env bash
# On the H200 (or an H100), from the repository root:  bash bench/gemm/hopper/run_wgmma.sh [SIZE…]
# Builds the harness (harness.cu with the CUDA C twins wgmma_ref.cu and tma_twin.cu; nvcc, sm_90a,
# cuBLAS, the driver API) and runs it on the committed 豫言 PTX listed in YUSEC_KERNELS below (made
# on the development machine by gen_ptx.sh; each with its .json manifest), at 4096 and 8192 unless
# sizes are given (multiples of 1024), for f16 and bf16 inputs (INPUTS=f16 or INPUTS=bf16 for one).
# Prints the checks, then per size a table of burst and ≥ 2 s sustained TFLOP/s of every kernel with
# the ratios to cuBLAS with the same inputs and a 16-bit output and to the TMA n256 twin of the same
# inputs (n256p for the persistent kernels). Extra harness options go in HARNESS_ARGS (e.g.
# HARNESS_ARGS='--kernels n64,n256,blas16').
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cuda_root=$(dirname "$(dirname "$nvcc")")
"$nvcc" -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Xcompiler -fopenmp -o "$work/hopper_gemm" \
        "$here/harness.cu" "$here/wgmma_ref.cu" "$here/tma_twin.cu" \
        -lcublas -L"$cuda_root/lib64/stubs" -lcuda -lgomp 2>&1 | grep -E 'registers|spill|warning|error' || true
[ -x "$work/hopper_gemm" ] || { echo "build failed" >&2; exit 1; }
# 豫言 kernels: LABEL STEM TILE (the tile of C one workgroup computes; ROWSxCOLSp: a persistent kernel,
# launched on min(SM count, tiles) workgroups); yusec_args.py reads the input type (f16 or bf16) from the PTX.
YUSEC_KERNELS=(
  "64x64-cp.async 矩阵乘_线程束组 64x64"
  "TMA 矩阵乘_张量载入 128x256"
  "TMA-bf16 矩阵乘_张量载入脑浮 128x256"
  "TMA-persist 矩阵乘_张量载入常驻 128x256p"
)
args=()
for spec in "${YUSEC_KERNELS[@]}"; do
  read -r label stem tile <<<"$spec"
  listed=$(python3 "$here/yusec_args.py" "$label" "$here/$stem.ptx" "$here/$stem.json" "$tile")
  mapfile -t more <<<"$listed"
  args+=("${more[@]}")
done
# shellcheck disable=SC2086
timeout 230 "$work/hopper_gemm" "${args[@]}" --inputs "${INPUTS:-f16,bf16}" ${HARNESS_ARGS:-} "$@"
