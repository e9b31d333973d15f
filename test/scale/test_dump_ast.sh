#!/usr/bin/env bash
# -dump-ast stays linear in the depth of the tree (issue 30 item 13: 20,000 right-nested 令
# printed 800 MB, two spaces more per level). Lines deeper than 32 levels are indented as 32
# and start with their depth, "[33] Let 「甲32」 @…" (frontend/ast_dump.c, docs/language.md).
# Inputs generated here: 10,000 and 20,000 nested lets, one per line and all on one line.
# Each dump must have one line per node and at most BYTES_PER_LINE bytes a line, and twice the
# lets must give at most a little over twice the bytes; output past the cap is cut off (head -c)
# so a quadratic dump fails at once instead of filling the disk.
# Usage: test_dump_ast.sh YUSEC
set -u
yusec=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }

BYTES_PER_LINE=160

# make N SEPARATOR FILE: 「值」者 令「甲0」为「一」而 … 令「甲N-1」为「一」而「一」也。
make_lets() {
  local n=$1 sep=$2 file=$3
  { printf '「值」者%s' "$sep"
    for ((i = 0; i < n; i++)); do printf '令「甲%d」为「一」而%s' "$i" "$sep"; done
    printf '「一」也。\n'; } >"$file"
}

# dump_size N SEPARATOR: sets $size to the byte count of the dump (checked line by line).
dump_size() {
  local n=$1 sep=$2
  local file="深$n。着色器。豫"
  make_lets "$n" "$sep" "$file"
  local lines=$((2 * n + 2)) cap=$(((2 * n + 2) * BYTES_PER_LINE))
  "$yusec" -dump-ast "$file" 2>"$file.err" | head -c $((cap + 1)) >"$file.ast"
  local bytes
  bytes=$(wc -c <"$file.ast")
  if [ "$bytes" -gt "$cap" ]; then
    fail "-dump-ast of $n nested lets passes $cap bytes (more than $BYTES_PER_LINE a line)"
  elif [ "$(wc -l <"$file.ast")" != "$lines" ]; then
    fail "-dump-ast of $n nested lets: $(wc -l <"$file.ast") lines, expected $lines"; head -c 1000 "$file.err" >&2
  fi
  # The deepest node: 32 levels of indent, then its depth.
  local deepest
  deepest=$(tail -n 1 "$file.ast")
  local want
  want="$(printf '%64s' '')[$((n + 1))] Numeral 「一」 = 1 @"
  case "$deepest" in
    "$want"*) ;;
    *) fail "the deepest line of $n nested lets is '${deepest:0:120}', expected it to start '$want'" ;;
  esac
  size=$bytes
}

for sep in $'\n' ''; do
  if [ -n "$sep" ]; then where="one per line"; else where="on one line"; fi
  dump_size 10000 "$sep"; small=$size
  dump_size 20000 "$sep"; large=$size
  # Linear: doubling the lets at most doubles the bytes, plus the longer numbers.
  if [ "$large" -gt $((small * 21 / 10)) ]; then
    fail "$where: 20,000 lets dump $large bytes, 10,000 dump $small: not linear"
  fi
  echo "$where: 10,000 lets → $small bytes, 20,000 → $large bytes"
done

[ "$failed" = 0 ] && echo "ok" || { echo "$failed failed"; exit 1; }
