#!/usr/bin/env bash
# On the H200: group8 (the committed PTX, stripes of 8 tile rows) against group16 (gen_gemm.py
# with GROUP = 16) beside the CUDA C kernels (GROUP 8), twice.
set -euo pipefail
work=$(mktemp -d)
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC -o $work/libgemm.so bench/gemm/gemm_ref.cu -L/usr/local/cuda/lib64/stubs -lcuda
for i in 1 2; do python3 bench/gemm/run_variants.py $work/libgemm.so 4096,8192 bench/gemm/variants/group8 bench/gemm/variants/group16; done
