#!/usr/bin/env bash
# Diagnostics on the command line (issue 18): did-you-mean for options and passes, JSON and
# SARIF output (the SARIF validated against the official schema), colour (always / never /
# auto on a pseudo-terminal, NO_COLOR), -Werror and -w, the YIR reader and verifier naming
# what they reject.
set -u
yusec=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
samples="$here/../../库/点染/测试/样例"
inputs="$here/inputs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
passed=0

ok() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }

# expect STATUS WHAT -- ARGS...: runs yusec (stdout $tmp/out, stderr $tmp/err).
expect() {
  local status=$1 what=$2; shift 3
  "$yusec" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" = "$status" ]; then ok; else fail "$what: exit $got, expected $status"; cat "$tmp/err" >&2; fi
}
contains() {
  if grep -qF -- "$2" "$1"; then ok; else fail "$3: '$2' not in $1"; cat "$1" >&2; fi
}
lacks() {
  if grep -qF -- "$2" "$1"; then fail "$3: '$2' in $1"; cat "$1" >&2; else ok; fi
}

near="$samples/近似名字。着色器。豫"
cd "$samples" || exit 2

# ---- did-you-mean on the command line ----
expect 2 "misspelt option" -- -fdiagnostic-format=json "$near"
contains "$tmp/err" "yusec: note: 是不是想写 '-fdiagnostics-format=json'？" "option suggestion keeps the value"
expect 2 "swapped letters" -- --verison
contains "$tmp/err" "是不是想写 '--version'？" "a swap is one edit"
expect 2 "bad format value" -- -fdiagnostics-format=jsn "$near"
contains "$tmp/err" "-fdiagnostics-format=jsn：可选 text、json、sarif" "the choices are listed"
contains "$tmp/err" "是不是想写 '-fdiagnostics-format=json'？" "value suggestion"
expect 2 "bad colour value" -- -fdiagnostics-color=sometimes "$near"
contains "$tmp/err" "可选 auto、always、never" "colour choices"
expect 2 "-print-after unknown pass" -- -emit-ir -print-after=inlin "$near"
contains "$tmp/err" "是不是想写 '-print-after=inline'？" "-print-after suggestion"
expect 2 "-passes unknown pass" -- -emit-ir -passes=fold,inlin 加倍。着色器。豫
contains "$tmp/err" "没有名为「inlin」的遍" "unknown pass"
contains "$tmp/err" "yusec: note: 是不是想写 '-passes=inline'？" "pass suggestion"
expect 2 "far pass name" -- -emit-ir -passes=bogus 加倍。着色器。豫
lacks "$tmp/err" "是不是" "no suggestion for a name far from every pass"

# ---- JSON: one object per diagnostic, notes inside ----
expect 1 "json" -- -fdiagnostics-format=json -check 近似名字。着色器。豫
if python3 - "$tmp/err" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
objs = [json.loads(line) for line in lines]
assert len(objs) == 5, len(objs)
first = objs[0]
assert set(first) == {"file", "line", "column", "end", "severity", "code", "name", "message", "notes"}, first
assert first["code"] == "Y0303" and first["name"] == "undefined-name", first
assert first["file"] == "近似名字。着色器。豫" and first["line"] == 9 and first["column"] == 7, first
assert first["end"] == {"line": 9, "column": 12}, first["end"]
assert first["severity"] == "error" and first["message"].startswith("未定义的类型「浮三三」"), first
assert first["notes"][0]["message"] == "是不是想写「浮三二」？", first["notes"]
assert first["notes"][0]["line"] == 9, first["notes"]
assert objs[3]["notes"][0]["message"] == "是不是想写「正切」或「正弦」？", objs[3]
PY
then ok; else fail "JSON diagnostics"; cat "$tmp/err" >&2; fi
lacks "$tmp/err" "^~" "JSON has no caret lines"

