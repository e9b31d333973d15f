#!/usr/bin/env bash
# The GPU comparison scripts without a GPU (issue 33): run_dawn_vulkan.sh parses (bash -n) and
# compare_backends.py dry-runs every sample with a 名。运行.json — `yusec run --dry-run` for PTX,
# the golden WGSL and run_wgsl.mjs's syntax for Dawn — so a renamed function or file in
# run_samples.py, compare_backends.py or run_wgsl.mjs fails here, not on the GPU machine.
# The fragment samples WGSL translates (着十二) must be planned on both sides.
# Usage: test_compare_dry.sh YUSEC
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash -n "$here/run_dawn_vulkan.sh" || { echo "FAIL: bash -n run_dawn_vulkan.sh"; exit 1; }
node=$(command -v node || echo node)
if ! python3 "$here/compare_backends.py" --dry-run "$yusec" "$root/库/点染/测试/样例" "" "$node" \
     "$root/test/tools/run_wgsl.mjs" "$work/runs" >"$work/table.md" 2>"$work/err"; then
  cat "$work/table.md" "$work/err"
  echo "FAIL: compare_backends.py --dry-run"
  exit 1
fi
status=0
for stem in 矩阵片网页 矩阵片整八网页 矩阵片子组一致起 子组投票矩阵片; do
  if ! grep -q "^| $stem | [^|]* | [0-9]* | 计划 | 计划 | 计划 |$" "$work/table.md"; then
    echo "FAIL: $stem is not planned on both backends:"; grep "^| $stem |" "$work/table.md"
    status=1
  fi
done
[ $status = 0 ] && echo "compare_backends.py --dry-run: $(grep -c '计划 | 计划 | 计划' "$work/table.md") buffers planned"
exit $status
