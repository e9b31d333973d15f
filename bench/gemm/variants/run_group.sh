#!/usr/bin/env bash
# On the H200: group8 (the committed PTX, stripes of 8 tile rows) against group16 (gen_gemm.py
# with GEMM_GROUP=16) beside the CUDA C kernels (GROUP 8), twice. Both directories are made on
# the development machine by make_group.sh (bench/gemm/variants/out/, not committed).
set -euo pipefail
for d in group8 group16; do
  if ! compgen -G "bench/gemm/variants/out/$d/矩阵乘_*.ptx" >/dev/null; then
    echo "没有 bench/gemm/variants/out/$d：先在有 LLVM 的机器上运行 bench/gemm/variants/make_group.sh" >&2
    exit 2
  fi
done
work=$(mktemp -d)
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC -o $work/libgemm.so bench/gemm/gemm_ref.cu -L/usr/local/cuda/lib64/stubs -lcuda
for i in 1 2; do python3 bench/gemm/run_variants.py $work/libgemm.so 4096,8192 bench/gemm/variants/out/group8 bench/gemm/variants/out/group16; done
