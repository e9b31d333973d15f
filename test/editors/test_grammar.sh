#!/usr/bin/env bash
# The editor grammar: (1) editors/vscode/syntaxes/yuyan.tmLanguage.json is what
# editors/gen_grammar.py makes of the lexer's keyword table (no drift); (2) every sample
# tokenizes, through vscode-textmate + vscode-oniguruma, to the tokens and scopes of its
# snapshot under test/editors/snapshots/ (required for examples/, test/editors/ and 点染本; a
# sample added elsewhere without one must still have every token scoped). Exit 77 (skipped) without node or `npm ci`.
#   test_grammar.sh ROOT [--update]
set -u
root=$1
mode=${2:---check}
grammar=$root/editors/vscode/syntaxes/yuyan.tmLanguage.json
tools=$root/test/tools
status=0

if ! python3 "$root/editors/gen_grammar.py" "$root/frontend/token.h" "$grammar" --check; then
  status=1
fi
python3 - "$root/editors/vscode/language-configuration.json" "$root/editors/vscode/package.json" <<'PY' || status=1
import json, sys
for path in sys.argv[1:]:
    json.load(open(path, encoding="utf-8"))
conf = json.load(open(sys.argv[1], encoding="utf-8"))
assert conf["comments"]["blockComment"] == ["「：", "：」"], conf["comments"]
pairs = {tuple(p) for p in conf["brackets"]}
for pair in (("「", "」"), ("『", "』"), ("（", "）"), ("【", "】")):
    assert pair in pairs, f"bracket pair {pair} missing"
PY

if ! command -v node >/dev/null 2>&1 || [ ! -d "$tools/node_modules/vscode-textmate" ] ||
   [ ! -d "$tools/node_modules/vscode-oniguruma" ]; then
  echo "跳过: node 或 test/tools/node_modules（npm ci）不在"
  [ $status -eq 0 ] && exit 77
  exit $status
fi

samples=()
for dir in examples test/golden/语法 库/点染/测试/样例 test/editors; do
  group=$(basename "$dir")
  for file in "$root/$dir"/*。豫; do
    [ -e "$file" ] || continue
    stem=$(basename "$file")
    stem=${stem%%。*}
    mark=
    case $group in examples|editors) mark='!' ;; esac
    samples+=("$mark$group.$stem=$file")
  done
done
samples+=("!点染本=$root/库/点染/点染本。着色器。接口。豫")
node "$tools/grammar_snapshot.mjs" "$grammar" "$root/test/editors/snapshots" "$mode" "${samples[@]}" || status=1
exit $status
