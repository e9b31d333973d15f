#!/usr/bin/env bash
# -emit-dot (issue 18): each function's structured control flow as Graphviz, rendered by
# Debian's graphviz (`dot`) into SVG that must parse as XML. Exit 77 (ctest: skipped) when
# graphviz is not installed (scripts/setup.sh installs it).
set -u
yusec=$1
samples=$2
command -v dot >/dev/null 2>&1 || { echo "skipped: graphviz (dot) is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
ok() { echo "ok: $1"; }
contains() { if grep -qF -- "$2" "$1"; then ok "$3"; else fail "$3: '$2' not in $(basename "$1")"; fi; }

# render DOT SVG DESCRIPTION: dot accepts it and the SVG is well-formed XML.
render() {
  if dot -Tsvg "$1" -o "$2" 2>"$tmp/dot.err" && [ ! -s "$tmp/dot.err" ] &&
     python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(0 if r.tag.endswith("svg") else 1)' "$2"; then
    ok "$3"
  else fail "$3"; cat "$tmp/dot.err"; fi
}

"$yusec" -emit-dot "$samples/工作组归约。着色器。豫" -o "$tmp/reduce.dot" || fail "-emit-dot exits 0"
render "$tmp/reduce.dot" "$tmp/reduce.svg" "a loop with branches and barriers renders"
contains "$tmp/reduce.dot" 'label="continue"' "a continue is an edge back to the loop head"
contains "$tmp/reduce.dot" 'label="break"' "a break is an edge out of the loop"
contains "$tmp/reduce.dot" 'shape=hexagon' "the loop is a hexagon"
contains "$tmp/reduce.dot" '⚠ workgroup_barrier' "a barrier is marked as needing uniform control flow"
contains "$tmp/reduce.dot" '<font color="#1a7f37">%3:u32 !uniform' "a uniform value is green"
contains "$tmp/reduce.dot" '<font color="#cf222e">%5:bool !non_uniform' "a non-uniform value is red"
contains "$tmp/reduce.svg" 'workgroup_barrier' "the SVG holds the instructions"

# The names are Chinese: nodes and edges use a CJK font (issue 29 item 6), one that fontconfig
# finds here (scripts/setup.sh installs fonts-noto-cjk), so the picture shows them, not boxes.
font="Noto Sans Mono CJK SC"
contains "$tmp/reduce.dot" "graph [fontname=\"$font\"" "the graph (its function clusters) names a CJK font"
contains "$tmp/reduce.dot" "node [fontname=\"$font\"" "nodes name a CJK font"
contains "$tmp/reduce.dot" "edge [fontname=\"$font\"" "edges name a CJK font"
if command -v fc-match >/dev/null 2>&1; then
  if fc-match -f '%{family}\n' "$font:lang=zh-cn" | grep -q "CJK"; then ok "fontconfig finds $font"
  else fail "fontconfig has no $font (scripts/setup.sh installs fonts-noto-cjk)"; fi
  # dot -v names each font it resolved: all of them the CJK one (none left to Times-Roman).
  dot -Tpng "$tmp/reduce.dot" -o "$tmp/reduce.png" -v 2>&1 | grep '^fontname:' >"$tmp/fonts"
  if [ -s "$tmp/fonts" ] && ! grep -v "resolved to: .*CJK" "$tmp/fonts"; then ok "dot -Tpng draws every text with the CJK font"
  else fail "dot -Tpng draws some text without the CJK font"; fi
fi

# A uniformity error: the graph after the failing analysis shows why (stderr, exit 1).
"$yusec" -emit-dot -print-after=uniformity "$samples/非一致屏障。着色器。豫" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && ok "the rejected program exits 1" || fail "the rejected program's status"
contains "$tmp/err" "须在一致控制流里执行" "the uniformity error is reported"
sed -n '/^digraph/,/^}/p' "$tmp/err" >"$tmp/barrier.dot"
render "$tmp/barrier.dot" "$tmp/barrier.svg" "the failing module's graph renders"
contains "$tmp/barrier.dot" '非一致分支' "the non-uniform branch is marked"
contains "$tmp/barrier.dot" 'fillcolor="#ffebe9"' "and filled red"
contains "$tmp/barrier.dot" '⚠ workgroup_barrier' "the barrier under it is marked"
if [ -s "$tmp/out" ]; then fail "nothing on stdout when the pipeline fails"; else ok "stdout stays empty"; fi

# Each pass's graph with -print-after; the PTX pipeline with -target=ptx.
"$yusec" -emit-dot -print-after=fold "$samples/前缀和。着色器。豫" >"$tmp/final.dot" 2>"$tmp/err" || fail "-print-after=fold"
contains "$tmp/err" "// *** 在 fold 之后 ***" "-print-after prints Graphviz after the pass"
sed -n '/^digraph/,/^}/p' "$tmp/err" >"$tmp/fold.dot"
render "$tmp/fold.dot" "$tmp/fold.svg" "the -print-after graph renders"
render "$tmp/final.dot" "$tmp/final.svg" "the final graph renders"
"$yusec" -emit-dot -target=ptx "$samples/前缀和。着色器。豫" -o "$tmp/ptx.dot" || fail "-emit-dot -target=ptx"
render "$tmp/ptx.dot" "$tmp/ptx.svg" "the PTX pipeline's graph (inlined) renders"
"$yusec" -emit-dot -target=spirv "$samples/前缀和。着色器。豫" >/dev/null 2>&1
[ $? = 2 ] && ok "-emit-dot -target=spirv is a usage error" || fail "-target=spirv status"

if [ "$failures" != 0 ]; then echo "$failures dot checks failed"; exit 1; fi
echo "all dot checks passed"
