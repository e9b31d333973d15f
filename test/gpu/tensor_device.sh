#!/usr/bin/env bash
# On the GPU machine (an H100 or H200: the PTX is sm_90a; no LLVM there), from the repository root:
#   bash test/gpu/tensor_device.sh
# builds yusec without the PTX plugin and runs test/gpu/tensor.py on the committed PTX goldens
# of the tensor tile samples (张量片。千手, 张量片边界。千手: exactly what yusec -emit-ptx writes),
# then test/gpu/warpgroups.py on the warpgroup samples' goldens (张量片异步。千手: 张量片异步乘加
# in both layouts; 线程束组。千手: 384 threads, two warpgroups of four tiles; 张量片异步宽。千手:
# runs of four and three async MMAs issued as one m64n256k16 / m64n192k16), then the
# exact-integer run of 张量片。运行.json through test/gpu/run_samples.py.
# Success: every line "通过 …" and the summaries "失败 0".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=/tmp/yusec-device-build  # one for every device script: device_build.sh builds incrementally
source "$root/test/gpu/device_build.sh"
device_build "$build" OFF /tmp/tensor-build.log || exit 1
samples=$root/库/点染/测试/样例
nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader || true
python3 "$root/test/gpu/tensor.py" "$build/yusec" "$samples" golden
status=$?
python3 "$root/test/gpu/warpgroups.py" "$build/yusec" "$samples" golden || status=1
spec=$samples/张量片。运行.json
run=$(python3 - "$spec" <<'PY'
import json, sys
s = json.load(open(sys.argv[1], encoding="utf-8"))
print(s["entry"])
PY
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$spec" "$tmp" <<'PY'
import json, struct, sys, os
s = json.load(open(sys.argv[1], encoding="utf-8"))
for b in s["buffers"]:
    with open(os.path.join(sys.argv[2], "%d.in" % b["binding"]), "wb") as f:
        f.write(struct.pack("<%df" % len(b["init"]), *b["init"]))
PY
"$build/yusec" run "$samples/张量片。着色器。豫" --ptx "$samples/张量片。千手" --entry "$run" --grid 1 \
  --buffer 0:0=f32:@"$tmp/0.in" --buffer 0:1=f32:@"$tmp/1.in" --buffer 0:2=f32:@"$tmp/2.in" --out 0:2="$tmp/2.out" ||
  exit 1
python3 - "$spec" "$tmp/2.out" <<'PY' || status=1
import json, struct, sys
s = json.load(open(sys.argv[1], encoding="utf-8"))
want = s["buffers"][2]["expect"]
raw = open(sys.argv[2], "rb").read()
got = struct.unpack("<%df" % (len(raw) // 4), raw)
bad = [i for i in range(len(want)) if got[i] != want[i]]
print("张量片。运行.json：%d 个元素，失败 %d%s" % (len(want), len(bad), "" if not bad else "（首个：丙[%d] 得 %r 应为 %r）" % (bad[0], got[bad[0]], want[bad[0]])))
sys.exit(1 if bad else 0)
PY
exit $status
