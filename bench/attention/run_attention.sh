#!/usr/bin/env bash
# On the H200, from the repository root:  bash bench/attention/run_attention.sh
# Runs run_attention.py on the committed PTX and manifests of bench/attention (made on the
# development machine by gen_ptx.sh, which has LLVM): the 豫言 FlashAttention-2 forward and
# split-KV decode against torch SDPA (flash, cuDNN where present); prints the two tables.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/run_attention.py" "$here"
