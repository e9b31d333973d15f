#!/usr/bin/env bash
# The llvmpipe leg of the differential campaign on the GPU machine's 16 CPU cores
# (docs/testing.md): executor vs WGSL on Mesa's llvmpipe through Dawn's GLES backend. The device
# has neither Node, Dawn nor Mesa, so they are packed here and carried:
#   bash test/diff/llvmpipe_campaign.sh pack [DIR]
#       here (Debian 12): this machine's node, npm webgpu's dawn.node, and Mesa's EGL + llvmpipe
#       with the libraries they load that an Ubuntu 24.04 device lacks, into DIR (.dev/llvmpipe-pack).
#       libz3 is replaced by a library of the same name whose functions abort: only LLVM's Z3
#       solver (clang's static analyzer) calls them, never llvmpipe, and the real one (7 MB
#       compressed) would not fit the device tool's 64 MiB.
#   bash test/diff/llvmpipe_campaign.sh unpack-mesa DIR/mesa.tar.xz MESA_DIR
#       on the GPU machine, in a call of its own when everything together exceeds the 64 MiB
#       one call carries (carry only mesa.tar.xz); the machine keeps /tmp while it is warm
#       (≈ 30 s), so the `device` call, with YUSEC_DIFF_MESA=MESA_DIR, must follow at once.
#   bash test/diff/llvmpipe_campaign.sh device FIRST COUNT [DIR]
#       on the GPU machine (carry [".dev/llvmpipe-pack"]): unpacks DIR, builds yusec without LLVM,
#       and runs programs FIRST…FIRST+COUNT-1 in $YUSEC_DIFF_JOBS (nproc) harness.py processes
#       (each its WGSL 50 programs a node process); appends
#       `llvmpipe 差分（种子 A–B）：N 个程序，M 个不符，…（J 个进程，S 秒）` to $OUT/llvmpipe.txt and
#       the 不符/无效 lines to $OUT/llvmpipe_failures.txt. Success: 0 不符, 0 无效. Each harness
#       process stops after $YUSEC_DIFF_SECONDS (480); the line then counts its whole chunks.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-}
libdir=/usr/lib/x86_64-linux-gnu
# what Dawn's GLES backend loads here (/proc/PID/maps of run_wgsl.mjs), less glibc, libstdc++,
# libgcc_s and libxml2 (with its ICU; the device's libxml2.so.2 serves)
MESA_LIBS="libEGL.so.1 libGLdispatch.so.0 libEGL_mesa.so.0 libgbm.so.1 libglapi.so.0 libLLVM-15.so.1
  libX11-xcb.so.1 libXau.so.6 libXdmcp.so.6 libbsd.so.0 libdrm.so.2 libdrm_amdgpu.so.1 libdrm_intel.so.1
  libdrm_nouveau.so.2 libdrm_radeon.so.1 libedit.so.2 libelf.so.1 libexpat.so.1 libffi.so.8 libmd.so.0
  libpciaccess.so.0 libsensors.so.5 libtinfo.so.6 libwayland-client.so.0 libwayland-server.so.0
  libxcb-dri2.so.0 libxcb-dri3.so.0 libxcb-present.so.0 libxcb-randr.so.0 libxcb-sync.so.1
  libxcb-xfixes.so.0 libxcb.so.1 libxshmfence.so.1 libzstd.so.1"

