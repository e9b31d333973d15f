#!/usr/bin/env bash
# On the H200, from the repository root:  bash bench/gemm/run_gemm.sh
# Builds gemm_ref.cu as a shared library (nvcc -O3 -arch=sm_90) and runs run_gemm.py on the
# committed PTX bench/gemm/矩阵乘_*.ptx and manifests 矩阵乘_*.json (made on the development machine by
# bench/gemm/gen_ptx.sh, which has LLVM).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=$(mktemp -d)
cuda_root=$(dirname "$(dirname "$nvcc")")
"$nvcc" -O3 -arch=sm_90 -shared -Xcompiler -fPIC -o "$work/libgemm.so" "$here/gemm_ref.cu" \
        -L"$cuda_root/lib64/stubs" -lcuda
python3 "$here/run_gemm.py" "$work/libgemm.so" "$here" "${GEMM_SIZES:-4096,8192}"
