#!/usr/bin/env bash
# yusec fmt (docs/format.md): over every 豫言 source of the repository, formatting twice gives
# what formatting once gave, the formatted source compiles to the same -emit-ir as the
# original, and it has no misleading indentation (a 若's branch swallowing a line indented as
# if it were not); the golden messy source; --check, -i, stdin and bad input.
set -u
yusec=$1
root=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
ok() { echo "ok: $1"; }
mislead='缩进却不比「若」深'

formatted=0 compiled=0 refused=0
while IFS= read -r -d '' source; do
  if ! "$yusec" fmt "$source" >"$tmp/once.豫" 2>"$tmp/once.err"; then
    # a source that does not parse: refused with a located error, never formatted
    if grep -q ':[0-9]*:[0-9]*: error:' "$tmp/once.err" && [ ! -s "$tmp/once.豫" ]; then
      refused=$((refused + 1))
    else fail "$source: refused without a located error"; fi
    continue
  fi
  formatted=$((formatted + 1))
  "$yusec" fmt - <"$tmp/once.豫" >"$tmp/twice.豫" 2>"$tmp/twice.err" || fail "$source: its formatted text does not format"
  cmp -s "$tmp/once.豫" "$tmp/twice.豫" || { fail "$source: formatting twice differs from once"; diff "$tmp/once.豫" "$tmp/twice.豫" | head -20; }
  if grep -qF "$mislead" "$tmp/twice.err"; then fail "$source: the formatted text has misleading indentation"; fi
  if "$yusec" -emit-ir "$source" >"$tmp/original.ir" 2>/dev/null; then
    compiled=$((compiled + 1))
    "$yusec" -emit-ir --stdin-name "$source" - <"$tmp/once.豫" >"$tmp/formatted.ir" 2>"$tmp/formatted.err" &&
      cmp -s "$tmp/original.ir" "$tmp/formatted.ir" || fail "$source: -emit-ir of the formatted source differs"
  fi
done < <(find "$root" -path "$root/build*" -prune -o -name '*豫' -print0)
[ "$formatted" -ge 150 ] && ok "$formatted sources format idempotently ($refused with errors refused)" ||
  fail "only $formatted sources formatted"
[ "$compiled" -ge 120 ] && ok "$compiled formatted sources compile to the same -emit-ir" ||
  fail "only $compiled sources compared"

# the repository's own sources are in the canonical layout (docs/format.md): --check names
# none of those that parse, except the two whose layout is what they test
keep_layout="$root/test/format/杂乱。着色器。豫
$root/test/diag/inputs/缩进误导。着色器。豫"
find "$root" -path "$root/build*" -prune -o -name node_modules -prune -o -name '*豫' -print0 |
  xargs -0 "$yusec" fmt --check >"$tmp/repo.check" 2>/dev/null
grep -vxF "$keep_layout" "$tmp/repo.check" >"$tmp/repo.unformatted"
if [ -s "$tmp/repo.unformatted" ]; then
  fail "fmt --check: repository sources not in the canonical layout (yusec fmt -i them):"
  cat "$tmp/repo.unformatted"
else
  ok "fmt --check: every repository source that parses is canonical (2 kept on purpose)"
fi
[ "$(grep -cxF "$keep_layout" "$tmp/repo.check")" = 2 ] ||
  fail "the two sources kept in their layout are no longer listed by --check: $(cat "$tmp/repo.check")"

# the golden: a messy source (spaces, tabs, CRLF, trailing blanks, blank runs, no final
# newline, a 若 swallowing lines) in its canonical layout
messy="$here/杂乱。着色器。豫"
"$yusec" fmt "$messy" >"$tmp/messy.out" 2>"$tmp/messy.err"
if [ "${YUSEC_UPDATE_GOLDEN:-}" = 1 ]; then cp "$tmp/messy.out" "$here/杂乱。期望"; fi
cmp -s "$tmp/messy.out" "$here/杂乱。期望" && ok "the messy source formats to its golden" ||
  { fail "the messy source's layout differs from 杂乱。期望"; diff "$here/杂乱。期望" "$tmp/messy.out" | head -30; }