# ---- SARIF 2.1.0, validated against the official schema ----
schema="$here/schema/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"
expect 1 "sarif" -- -fdiagnostics-format=sarif -check 近似名字。着色器。豫
if [ ! -f "$schema" ] || ! /usr/bin/python3 -c "import jsonschema" 2>/dev/null; then
  # scripts/setup.sh installs both (CI runs it); a worktree without them checks the log's shape.
  echo "跳过：SARIF 模式未安装（scripts/setup.sh 装 test/diag/schema 与 python3-jsonschema），只查日志的结构"
  schema=-
fi
if /usr/bin/python3 "$here/check_sarif.py" "$schema" "$tmp/err" 5 >"$tmp/sarif.log" 2>&1; then
  ok
else
  fail "SARIF log"; cat "$tmp/sarif.log" >&2
fi
# A clean run is a valid log with no results.
expect 0 "sarif, no diagnostics" -- -fdiagnostics-format=sarif -check 加倍。着色器。豫
if /usr/bin/python3 "$here/check_sarif.py" "$schema" "$tmp/err" 0 >"$tmp/sarif.log" 2>&1; then
  ok
else
  fail "empty SARIF log"; cat "$tmp/sarif.log" "$tmp/err" >&2
fi

# ---- colour ----
expect 1 "colour always" -- -fdiagnostics-color=always -check 近似名字。着色器。豫
contains "$tmp/err" $'\033[1;31merror:' "red error"
contains "$tmp/err" $'\033[1;30mnote:' "grey note"
contains "$tmp/err" $'\033[1;32m^' "green caret"
NO_COLOR=1 "$yusec" -fdiagnostics-color=always -check 近似名字。着色器。豫 2>"$tmp/err"
contains "$tmp/err" $'\033[' "the flag wins over NO_COLOR"
expect 1 "colour never" -- -fdiagnostics-color=never -check 近似名字。着色器。豫
lacks "$tmp/err" $'\033[' "never: no escape"
expect 1 "auto, not a terminal" -- -check 近似名字。着色器。豫
lacks "$tmp/err" $'\033[' "auto on a pipe: no colour"
if command -v script >/dev/null 2>&1; then
  # script(1) gives the command a pseudo-terminal as stderr.
  script -qec "'$yusec' -check 近似名字。着色器。豫" /dev/null >"$tmp/tty" 2>&1
  contains "$tmp/tty" $'\033[1;31merror:' "auto on a terminal: colour"
  NO_COLOR=1 script -qec "'$yusec' -check 近似名字。着色器。豫" /dev/null >"$tmp/tty" 2>&1
  lacks "$tmp/tty" $'\033[1;31m' "auto on a terminal with NO_COLOR: none"
fi

# ---- -Werror and -w (the bidi-control warning of issue 20) ----
warned="$inputs/双向警告。着色器。豫"
expect 0 "warning alone" -- -check "$warned"
contains "$tmp/err" "warning: 双向文字控制字符" "the warning"
expect 1 "-Werror" -- -Werror -check "$warned"
contains "$tmp/err" "error: 双向文字控制字符" "-Werror makes it an error"
expect 0 "-w" -- -w -check "$warned"
if [ -s "$tmp/err" ]; then fail "-w left output"; cat "$tmp/err" >&2; else ok; fi

