#!/usr/bin/env bash
# On the GPU machine: builds the timing harness with nvcc and times yusec's PTX
# (bench/generated, made on the development machine by bench/gen_ptx.sh) against the same
# kernels in CUDA C (bench/ref.cu, nvcc -O3 -arch=sm_90), with a device-to-device copy as the
# bandwidth ceiling. Prints the table; the CSV goes to $OUT/bench.csv when OUT is set, and
# bench/chart.py draws it as $OUT/bench.svg (GB/s of yusec and nvcc per kernel; gnuplot).
#   bash bench/run_bench.sh
# Environment: BENCH_MIB (buffer size, default 1024), BENCH_REPS (timed runs, default 30),
# YUSEC (a yusec with the PTX target: regenerate the PTX here first), NVCC.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "跳过：没有 GPU（nvidia-smi 不可用）"
  exit 0
fi
nvcc=${NVCC:-}
if [ -z "$nvcc" ]; then
  for c in /usr/local/cuda/bin/nvcc "$(command -v nvcc || true)"; do
    if [ -n "$c" ] && [ -x "$c" ]; then nvcc=$c; break; fi
  done
fi
[ -n "$nvcc" ] || { echo "没有 nvcc"; exit 2; }
work=$(mktemp -d)
ptx_dir=$here/generated
if [ -n "${YUSEC:-}" ]; then
  ptx_dir=$work/ptx
  mkdir -p "$ptx_dir"
  for src in "$here"/*。着色器。豫; do
    "$YUSEC" -emit-ptx -arch=sm_90 "$src" -o "$ptx_dir/$(basename "$src" 。着色器。豫).ptx"
  done
fi
echo "PTX from $ptx_dir ($(cat "$here/generated/VERSION" 2>/dev/null || echo '?'))"
cuda_root=$(dirname "$(dirname "$nvcc")")
"$nvcc" -O3 -arch=sm_90 -o "$work/harness" "$here/harness.cu" "$here/ref.cu" \
        -L"$cuda_root/lib64/stubs" -lcuda
csv=${OUT:-$work}/bench.csv
"$work/harness" --ptx-dir "$ptx_dir" --mib "${BENCH_MIB:-1024}" --reps "${BENCH_REPS:-30}" --csv "$csv"
python3 "$here/chart.py" bars "$csv" "${OUT:-$work}/bench.svg" --category kernel \
        --series yusec_GBps,nvcc_GBps --title "yusec 与 nvcc -O3：带宽（H200，${BENCH_MIB:-1024} MiB）" \
        --ylabel GB/s || echo "没有画图（见上面 chart.py 的报错）"