pack() {
  local dir=$1 webgpu=$root/test/tools/node_modules/webgpu stage
  [ -f "$webgpu/dist/linux-x64/dawn.node" ] || { echo "没有 npm webgpu：$webgpu" >&2; exit 2; }
  rm -rf "$dir" && mkdir -p "$dir/webgpu/dist/linux-x64"
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' RETURN
  mkdir -p "$stage/mesa/lib" "$stage/mesa/dri" "$stage/mesa/egl_vendor.d"
  for lib in $MESA_LIBS; do cp -L "$libdir/$lib" "$stage/mesa/lib/$lib" || exit 1; done
  cp -L "$libdir/dri/swrast_dri.so" "$stage/mesa/dri/"
  printf '{"file_format_version": "1.0.0", "ICD": {"library_path": "libEGL_mesa.so.0"}}\n' \
    >"$stage/mesa/egl_vendor.d/50_mesa.json"
  # libz3.so.4: every Z3_ function libLLVM-15 imports, each aborting with a message
  objdump -T "$libdir/libLLVM-15.so.1" | awk '$NF ~ /^Z3_/ && $2 != "g" {print $NF}' | sort -u |
    awk 'BEGIN { print "#include <stdio.h>\n#include <stdlib.h>\nstatic void refuse(const char *f) { fprintf(stderr, \"libz3 stand-in: %s called\\n\", f); abort(); }" }
         { print "void " $1 "(void) { refuse(\"" $1 "\"); }" }' >"$stage/z3.c"
  gcc -shared -fPIC -O1 -Wl,-soname,libz3.so.4 -o "$stage/mesa/lib/libz3.so.4" "$stage/z3.c" || exit 1
  tar -C "$stage" -cf - mesa | xz -T2 -9 >"$dir/mesa.tar.xz"
  xz -T2 -9 -c "$(readlink -f "$(command -v node)")" >"$dir/node.xz"
  cp "$webgpu/index.js" "$webgpu/package.json" "$dir/webgpu/"
  xz -T2 -9 -c "$webgpu/dist/linux-x64/dawn.node" >"$dir/webgpu/dist/linux-x64/dawn.node.xz"
  node --version >"$dir/node.version"
  du -sh "$dir"/* "$dir"
}

unxz_to() {  # unxz_to SRC DST (python3's lzma: the machine may have no xz)
  python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$1" "$2"
}

device() {
  local first=$1 count=$2 dir=$3 out=${OUT:-/tmp/yusec-llvmpipe-out} work=/tmp/yusec-llvmpipe
  local jobs=${YUSEC_DIFF_JOBS:-$(nproc)} start build=/tmp/yusec-diff-build generator=Ninja
  start=$(date +%s.%N)
  mkdir -p "$out" && rm -rf "$work" && mkdir -p "$work/bin"
  unxz_to "$dir/node.xz" "$work/bin/node" && chmod +x "$work/bin/node"
  # Mesa from the pack, or ($YUSEC_DIFF_MESA) a directory holding the pack's mesa/ that an
  # earlier call unpacked: with the session's tree, node, Dawn and Mesa together may exceed what
  # one call carries, so `unpack-mesa DIR` can bring Mesa in a call of its own first
  if [ -n "${YUSEC_DIFF_MESA:-}" ]; then
    cp -r "$YUSEC_DIFF_MESA/mesa" "$work/" || exit 1
  else
    python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" "$dir/mesa.tar.xz" "$work" || exit 1
  fi
  ln -sf libEGL.so.1 "$work/mesa/lib/libEGL.so"   # the name Dawn dlopens
  # the harness finds node on PATH and Dawn in test/tools/node_modules (a link here: replaced)
  rm -rf "$root/test/tools/node_modules" && mkdir -p "$root/test/tools/node_modules/webgpu/dist/linux-x64"
  cp "$dir/webgpu/index.js" "$dir/webgpu/package.json" "$root/test/tools/node_modules/webgpu/"
  unxz_to "$dir/webgpu/dist/linux-x64/dawn.node.xz" "$root/test/tools/node_modules/webgpu/dist/linux-x64/dawn.node"
  export PATH=$work/bin:$PATH LD_LIBRARY_PATH=$work/mesa/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export __EGL_VENDOR_LIBRARY_FILENAMES=$work/mesa/egl_vendor.d/50_mesa.json LIBGL_DRIVERS_PATH=$work/mesa/dri
  export LIBGL_ALWAYS_SOFTWARE=1 EGL_PLATFORM=surfaceless LP_NUM_THREADS=${LP_NUM_THREADS:-2}
  command -v ninja >/dev/null 2>&1 || generator="Unix Makefiles"
  cmake -S "$root" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DYUSEC_BUILD_TESTS=OFF -DYUSEC_WITH_LSP=OFF \
        -DYUSEC_WITH_LLVM=OFF -DCMAKE_C_COMPILER_LAUNCHER="$root/test/gpu/no_werror.sh" >"$out/build.log" 2>&1 &&
    cmake --build "$build" -j "$(nproc)" >>"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
  # one sample first: Dawn, EGL and llvmpipe start, or the log says why not
  (cd "$root" && node test/tools/run_wgsl.mjs 库/点染/测试/样例/加倍.wgsl 库/点染/测试/样例/加倍。运行.json) \
    >"$out/llvmpipe_probe.txt" 2>&1
  grep -q 'matches' "$out/llvmpipe_probe.txt" || { echo "llvmpipe 不能运行："; tail -20 "$out/llvmpipe_probe.txt"; exit 1; }
  local per=$(( (count + jobs - 1) / jobs )) s=$first
  while [ "$s" -lt $((first + count)) ]; do
    local n=$(( first + count - s < per ? first + count - s : per ))
    timeout "${YUSEC_DIFF_SECONDS:-480}" python3 "$root/test/diff/harness.py" "$build/yusec" "$s" "$n" \
      >"$work/shard$s.log" 2>&1 &
    s=$((s + n))
  done
  wait
  tar -C "$work" -czf "$out/shards.tgz" $(cd "$work" && ls shard*.log); cat "$work"/shard*.log | grep -e '^不符' -e '^无效' -e '^跳过 WGSL' >>"$out/llvmpipe_failures.txt"
  python3 - "$work" "$first" "$count" "$jobs" "$start" <<'PY' | tee -a "$out/llvmpipe.txt"
import glob, re, sys, time
work, first, count, jobs, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
totals = [0, 0, 0, 0]
for log in sorted(glob.glob(work + "/shard*.log")):
    # the last line of counts: the summary, or the progress after the last whole chunk when the
    # process was stopped ($YUSEC_DIFF_SECONDS)
    m = re.findall(r"^(差分|进度)：(\d+) 个程序，(\d+) 个不符，(\d+) 个无效，(\d+) 个 WGSL 跳过.*$",
                   open(log, encoding="utf-8").read(), re.M)
    if m:
        totals = [t + int(x) for t, x in zip(totals, m[-1][1:])]
    if not m or m[-1][0] != "差分":
        print("进程未跑完：%s（%s）" % (log, m[-1] if m else "没有结果"))
print("llvmpipe 差分（种子 %d–%d）：%d 个程序，%d 个不符，%d 个无效，%d 个 WGSL 跳过（子组）（%d 个进程，%.0f 秒）"
      % (first, first + count - 1, *totals, jobs, time.time() - start))
PY
  head -40 "$out/llvmpipe_failures.txt"
}

case "$mode" in
pack) pack "${2:-$root/.dev/llvmpipe-pack}" ;;
unpack-mesa)  # unpack-mesa MESA.tar.xz DIR: for a later `device` with YUSEC_DIFF_MESA=DIR
  mkdir -p "$3" && python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" "$2" "$3" &&
    ls "$3/mesa/lib" | wc -l ;;
device) device "$2" "$3" "${4:-$root/.dev/llvmpipe-pack}" ;;
*)
  echo "用法：llvmpipe_campaign.sh pack [目录] | llvmpipe_campaign.sh device 首个种子 个数 [目录]" >&2
  exit 2
  ;;
esac
