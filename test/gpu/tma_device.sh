#!/usr/bin/env bash
# On the GPU machine (an H100 or H200: the PTX is sm_90a; no LLVM there), from the repository root:
#   bash test/gpu/tma_device.sh
# builds yusec without the PTX plugin and runs, through `yusec run` with the committed PTX goldens
# (exactly what yusec -emit-ptx writes):
#   张量载入: TMA loads of a 64 × 64 f16 box with the 128-byte swizzle and of one that crosses
#     the tensor's edges (zero fill) into 1024-aligned shared memory, an mbarrier with expect_tx,
#     every thread waiting on the phase, the tile copied out in logical order; the GPU's output
#     must equal test/gpu/tma_data.py's values and the CPU executor's output bit for bit;
#   异步屏障: two mbarriers, two phases; the GPU's output must equal the executor's.
# Success: four lines "通过 …" and "失败 0".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=/tmp/yusec-device-build  # one for every device script: device_build.sh builds incrementally
source "$root/test/gpu/device_build.sh"
device_build "$build" OFF /tmp/tma-build.log || exit 1
yusec=$build/yusec
samples=$root/库/点染/测试/样例
nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader || true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
same() {  # same NAME A B
  if cmp -s "$2" "$3"; then echo "通过 $1"; else echo "失败 $1：$2 与 $3 不同"; failures=$((failures + 1)); fi
}

python3 "$root/test/gpu/tma_data.py" "$tmp/甲.bin" "$tmp/预期.bin"
load=(--buffer 0:0=u32:@"$tmp/甲.bin" --shape 0:0=96x80 --buffer 0:1=f32:8192*0)
"$yusec" run "$samples/张量载入。着色器。豫" --ptx "$samples/张量载入。千手" "${load[@]}" --out 0:1="$tmp/gpu.bin" ||
  failures=$((failures + 1))
"$yusec" run "$samples/张量载入。着色器。豫" --device=cpu "${load[@]}" --out 0:1="$tmp/cpu.bin" || failures=$((failures + 1))
same "张量载入：GPU 与预期值" "$tmp/gpu.bin" "$tmp/预期.bin"
same "张量载入：GPU 与 CPU 执行器" "$tmp/gpu.bin" "$tmp/cpu.bin"

"$yusec" run "$samples/异步屏障。着色器。豫" --ptx "$samples/异步屏障。千手" --buffer 0:0=u32:128*0 --out 0:0="$tmp/b-gpu.bin" ||
  failures=$((failures + 1))
"$yusec" run "$samples/异步屏障。着色器。豫" --device=cpu --buffer 0:0=u32:128*0 --out 0:0="$tmp/b-cpu.bin" ||
  failures=$((failures + 1))
same "异步屏障：GPU 与 CPU 执行器" "$tmp/b-gpu.bin" "$tmp/b-cpu.bin"
python3 - "$tmp/b-gpu.bin" <<'PY' && echo "通过 异步屏障：GPU 的值" || { echo "失败 异步屏障：GPU 的值"; failures=$((failures + 1)); }
import struct, sys
got = struct.unpack("<128I", open(sys.argv[1], "rb").read())
want = [((i + 1) % 64) ** 2 + 1 for i in range(64)] + [(63 - i) ** 2 + 1 for i in range(64)]
sys.exit(0 if list(got) == want else 1)
PY
echo "失败 $failures"
[ "$failures" -eq 0 ]
