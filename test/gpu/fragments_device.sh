#!/usr/bin/env bash
# On the GPU machine (no LLVM there), from the repository root:
#   bash test/gpu/fragments_device.sh
# builds yusec without the PTX plugin and runs test/gpu/fragments.py on the committed PTX
# goldens of the fragment samples (矩阵片。千手, 矩阵片整八。千手, 矩阵片元素。千手: exactly what
# yusec -emit-ptx writes).
# Success: every line "通过 …" and the summary "失败 0".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=/tmp/yusec-device-build  # one for every device script: device_build.sh builds incrementally
source "$root/test/gpu/device_build.sh"
device_build "$build" OFF /tmp/frag-build.log || exit 1
samples=$root/库/点染/测试/样例
exec python3 "$root/test/gpu/fragments.py" "$build/yusec" "$samples" golden
