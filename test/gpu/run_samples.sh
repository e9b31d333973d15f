#!/usr/bin/env bash
# The GPU test: runs every compute sample of 库/点染/测试/样例 that has a 名。运行.json with
# `yusec run` and compares the buffers with the expected values (run_samples.py).
#   bash test/gpu/run_samples.sh YUSEC [PTX_DIR]
# PTX_DIR: use PTX_DIR/名.ptx (from test/gpu/gen_ptx.sh) instead of translating, for a yusec
# built without LLVM. Without a GPU (nvidia-smi fails, or yusec finds no usable driver) it
# prints 跳过 and exits 77 (ctest's SKIP_RETURN_CODE: reported as skipped, not passed).
set -u
yusec=$1
ptx_dir=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
samples=${YUSEC_SAMPLES_DIR:-$here/../../库/点染/测试/样例}
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "跳过：没有 GPU（nvidia-smi 不可用）"
  exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "失败：这台机器有 GPU，却没有 python3（run_samples.py 需要它）"
  exit 1
fi
exec python3 "$here/run_samples.py" "$yusec" "$samples" "$ptx_dir"
