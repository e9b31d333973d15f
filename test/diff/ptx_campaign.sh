#!/usr/bin/env bash
# The PTX leg of the differential campaign (docs/testing.md). The device image has no LLVM, so
# the PTX is made here, packed, and carried:
#   bash test/diff/ptx_campaign.sh pack build/yusec FIRST COUNT [NAME]
#       here: generated programs FIRST…FIRST+COUNT-1, their PTX and 名。运行.json whose
#       expectations are the YIR executor's results, into .dev/diff/NAME.tar.xz (NAME:
#       campaign); a pack of 2,500 programs runs on the H200 in well under one device call
#   bash test/diff/ptx_campaign.sh device [NAME]
#       on the GPU machine (one device call, carry [".dev/diff/NAME.tar.xz"]): builds yusec
#       without LLVM, unpacks, runs every program with `yusec run --ptx` in 16 shards
#       (test/gpu/run_samples.py compares the buffers: u32 exactly, f32 by value) and writes
#       $OUT/NAME.txt with the counts, the failures in $OUT/NAME_failures.txt.
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
device)
  name=${2:-campaign}
  out=${OUT:-/tmp/yusec-diff-out}
  mkdir -p "$out"
  build=/tmp/yusec-diff-build
  work=/tmp/yusec-diff-work
  rm -rf "$work" && mkdir -p "$work"
  generator=Ninja
  command -v ninja >/dev/null 2>&1 || generator="Unix Makefiles"
  cmake -S "$root" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=Debug -DYUSEC_BUILD_TESTS=OFF \
        -DYUSEC_WITH_LLVM=OFF -DCMAKE_C_COMPILER_LAUNCHER="$root/test/gpu/no_werror.sh" >"$out/build.log" 2>&1 &&
    cmake --build "$build" -j "$(nproc)" >>"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
  python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" \
          "$root/.dev/diff/$name.tar.xz" "$work" || exit 1
  # 16 shards, each a directory of whole cases (source, PTX, spec)
  python3 - "$work/campaign" "$work" <<'PY'
import os, shutil, sys
src, work = sys.argv[1], sys.argv[2]
stems = sorted(f[:-len("。运行.json")] for f in os.listdir(src) if f.endswith("。运行.json"))
for i, stem in enumerate(stems):
    shard = os.path.join(work, "shard%02d" % (i % 16))
    os.makedirs(shard, exist_ok=True)
    for f in (stem + "。着色器。豫", stem + ".ptx", stem + "。运行.json"):
        shutil.move(os.path.join(src, f), os.path.join(shard, f))
PY
  for shard in "$work"/shard*; do
    python3 "$root/test/gpu/run_samples.py" "$build/yusec" "$shard" "$shard" >"$shard.log" 2>&1 &
  done
  wait
  cat "$work"/shard*.log | grep -v -e '^通过' -e '^GPU 样例' >"$out/${name}_failures.txt"
  passed=$(cat "$work"/shard*.log | grep -c '^通过')
  failed=$(cat "$work"/shard*.log | grep -c '^失败')
  skipped=$(cat "$work"/shard*.log | grep -c '^跳过')
  echo "PTX 差分（$name）：通过 $passed，失败 $failed，跳过 $skipped" | tee "$out/$name.txt"
  head -40 "$out/${name}_failures.txt"
  [ "$failed" -eq 0 ]
  ;;
*)
  echo "用法：ptx_campaign.sh pack YUSEC FIRST COUNT [名] | ptx_campaign.sh device [名]" >&2
  exit 2
  ;;
esac
