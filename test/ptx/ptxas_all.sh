#!/usr/bin/env bash
# Emits every PTX golden (test/ptx/*.yir) for sm_80 and sm_90 through the plugin and has
# ptxas assemble each for both architectures. Prints 跳过 and succeeds where ptxas is absent.
# Usage: ptxas_all.sh BUILD_DIR
set -u
build=${1:?usage: ptxas_all.sh BUILD_DIR}
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
if [ ! -x "$ptxas" ]; then
  ptxas=$(command -v ptxas || true)
fi
if [ -z "$ptxas" ] || [ ! -x "$ptxas" ]; then
  echo "跳过：没有 ptxas"
  exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! YUSEC_PTX_OUT="$out" "$build/test/test_ptx_golden" >"$out/log" 2>&1; then
  cat "$out/log"
  echo "test_ptx_golden failed; no PTX to assemble"
  exit 1
fi
status=0 count=0
for ptx in "$out"/*.ptx; do
  [ -e "$ptx" ] || continue
  for arch in sm_80 sm_90; do
    case "$ptx" in *.sm_90.ptx) [ "$arch" = sm_80 ] && continue ;; esac
    count=$((count + 1))
    if ! "$ptxas" -arch="$arch" "$ptx" -o "$out/x.cubin" 2>"$out/err"; then
      echo "ptxas -arch=$arch rejects $(basename "$ptx"):"
      cat "$out/err"
      status=1
    fi
  done
done
echo "ptxas: $count 次汇编，$([ $status = 0 ] && echo 全部通过 || echo 有失败)"
exit $status
