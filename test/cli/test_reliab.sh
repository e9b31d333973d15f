#!/usr/bin/env bash
# Reliability regressions (issue 20): each check names the defect it guards against. The
# inputs live in test/reliab/.
set -u
yusec=$1
inputs=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS DESCRIPTION -- ARGS...: runs yusec (stdout in $tmp/out, stderr in $tmp/err).
expect() {
  local want=$1 what=$2; shift 3
  "$yusec" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then fail "$what: yusec $* exited $got, expected $want"; head -20 "$tmp/err"
  else echo "ok: $what"; fi
}

# contains FILE TEXT DESCRIPTION / lacks FILE TEXT DESCRIPTION
contains() {
  if grep -qF -- "$2" "$1"; then echo "ok: $3"; else fail "$3: '$2' not in $(basename "$1")"; head -20 "$1"; fi
}
lacks() {
  if grep -qF -- "$2" "$1"; then fail "$3: '$2' in $(basename "$1")"; head -20 "$1"; else echo "ok: $3"; fi
}

# 2. Running out of the inlining budget is not recursion.
expect 0 "a chain of 1500 calls inlines on PTX" -- -emit-ptx "$inputs/长调用链。着色器。豫"
lacks "$tmp/err" "递归" "the call chain is not called recursion"
expect 1 "calls fanning out 2^40 times stop at the inlining limit" -- -emit-ptx "$inputs/内联过大。着色器。豫"
contains "$tmp/err" "全部内联后超过 65536 条指令的上限" "the limit is named"
lacks "$tmp/err" "递归" "fan-out is not called recursion"
contains "$tmp/err" "内联过大。着色器。豫:" "the limit error is located"

if [ "$failures" != 0 ]; then echo "$failures reliability checks failed"; exit 1; fi
echo "all reliability checks passed"
