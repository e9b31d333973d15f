#!/usr/bin/env bash
# Checks emitted MSL with clang as C++17 against test/msl/metal_stub.h (a declarations-only
# stand-in for <metal_stdlib>, written from the Metal spec chapters): catches syntax and
# typing slips of the MSL target where no Metal compiler exists.
# Usage: syntax_check.sh [TEST_MSL_BINARY [YUSEC SAMPLE...]]
#   With the test_msl binary, every golden is emitted afresh (YUSEC_MSL_DUMP) and checked;
#   without it, the golden NAME.metal files in test/msl are checked. With yusec and sample
#   shader sources as well, each sample that compiles is also emitted with -emit-msl and
#   checked. Prints 跳过 and exits 0 when clang is absent.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
clang_bin="${CLANG:-clang}"
if ! command -v "$clang_bin" >/dev/null 2>&1; then
  echo "跳过: 没有 clang"
  exit 0
fi
dir="$here"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
  dir="$work/golden"
  mkdir -p "$dir"
  if ! YUSEC_MSL_DUMP="$dir" "$1" >"$work/test.log" 2>&1; then
    cat "$work/test.log"
    echo "syntax_check: $1 failed"
    exit 1
  fi
  shift
fi
files=("$dir"/*.metal)
if [ $# -ge 1 ]; then
  yusec="$1"
  shift
  mkdir -p "$work/samples"
  for sample in "$@"; do
    stem="$(basename "$sample" 。着色器。豫)"
    # Only valid samples: those whose check passes and that translate.
    if (cd "$(dirname "$sample")" && "$yusec" -emit-msl "$(basename "$sample")") \
         >"$work/samples/$stem.metal" 2>"$work/samples/$stem.err"; then
      files+=("$work/samples/$stem.metal")
    elif ! grep -q "error:" "$work/samples/$stem.err"; then
      cat "$work/samples/$stem.err"
      echo "syntax_check: $sample: yusec -emit-msl failed without a diagnostic"
      exit 1
    fi
  done
fi
if [ ${#files[@]} -eq 0 ] || [ ! -f "${files[0]}" ]; then
  echo "syntax_check: no MSL in $dir"
  exit 1
fi
status=0
for f in "${files[@]}"; do
  if ! grep -q '^#include <metal_stdlib>$' "$f" || ! grep -q '^using namespace metal;$' "$f"; then
    echo "FAIL: $(basename "$f"): header lines missing"
    status=1
    continue
  fi
  # Tensor tiles (着十三): matmul2d<Desc, …> takes a class-type template argument, which
  # clang accepts from C++20 on (Metal 4 accepts it).
  std=c++17
  grep -q '^#include <metal_tensor>$' "$f" && std=c++20
  if ! "$clang_bin" -fsyntax-only -x c++ -std=$std -Werror -Wno-unused-value \
       -Werror=unknown-attributes -include "$here/metal_stub.h" -I "$here/include" "$f"; then
    echo "FAIL: $(basename "$f")"
    status=1
  fi
done
[ $status = 0 ] && echo "ok: ${#files[@]} MSL files"
exit $status
