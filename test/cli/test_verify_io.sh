#!/usr/bin/env bash
# Entry IO and resource rules of the YIR verifier on the command line (issue 30 items 2 and 3):
# each test/verify/名.yir breaks one rule and names, on its line `; 期望：…`, the located error
# the verifier gives. Every target (WGSL, MSL, PTX) ends with exit status 1 and that error,
# writes nothing, and never crashes (a u32 builtin bound to a vec3<u32> crashed the PTX target
# and gave WGSL and MSL that Tint and Metal reject, with exit status 0).
set -u
yusec=$1
inputs=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cd "$inputs" || exit 1
for yir in *.yir; do
  want=$(sed -n 's/^; 期望：//p' "$yir")
  [ -n "$want" ] || { fail "$yir has no '; 期望：' line"; continue; }
  for target in wgsl msl ptx; do
    timeout 60 "$yusec" -emit-$target "$yir" -o "$tmp/out" >"$tmp/stdout" 2>"$tmp/err" </dev/null
    got=$?
    if [ "$got" != 1 ]; then fail "$yir -emit-$target exited $got, expected 1"; head -5 "$tmp/err"; continue; fi
    if ! grep -qF -- "$want" "$tmp/err"; then fail "$yir -emit-$target: '$want' not in stderr"; head -5 "$tmp/err"; continue; fi
    if [ -e "$tmp/out" ]; then fail "$yir -emit-$target wrote an output"; rm -f "$tmp/out"; continue; fi
    echo "ok: $yir -emit-$target"
  done
done
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
