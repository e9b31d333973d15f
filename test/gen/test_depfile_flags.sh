#!/usr/bin/env bash
# The depfile's gcc flags (issue 29 item 11): -MT (the rule's targets), -MP (an empty rule per
# dependency but the input), -MMD (-MD without the builtin package 点染's files), their usage
# errors, and paths without "DIR/.." — an installed yusec finds 点染 as
# <prefix>/bin/../share/yusec/库/点染, and its depfile names <prefix>/share/yusec/库/点染.
#   test_depfile_flags.sh YUSEC SOURCE_DIR
set -u
yusec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
cp "$source/examples/加倍。着色器。豫" "$work/"
cd "$work" || exit 2
interface='点染本。着色器。接口。豫'

# -MT: the rule's targets instead of the output, several, escaped as paths are.
"$yusec" -emit-wgsl 加倍。着色器。豫 -o a.wgsl -MD -MT 'gen/一 号' -MT '$(OBJ)' -q || fail "-MD -MT"
[ "$(head -1 a.wgsl.d)" = 'gen/一\ 号 $$(OBJ): \' ] || fail "-MT targets: $(head -1 a.wgsl.d)"
grep -q "^  .*$interface$" a.wgsl.d || fail "-MT changed the dependencies"
"$yusec" -emit-wgsl 加倍。着色器。豫 -o a.wgsl -MD -MTjoined -q || fail "-MTjoined"
[ "$(head -1 a.wgsl.d)" = 'joined: \' ] || fail "-MT joined to its value: $(head -1 a.wgsl.d)"

# -MP: an empty rule for the interface, none for the input.
"$yusec" -emit-wgsl 加倍。着色器。豫 -o a.wgsl -MD -MP -q || fail "-MD -MP"
grep -qx ".*/$interface:" a.wgsl.d || { cat a.wgsl.d >&2; fail "-MP: no empty rule for the interface"; }
grep -qx "加倍。着色器。豫:" a.wgsl.d && fail "-MP: an empty rule for the input"
[ "$(grep -c ':$' a.wgsl.d)" = 1 ] || { cat a.wgsl.d >&2; fail "-MP: not one empty rule"; }
# Make reads it: with the interface gone, the phony rule keeps make from stopping.
printf 'all: a.wgsl\ninclude a.wgsl.d\n' >Makefile
mkdir -p p/库/点染 && cp "$(dirname "$yusec")/库/点染/$interface" p/库/点染/
sed "s|^\(  \)\?/.*/$interface|\1$work/p/库/点染/$interface|" a.wgsl.d >a.wgsl.d.new && mv a.wgsl.d.new a.wgsl.d
touch a.wgsl
rm p/库/点染/$interface
make -q -f Makefile >/dev/null 2>make.err
grep -q "No rule to make target" make.err && fail "make stops on a deleted dependency despite -MP"

# -MMD: the user's files only (点染 is the compiler's own, as gcc's system headers).
"$yusec" -emit-wgsl 加倍。着色器。豫 -o b.wgsl -MMD -q || fail "-MMD"
[ -f b.wgsl.d ] || fail "-MMD wrote no b.wgsl.d (the output plus .d)"
[ "$(cat b.wgsl.d)" = "$(printf 'b.wgsl: \\\n  加倍。着色器。豫')" ] || { cat b.wgsl.d >&2; fail "-MMD's depfile"; }
"$yusec" -emit-wgsl 加倍。着色器。豫 -o c.wgsl -MMD -MF c.deps -q && [ -f c.deps ] || fail "-MMD -MF"

# Usage errors (exit 2): -MT/-MP without a depfile, -MT without its value.
for args in "-MT x" "-MP" "-MD -MT"; do
  # shellcheck disable=SC2086
  "$yusec" -emit-wgsl 加倍。着色器。豫 -q -o d.wgsl $args >/dev/null 2>err
  [ $? = 2 ] && [ -s err ] || fail "'$args' is not a usage error"
done
grep -q "须与 -MD、-MMD 或 -MF 同用" <("$yusec" -emit-wgsl 加倍。着色器。豫 -o d.wgsl -MP 2>&1) ||
  fail "-MP alone does not say what it needs"
"$yusec" -emit-wgsl 加倍。着色器。豫 -MMD >/dev/null 2>err
[ $? = 2 ] && grep -q -- "-MMD/-MF 须与 -o" err || fail "-MMD without -o is not a usage error naming -MMD"

# An installed layout: <prefix>/bin/yusec finds <prefix>/bin/../share/yusec/库/点染.
mkdir -p prefix/bin prefix/share/yusec/库/点染
cp "$yusec" prefix/bin/yusec
cp "$(dirname "$yusec")/库/点染/$interface" prefix/share/yusec/库/点染/
prefix/bin/yusec -emit-wgsl 加倍。着色器。豫 -o e.wgsl -MD -q || fail "the installed layout's yusec"
grep -q "/\.\./\|/\./" e.wgsl.d && { cat e.wgsl.d >&2; fail "the depfile names a path with ../ or ./"; }
grep -qx "  $work/prefix/share/yusec/库/点染/$interface" e.wgsl.d ||
  { cat e.wgsl.d >&2; fail "the depfile does not name <prefix>/share/yusec/库/点染"; }

[ "$failed" = 0 ] || { echo "FAIL: $failed checks" >&2; exit 1; }
echo "通过：-MT、-MP、-MMD 与规整的路径"
