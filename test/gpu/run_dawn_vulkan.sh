#!/usr/bin/env bash
# On the GPU machine (the H200 of the device tool), from the repository root:
#   bash test/gpu/run_dawn_vulkan.sh [DAWN_DIR]
# (the device tool: pack_dawn.sh here first, then one call with carry [".dev/dawn"] and the
# command `bash test/gpu/run_dawn_vulkan.sh`; test/gpu/test_compare_dry.sh dry-runs it in the suite)
# Runs every compute sample twice on the GPU — its PTX through `yusec run`, its golden WGSL
# through Dawn's Vulkan backend on the NVIDIA driver — and prints the table of
# test/gpu/compare_backends.py (each buffer against 名。运行.json and WGSL against PTX).
# DAWN_DIR (default .dev/dawn) is what test/gpu/pack_dawn.sh packed on a development machine.
# yusec: $YUSEC if set (e.g. /tmp/yusec-gpu-build/yusec after test/gpu/device.sh), else built
# here as device.sh does; without LLVM on the machine the PTX comes from test/gpu/generated. Logs and the table go to $OUT when set (the device tool's folder).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dawn=${1:-$root/.dev/dawn}
out=${OUT:-/tmp/yusec-dawn-out}
work=/tmp/yusec-dawn
mkdir -p "$out" "$work/sysroot" "$work/tools/node_modules/webgpu/dist/linux-x64"
[ -f "$dawn/node.xz" ] || { echo "失败：$dawn 里没有 node.xz（先在开发机上运行 test/gpu/pack_dawn.sh）"; exit 2; }

unxz_to() {  # unxz_to SRC DST (python3's lzma: the machine may have no xz)
  python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$1" "$2"
}
unxz_to "$dawn/node.xz" "$work/node" && chmod +x "$work/node"
cp "$dawn/webgpu/index.js" "$dawn/webgpu/package.json" "$work/tools/node_modules/webgpu/"
unxz_to "$dawn/webgpu/dist/linux-x64/dawn.node.xz" "$work/tools/node_modules/webgpu/dist/linux-x64/dawn.node"
cp "$root/test/tools/run_wgsl.mjs" "$work/tools/"   # so that 'webgpu' resolves to the copy above
undeb() {  # undeb DEB DIR: dpkg-deb -x, or Python (ar members, then data.tar.*) without dpkg
  if command -v dpkg-deb >/dev/null 2>&1; then dpkg-deb -x "$1" "$2"; return; fi
  python3 - "$1" "$2" <<'PY'
import io, sys, tarfile
data = open(sys.argv[1], "rb").read()
pos = 8  # "!<arch>\n", then 60-byte member headers
while pos < len(data):
    name, size = data[pos:pos + 16].strip().decode(), int(data[pos + 48:pos + 58])
    body = data[pos + 60:pos + 60 + size]
    if name.startswith("data.tar"):
        tarfile.open(fileobj=io.BytesIO(body)).extractall(sys.argv[2])
    pos += 60 + size + (size & 1)
PY
}
for deb in "$dawn"/debs/*.deb; do undeb "$deb" "$work/sysroot"; done
libs=$work/sysroot/usr/lib/x86_64-linux-gnu
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do [ -d "$d" ] && libs=$libs:$d; done
export LD_LIBRARY_PATH=$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
"$work/node" --version >"$out/dawn_node.txt" 2>&1
nvidia-smi -L >>"$out/dawn_node.txt" 2>&1

yusec=${YUSEC:-}
llvm=OFF
[ -d /usr/lib/llvm-19/lib/cmake/llvm ] && llvm=ON
ptx_dir=""
[ $llvm = OFF ] && ptx_dir=$root/test/gpu/generated   # a yusec without LLVM runs the committed PTX
if [ -z "$yusec" ]; then
  build=/tmp/yusec-gpu-build
  generator=Ninja
  command -v ninja >/dev/null 2>&1 || generator="Unix Makefiles"
  echo "== build yusec (LLVM $llvm)"
  if ! { cmake -S "$root" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=Debug -DYUSEC_BUILD_TESTS=OFF -DYUSEC_WITH_LSP=OFF \
           -DYUSEC_WITH_LLVM=$llvm -DCMAKE_C_COMPILER_LAUNCHER="$root/test/gpu/no_werror.sh" &&
         cmake --build "$build" -j "$(nproc)"; } >"$out/dawn_build.log" 2>&1; then
    tail -30 "$out/dawn_build.log"; exit 1
  fi
  yusec=$build/yusec
fi
echo "== PTX (yusec run${ptx_dir:+, PTX from $ptx_dir}) and WGSL (Dawn, Vulkan: $VK_DRIVER_FILES)"
python3 "$root/test/gpu/compare_backends.py" "$yusec" "$root/库/点染/测试/样例" "$ptx_dir" "$work/node" \
  "$work/tools/run_wgsl.mjs" "$work/runs" >"$out/dawn_vulkan.md" 2>"$out/dawn_vulkan.err"
status=$?
cat "$out/dawn_vulkan.md"
[ -s "$out/dawn_vulkan.err" ] && tail -20 "$out/dawn_vulkan.err"
cp "$work"/runs/*.wgsl.log "$out/" 2>/dev/null
exit $status