# ---- one warning by its name (base/diagnostics.def, docs/diagnostics.md) ----
misled="$inputs/缩进误导。着色器。豫"
expect 0 "-Wno-<name>" -- -Wno-bidi-chars -check "$warned"
if [ -s "$tmp/err" ]; then fail "-Wno-bidi-chars left output"; cat "$tmp/err" >&2; else ok; fi
expect 0 "-Wno-<name> keeps the others" -- -Wno-bidi-chars -check "$misled"
contains "$tmp/err" "warning: 「；」后的这一行" "another warning stays"
expect 1 "-Werror=<name>" -- -Werror=bidi-chars -check "$warned"
contains "$tmp/err" "error: 双向文字控制字符" "-Werror=bidi-chars makes it an error"
expect 0 "-Werror=<name> leaves the others" -- -Werror=bidi-chars -check "$misled"
expect 0 "-Werror -Wno-error=<name>" -- -Werror -Wno-error=bidi-chars -check "$warned"
contains "$tmp/err" "warning: 双向文字控制字符" "-Wno-error=bidi-chars keeps it a warning"
expect 0 "-Wall after -Wno-<name>" -- -Wno-bidi-chars -Wall -check "$warned"
contains "$tmp/err" "warning: 双向文字控制字符" "-Wall turns every warning back on"
expect 2 "unknown warning" -- -Wno-bidi-char -check "$warned"
contains "$tmp/err" "yusec: error: '-Wno-bidi-char'：没有名为「bidi-char」的警告" "the flag is named"
contains "$tmp/err" "yusec: note: 是不是想写 '-Wno-bidi-chars'？" "the closest warning, the flag's form kept"
expect 2 "an error's name" -- -Wno-undefined-name -check "$warned"
contains "$tmp/err" "「undefined-name」是错误，不是警告" "errors cannot be turned off"

# ---- yusec --explain: the catalogue's long explanation, by code or name ----
expect 0 "--explain code" -- --explain Y0205
contains "$tmp/out" "Y0205 misleading-indentation（警告）：缩进误导" "the entry's header"
contains "$tmp/out" "要它归「若」管，请把它缩进得比「若」深" "the explanation"
expect 0 "--explain name" -- --explain=undefined-name
contains "$tmp/out" "Y0303 undefined-name（错误）：未定义的名字或类型" "by name"
expect 2 "--explain unknown code" -- --explain Y9999
contains "$tmp/err" "yusec: error: --explain Y9999：没有这个代码或名字的诊断" "unknown code"
expect 2 "--explain misspelt name" -- --explain undefined-nam
contains "$tmp/err" "是不是想写 'undefined-name'？" "the closest name"
expect 2 "--explain without a value" -- --explain

# ---- a lone CR ends a line as LF and CRLF do (issue 30.14): the line an editor shows ----
printf '「甲」乃「无三二」也。\r「乙」乃「无三二」也。\r\n「甲」者「未定义」也。\n' >"$tmp/回车。着色器。豫"
expect 1 "lone CR" -- -check -fdiagnostics-color=never "$tmp/回车。着色器。豫"
contains "$tmp/err" "回车。着色器。豫:2:1: error: 「乙」只有类型签名" "the line after a lone CR"
contains "$tmp/err" "回车。着色器。豫:3:5: error: 未定义的名字「未定义」" "the line after a lone CR and a CRLF"
if grep -q $'\r' "$tmp/err"; then fail "a CR in the excerpt"; else ok; fi

# ---- warnings of the front end: each inputs/名。着色器。豫 with 名。警告 beside it checks
# with exit 0 and exactly that stderr (an empty 名。警告: no warning at all) ----
cd "$inputs" || exit 2
for src in *。着色器。豫; do
  stem=${src%。着色器。豫}
  [ -f "$stem。警告" ] || continue
  expect 0 "$src" -- -check "$src"
  if [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ]; then cp "$tmp/err" "$stem。警告"
  elif diff -u --label "expected $stem。警告" --label "actual" "$stem。警告" "$tmp/err"; then ok
  else fail "$src"; fi
done

# ---- the YIR reader names the token it rejects; the verifier the type it wanted ----
# Each inputs/名.yir has its expected stderr of -emit-ir beside it (名。错误).
cd "$inputs" || exit 2
for yir in *.yir; do
  stem=${yir%.yir}
  expect 1 "$yir" -- -emit-ir "$yir"
  if diff -u --label "expected $stem。错误" --label "actual" "$stem。错误" "$tmp/err"; then ok; else fail "$yir"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
