#!/usr/bin/env bash
# On the H200, from the repository root:  bash bench/gemm/variants/run_stages.sh
# The stage-count sweep for 8192 (bench/gemm/README.md): the committed PTX of the 8-subgroup K32
# designs, 128×256 with 3, 4, 5, 6 stages and 256×128 with 4, 5, each beside the CUDA C kernel of
# the same design (run_variants.py: CUDA C timed before and after) and cuBLAS, twice in one call.
set -euo pipefail
work=$(mktemp -d)
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC -o "$work/libgemm.so" bench/gemm/gemm_ref.cu \
    -L/usr/local/cuda/lib64/stubs -lcuda
mkdir "$work/stages"
for d in 2_4_4_4_32_3 2_4_4_4_32_4 2_4_4_4_32_5 2_4_4_4_32_6 4_2_4_4_32_4 4_2_4_4_32_5; do
  cp "bench/gemm/矩阵乘_$d.ptx" "bench/gemm/矩阵乘_$d.json" "$work/stages/"
done
for i in 1 2; do python3 bench/gemm/run_variants.py "$work/libgemm.so" "${GEMM_SIZES:-8192,4096}" "$work/stages"; done
