#!/usr/bin/env bash
# Checks one shader source against every expected file beside it (the seed's 着七):
#   名。语法树  yusec -dump-ast            (stdout, exit 0)
#   名。错误    yusec -check (or parse)    (stderr, exit 1)
#   名.wgsl / 名。金属 / 名。千手 / 名。生成 are added as their targets land.
# The tool runs inside the sample's directory on the bare file name, so expected
# diagnostics read "名。着色器。豫:行:列: …".
# With YUSEC_UPDATE_GOLDEN=1 the expected files are rewritten instead (read the diff!).
set -u
yusec=$1
sample=$2
dir=$(dirname "$sample")
file=$(basename "$sample")
stem=${file%。着色器。豫}
cd "$dir" || exit 2

checked=0
failed=0

# compare NAME ACTUAL EXPECTED_FILE
compare() {
  local what=$1 actual=$2 expected_file=$3
  checked=$((checked + 1))
  if [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ]; then
    printf '%s' "$actual" > "$expected_file"
    return
  fi
  if ! diff -u --label "expected $expected_file" --label "actual ($what)" \
       "$expected_file" <(printf '%s' "$actual"); then
    failed=$((failed + 1))
  fi
}

# run EXPECTED_STATUS ARGS... : runs yusec, captures stdout/stderr, checks the status.
run() {
  local expected_status=$1; shift
  out=$("$yusec" "$@" 2>/tmp/yusec-golden-err.$$; echo "status=$?")
  status=${out##*status=}
  out=${out%status=*}
  err=$(cat /tmp/yusec-golden-err.$$)
  rm -f /tmp/yusec-golden-err.$$
  if [ "$status" != "$expected_status" ]; then
    echo "FAIL: yusec $* exited $status, expected $expected_status" >&2
    printf '%s\n' "$err" >&2
    failed=$((failed + 1))
  fi
}

error_action=${YUSEC_ERROR_ACTION:--check}

if [ -f "$stem。错误" ]; then
  run 1 "$error_action" "$file"
  compare "stderr of yusec $error_action" "$err" "$stem。错误"
fi
if [ -f "$stem。语法树" ]; then
  run 0 -dump-ast "$file"
  compare "yusec -dump-ast" "$out" "$stem。语法树"
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
