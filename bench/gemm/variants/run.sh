#!/usr/bin/env bash
# On the H200, from the repository root: the A/B of the PTX variants in bench/gemm/variants/out/
# (made on the development machine by make_variants.sh, not committed), each beside the CUDA C
# kernel of its design (run_variants.py); the SASS of 2_4_4_4_64_3 per variant into $OUT/sass.
set -euo pipefail
here=bench/gemm
if ! compgen -G "$here/variants/out/*/矩阵乘_*.ptx" >/dev/null; then
  echo "没有 bench/gemm/variants/out/*/矩阵乘_*.ptx：先在有 LLVM 的机器上运行 bench/gemm/variants/make_variants.sh" >&2
  exit 2
fi
work=$(mktemp -d)
nvcc=/usr/local/cuda/bin/nvcc
$nvcc -O3 -arch=sm_90 -shared -Xcompiler -fPIC -o $work/libgemm.so $here/gemm_ref.cu -L/usr/local/cuda/lib64/stubs -lcuda
mkdir -p $OUT/sass
cuobjdump -sass $work/libgemm.so > $OUT/sass/nvcc_all.sass 2>&1 || true
for d in $here/variants/out/*/; do n=$(basename $d); for p in $d/矩阵乘_2_4_4_4_64_3.ptx; do
  /usr/local/cuda/bin/ptxas -arch=sm_90 $p -o $work/$n.cubin && cuobjdump -sass $work/$n.cubin > $OUT/sass/$n.sass || true; done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv
python3 $here/run_variants.py $work/libgemm.so ${SIZES:-4096,8192} $here/variants/out/*/
