#!/usr/bin/env bash
# Mangled inputs: truncations and byte flips of every sample must end in diagnostics with
# file:line:col (exit 1) or a clean check (exit 0, and then every target must end in output
# or diagnostics too) — never a crash, a sanitizer report, or an exit status other than 0
# and 1. Deterministic (positions from a fixed LCG).
set -u
yusec=$1; shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=0 failures=0 seed=12345

next_random() { seed=$(( (seed * 1103515245 + 12345) % 2147483648 )); }

# try NAME: checks $tmp/m。着色器。豫 (a mangled copy) and reports a bad outcome.
try() {
  local what=$1
  runs=$((runs + 1))
  (cd "$tmp" && "$yusec" -check m。着色器。豫 >/dev/null 2>err)
  local status=$?
  if [ "$status" = 1 ]; then
    if ! grep -qE '^m。着色器。豫:[0-9]+:[0-9]+: error: ' "$tmp/err"; then
      echo "FAIL: $what: exit 1 without a file:line:col diagnostic"; head -5 "$tmp/err"
      failures=$((failures + 1))
    fi
  elif [ "$status" = 0 ]; then
    # A mangled input that still checks goes through every target too.
    local flag
    for flag in -emit-wgsl -emit-msl -emit-ptx -emit-gen; do
      (cd "$tmp" && "$yusec" $flag m。着色器。豫 >/dev/null 2>err)
      local emitted=$?
      if [ "$emitted" != 0 ] && [ "$emitted" != 1 ]; then
        echo "FAIL: $what: $flag exited $emitted"; head -20 "$tmp/err"
        failures=$((failures + 1))
      fi
    done
  else
    echo "FAIL: $what: exit $status"; head -20 "$tmp/err"
    cp "$tmp/m。着色器。豫" "$tmp/../yusec-mangled-failure-$runs。着色器。豫" 2>/dev/null
    failures=$((failures + 1))
  fi
}

for sample in "$@"; do
  size=$(stat -c %s "$sample")
  [ "$size" -gt 0 ] || continue
  name=$(basename "$sample")
  for i in 1 3 5 7 9; do
    cut=$(( size * i / 10 ))
    head -c "$cut" "$sample" > "$tmp/m。着色器。豫"
    try "$name truncated at $cut"
  done
  for i in 1 2 3 4; do
    next_random; pos=$(( seed % size ))
    next_random; byte=$(( seed % 256 ))
    cp "$sample" "$tmp/m。着色器。豫"
    printf "$(printf '\\%03o' "$byte")" | dd of="$tmp/m。着色器。豫" bs=1 seek="$pos" conv=notrunc 2>/dev/null
    try "$name byte $pos set to $byte"
  done
done
echo "$runs mangled inputs, $failures failures"
[ "$failures" = 0 ]
