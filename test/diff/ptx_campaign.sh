#!/usr/bin/env bash
# The PTX leg of the differential campaign (docs/testing.md). The device image has no LLVM, so
# the PTX is made here, packed, and carried:
#   bash test/diff/ptx_campaign.sh pack build/yusec FIRST COUNT [NAME]
#       here: generated programs FIRST…FIRST+COUNT-1, their PTX and 名。运行.json whose
#       expectations are the YIR executor's results, into .dev/diff/NAME.tar.xz (NAME:
#       campaign)
#   bash test/diff/ptx_campaign.sh device [NAME…]
#       on the GPU machine (carry [".dev/diff"]): unpacks each pack and runs its programs in
#       $YUSEC_DIFF_SHARDS (4) shards, each one `yusec run --batch` of `--ptx` runs (one CUDA
#       context per shard; test/gpu/run_samples.py compares the buffers: u32 exactly, f32 by
#       value). yusec is $YUSEC_DIFF_YUSEC when that runs there, else built without LLVM.
#       Appends one line per pack to $OUT/campaign.txt (counts and seconds), the failures to
#       $OUT/failures.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-}
case "$mode" in
pack)
  yusec=$2 first=$3 count=$4 name=${5:-campaign}
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  python3 "$root/test/diff/harness.py" "$yusec" "$first" "$count" --no-wgsl --ptx-dir "$work/campaign" || exit 1
  mkdir -p "$root/.dev/diff"
  tar -C "$work" -cJf "$root/.dev/diff/$name.tar.xz" campaign
  ls -l "$root/.dev/diff/$name.tar.xz"
  ;;
probe)
  # where the device time of the old runner went: K programs of pack NAME run as K
  # processes one after another, as 16 processes at once (the old 16 shards), as one
  # --dry-run each (compile and plan, no GPU), and as one --batch; seconds per program.
  name=${2:-campaign}
  k=${3:-32}
  out=${OUT:-/tmp/yusec-diff-out}
  yusec=${YUSEC_DIFF_YUSEC:?a yusec that runs here}
  work=/tmp/yusec-diff-probe
  rm -rf "$work" && mkdir -p "$work/all" "$out"
  python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" \
          "$root/.dev/diff/$name.tar.xz" "$work/all" || exit 1
  python3 - "$work/all/campaign" "$work" "$k" <<'PY'
import os, shutil, sys
src, work, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
stems = sorted(f[:-len("。运行.json")] for f in os.listdir(src) if f.endswith("。运行.json"))[:k]
for i, stem in enumerate(stems):
    for d in ("one", "shard%02d" % (i % 16)):
        os.makedirs(os.path.join(work, d), exist_ok=True)
        for f in (stem + "。着色器。豫", stem + ".ptx", stem + "。运行.json"):
            shutil.copy(os.path.join(src, f), os.path.join(work, d, f))
PY
  timed() {  # timed LABEL COMMAND…: seconds per program
    local t0 t1
    t0=$(date +%s.%N)
    "${@:2}" >"$work/$1.log" 2>&1
    t1=$(date +%s.%N)
    python3 -c "import sys; print('%-28s %7.3f s/程序（%s 个，%s）' % (sys.argv[1], (float(sys.argv[3]) - float(sys.argv[2])) / int(sys.argv[4]), sys.argv[4], sys.argv[5]))" \
            "$1" "$t0" "$t1" "$k" "$(tail -1 "$work/$1.log")" | tee -a "$out/probe.txt"
  }
  parallel16() { for d in "$work"/shard*/; do python3 "$root/test/gpu/run_samples.py" "$yusec" "$d" "$d" & done; wait; }
  timed per-process python3 "$root/test/gpu/run_samples.py" "$yusec" "$work/one" "$work/one"
  YUSEC_GPU_DRY_RUN=1 timed dry-run python3 "$root/test/gpu/run_samples.py" "$yusec" "$work/one" "$work/one"
  timed 16-processes-at-once parallel16
  YUSEC_RUN_BATCH=1 timed one-batch python3 "$root/test/gpu/run_samples.py" "$yusec" "$work/one" "$work/one"
  ;;
device)
  shift
  names=("${@:-campaign}")
  out=${OUT:-/tmp/yusec-diff-out}
  shards=${YUSEC_DIFF_SHARDS:-4}
  mkdir -p "$out"
  work=/tmp/yusec-diff-work
  rm -rf "$work" && mkdir -p "$work"
  # $YUSEC_DIFF_YUSEC: a yusec built elsewhere (it needs only libc; --ptx needs no LLVM);
  # else one is built here without LLVM.
  yusec=${YUSEC_DIFF_YUSEC:-}
  if [ -z "$yusec" ] || ! "$yusec" --version >/dev/null 2>&1; then
    build=/tmp/yusec-diff-build
    generator=Ninja
    command -v ninja >/dev/null 2>&1 || generator="Unix Makefiles"
    cmake -S "$root" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DYUSEC_BUILD_TESTS=OFF -DYUSEC_WITH_LSP=OFF \
          -DYUSEC_WITH_LLVM=OFF -DCMAKE_C_COMPILER_LAUNCHER="$root/test/gpu/no_werror.sh" >"$out/build.log" 2>&1 &&
      cmake --build "$build" -j "$(nproc)" >>"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
    yusec=$build/yusec
  fi
  status=0
  for name in "${names[@]}"; do
    start=$(date +%s.%N)
    rm -rf "$work/$name" && mkdir -p "$work/$name"
    python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" \
            "$root/.dev/diff/$name.tar.xz" "$work/$name" || exit 1
    # $shards directories of whole cases (source, PTX, spec), each run by one
    # `yusec run --batch` (one CUDA context per shard)
    python3 - "$work/$name/campaign" "$work/$name" "$shards" <<'PY'
import os, shutil, sys
src, work, shards = sys.argv[1], sys.argv[2], int(sys.argv[3])
stems = sorted(f[:-len("。运行.json")] for f in os.listdir(src) if f.endswith("。运行.json"))
for i, stem in enumerate(stems):
    shard = os.path.join(work, "shard%02d" % (i % shards))
    os.makedirs(shard, exist_ok=True)
    for f in (stem + "。着色器。豫", stem + ".ptx", stem + "。运行.json"):
        shutil.move(os.path.join(src, f), os.path.join(shard, f))
PY
    for shard in "$work/$name"/shard*/; do
      YUSEC_RUN_BATCH=1 python3 "$root/test/gpu/run_samples.py" "$yusec" "$shard" "$shard" >"${shard%/}.log" 2>&1 &
    done
    wait
    cat "$work/$name"/shard*.log | grep -v -e '^通过' -e '^GPU 样例' >>"$out/failures.txt"
    passed=$(cat "$work/$name"/shard*.log | grep -c '^通过')
    failed=$(cat "$work/$name"/shard*.log | grep -c '^失败')
    skipped=$(cat "$work/$name"/shard*.log | grep -c '^跳过')
    seconds=$(python3 -c "import sys,time; print('%.1f' % (time.time() - float(sys.argv[1])))" "$start")
    echo "PTX 差分（$name）：通过 $passed，失败 $failed，跳过 $skipped（$shards 个批处理进程，$seconds 秒）" |
      tee -a "$out/campaign.txt"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] || status=1
  done
  head -40 "$out/failures.txt"
  exit "$status"
  ;;
*)
  echo "用法：ptx_campaign.sh pack YUSEC FIRST COUNT [名] | ptx_campaign.sh device [名…]" >&2
  exit 2
  ;;
esac
