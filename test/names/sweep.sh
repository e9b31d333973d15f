#!/usr/bin/env bash
# The identifier sweep (issue 11): every assigned BMP code point, alone, at the start and in
# the middle of a name, legalised by the real legaliser (name_sweep), must give names that
# Tint accepts in one WGSL module and clang accepts in one MSL file (against
# test/msl/metal_stub.h, as test/msl/syntax_check.sh compiles MSL).
# Usage: sweep.sh NAME_SWEEP_BINARY [UnicodeData.txt]
# Prints 跳过 for a checker that is absent; scripts/setup.sh installs unicode-data.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
tools="$here/../tools"
sweep=$1
data=${2:-/usr/share/unicode/UnicodeData.txt}
if [ ! -f "$data" ]; then
  echo "跳过: 没有 $data（apt-get install unicode-data）"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$sweep" "$data" "$work" || { echo "FAIL: name_sweep"; exit 1; }
status=0
checked=0
if command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/webgpu" ]; then
  # Tint stops at the first bad token: print that line (its comment names the code point).
  if ! node "$tools/validate_wgsl.mjs" "$work/names.wgsl" >"$work/tint" 2>&1; then
    cat "$work/tint"
    line=$(grep -m1 -o 'names.wgsl:[0-9]*' "$work/tint" | cut -d: -f2)
    [ -n "$line" ] && sed -n "${line}p" "$work/names.wgsl"
    echo "FAIL: Tint rejects a legalised name"
    status=1
  fi
  checked=$((checked + 1))
else
  echo "跳过 Tint: node 或 test/tools/node_modules（npm ci）不在"
fi
if command -v "${CLANG:-clang}" >/dev/null 2>&1; then
  if ! "${CLANG:-clang}" -fsyntax-only -x c++ -std=c++17 -Werror -ferror-limit=20 \
       -include "$here/../msl/metal_stub.h" -I "$here/../msl/include" "$work/names.metal"; then
    echo "FAIL: clang rejects a legalised name"
    status=1
  fi
  checked=$((checked + 1))
else
  echo "跳过 clang: 没有 clang"
fi
[ $status = 0 ] && echo "ok: $(grep -c '^  let ' "$work/names.wgsl") names, $checked checkers"
exit $status