grep -qF "$mislead" "$tmp/messy.err" && ok "the original's misleading indentation is still reported" ||
  fail "fmt hides the original's misleading-indentation warning"

# --check: 1 and the file's name when it would change, 0 when canonical
cp "$messy" "$tmp/乱。着色器。豫"
cp "$here/杂乱。期望" "$tmp/正。着色器。豫"
"$yusec" fmt --check "$tmp/正。着色器。豫" >"$tmp/check.out" 2>/dev/null && [ ! -s "$tmp/check.out" ] &&
  ok "--check: a canonical file exits 0, says nothing" || fail "--check on a canonical file"
"$yusec" fmt --check "$tmp/正。着色器。豫" "$tmp/乱。着色器。豫" >"$tmp/check.out" 2>/dev/null
status=$?
[ "$status" = 1 ] && [ "$(cat "$tmp/check.out")" = "$tmp/乱。着色器。豫" ] &&
  ok "--check: exit 1 naming only the file that would change" || fail "--check on a messy file (status $status)"
cmp -s "$messy" "$tmp/乱。着色器。豫" && ok "--check leaves the file alone" || fail "--check rewrote a file"

# -i: rewrites files that change, leaves the others untouched (not even their time)
touch -d '2001-01-01' "$tmp/正。着色器。豫"
chmod 0640 "$tmp/乱。着色器。豫"
inode_before=$(stat -c %i "$tmp/乱。着色器。豫")
"$yusec" fmt -i "$tmp/正。着色器。豫" "$tmp/乱。着色器。豫" >"$tmp/i.out" 2>/dev/null && [ ! -s "$tmp/i.out" ] ||
  fail "-i exits 0 and writes nothing to stdout"
cmp -s "$tmp/乱。着色器。豫" "$here/杂乱。期望" && ok "-i rewrites a messy file in place" || fail "-i did not rewrite"
# through a temporary renamed over the file (a failed write never truncates the source): a
# new inode, the old mode, no temporary left behind
[ "$(stat -c %i "$tmp/乱。着色器。豫")" != "$inode_before" ] && [ "$(stat -c %a "$tmp/乱。着色器。豫")" = 640 ] &&
  ! ls "$tmp" | grep -q '\.tmp' && ok "-i renames a temporary over the file, keeping its mode" ||
  fail "-i wrote the file in place (or lost its mode, or left a temporary)"
[ "$(stat -c %Y "$tmp/正。着色器。豫")" = "$(date -d '2001-01-01' +%s)" ] &&
  ok "-i leaves a canonical file untouched" || fail "-i touched a canonical file"

# stdin
"$yusec" fmt - <"$messy" 2>/dev/null | cmp -s - "$here/杂乱。期望" && ok "fmt - reads stdin" || fail "fmt -"

# bad input: a located diagnostic, exit 1, the file untouched
printf '「甲」者「乙」\n' >"$tmp/坏。着色器。豫"
cp "$tmp/坏。着色器。豫" "$tmp/坏.orig"
"$yusec" fmt -i "$tmp/坏。着色器。豫" >"$tmp/bad.out" 2>"$tmp/bad.err"
status=$?
[ "$status" = 1 ] && grep -q "坏。着色器。豫:2:1: error:" "$tmp/bad.err" && grep -q '^^' "$tmp/bad.err" &&
  ok "a source that does not parse: located error, exit 1" || { fail "bad input (status $status)"; cat "$tmp/bad.err"; }
cmp -s "$tmp/坏。着色器。豫" "$tmp/坏.orig" && ok "a source with errors is left untouched" || fail "-i rewrote a bad source"
"$yusec" fmt --check -i "$messy" >/dev/null 2>&1
[ $? = 2 ] && ok "--check with -i is a usage error (2)" || fail "--check -i"
"$yusec" fmt >/dev/null 2>&1
[ $? = 2 ] && ok "no file is a usage error (2)" || fail "fmt without files"

"$yusec" fmt --help | grep -q -- '--check' && ok "fmt --help prints its usage" || fail "fmt --help"

[ "$failures" = 0 ] && echo "all passed" || { echo "$failures failed"; exit 1; }
