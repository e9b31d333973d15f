#!/usr/bin/env bash
# On the GPU machine: builds the real-world suite's driver (real.cu + cases/*.cu, nvcc -O3
# -arch=sm_90) and runs it on the PTX in generated/ (or $REAL_PTX_DIR). Prints the table;
# $OUT/real.csv when OUT is set. Arguments go to the driver (--rounds N, --only a,b).
#   bash bench/real/run_real.sh [--rounds 30] [--only atax_col]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "跳过：没有 GPU（nvidia-smi 不可用）"
  exit 0
fi
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=$(command -v nvcc) || { echo "没有 nvcc"; exit 2; }
work=$(mktemp -d)
"$nvcc" -O3 -arch=sm_90 -std=c++17 -o "$work/real" "$here/real.cu" "$here"/cases/*.cu \
        -L"$(dirname "$(dirname "$nvcc")")/lib64/stubs" -lcuda
echo "PTX: ${REAL_PTX_DIR:-$here/generated} ($(cat "${REAL_PTX_DIR:-$here/generated}/VERSION" 2>/dev/null || echo '?'))"
csv=()
[ -n "${OUT:-}" ] && csv=(--csv "$OUT/real.csv")
"$work/real" --ptx-dir "${REAL_PTX_DIR:-$here/generated}" "${csv[@]}" "$@"
