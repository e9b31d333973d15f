#!/usr/bin/env bash
# Checks one shader source against every expected file beside it (the seed's 着七):
#   名。语法树  yusec -dump-ast            (stdout, exit 0)
#   名。错误    yusec -check               (stderr, exit 1; without it -check must pass)
#   名。预期    hand-written "行:列 片语" lines the diagnostics must contain
#   名.wgsl / 名。金属 / 名。千手 / 名。生成 are added as their targets land.
# The tool runs inside the sample's directory on the bare file name, so expected
# diagnostics read "名。着色器。豫:行:列: …".
# With YUSEC_UPDATE_GOLDEN=1 the expected files are rewritten instead (read the diff!).
set -u
yusec=$1
sample=$2
# MODE "syntax": the sample only has to parse (test/golden/语法 holds syntax-only
# programs); expected diagnostics are those of -dump-ast.
mode=${3:-full}
dir=$(dirname "$sample")
file=$(basename "$sample")
stem=${file%。着色器。豫}
cd "$dir" || exit 2

checked=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# compare WHAT ACTUAL_FILE EXPECTED_FILE: byte-exact.
compare() {
  local what=$1 actual=$2 expected_file=$3
  checked=$((checked + 1))
  if [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ]; then
    cp "$actual" "$expected_file"
    return
  fi
  if ! diff -u --label "expected $expected_file" --label "actual ($what)" \
       "$expected_file" "$actual"; then
    failed=$((failed + 1))
  fi
}

# run EXPECTED_STATUS ARGS...: runs yusec with stdout in $work/out and stderr in
# $work/err (also in $err), and checks the exit status.
run() {
  local expected_status=$1; shift
  "$yusec" "$@" >"$work/out" 2>"$work/err"
  local status=$?
  err=$(cat "$work/err")
  if [ "$status" != "$expected_status" ]; then
    echo "FAIL: yusec $* exited $status, expected $expected_status" >&2
    cat "$work/err" >&2
    failed=$((failed + 1))
  fi
}

check_action=-check
[ "$mode" = syntax ] && check_action=-dump-ast
if [ -f "$stem。错误" ]; then
  run 1 "$check_action" "$file"
  compare "stderr of yusec $check_action" "$work/err" "$stem。错误"
elif [ "$mode" != syntax ]; then
  run 0 -check "$file"
  checked=$((checked + 1))
fi

# 名。预期 (written by hand from the spec, independently of the compiler's output): each line
# "行:列 片语" requires a diagnostic at that position whose line contains the phrase.
if [ -f "$stem。预期" ]; then
  [ -f "$stem。错误" ] || run 1 "$check_action" "$file"
  while IFS= read -r line || [ -n "$line" ]; do
    [ -z "$line" ] && continue
    position=${line%% *}
    phrase=${line#* }
    checked=$((checked + 1))
    if ! printf '%s\n' "$err" | grep -F -- "$file:$position: " | grep -qF -- "$phrase"; then
      echo "FAIL: $stem。预期: no diagnostic at $position containing '$phrase'" >&2
      failed=$((failed + 1))
    fi
  done < "$stem。预期"
fi

if [ -f "$stem。语法树" ]; then
  run 0 -dump-ast "$file"
  compare "yusec -dump-ast" "$work/out" "$stem。语法树"
fi

if [ "$checked" = 0 ]; then
  echo "FAIL: $sample has no expected file (名。语法树, 名。错误, …) beside it" >&2
  exit 1
fi
if [ "$failed" != 0 ]; then
  echo "FAIL: $failed of $checked checks failed for $file" >&2
  exit 1
fi
echo "ok: $checked checks for $file"
