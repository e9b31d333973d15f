#!/usr/bin/env bash
# Command-line behaviour of the driver: exit statuses (0 ok, 1 diagnostics, 2 usage/I-O),
# help, version, tool words, -o.
set -u
yusec=$1
examples=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect STATUS DESCRIPTION -- ARGS...
expect() {
  local want=$1 what=$2; shift 3
  "$yusec" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL: $what: yusec $* exited $got, expected $want"; cat "$tmp/err"
    failures=$((failures + 1))
  else
    echo "ok: $what"
  fi
}

# contains FILE TEXT DESCRIPTION
contains() {
  if grep -qF -- "$2" "$1"; then echo "ok: $3"; else
    echo "FAIL: $3: '$2' not in $(basename "$1"):"; cat "$1"; failures=$((failures + 1)); fi
}

example="$examples/加倍。着色器。豫"
expect 0 "--help" -- --help
contains "$tmp/out" "用法" "--help prints usage"
expect 0 "--version" -- --version
contains "$tmp/out" "yusec " "--version prints the version"
expect 2 "no input" --
contains "$tmp/err" "没有输入文件" "no input is explained"
expect 2 "unknown option" -- -frobnicate "$example"
contains "$tmp/err" "未知选项 '-frobnicate'" "unknown option is named"
expect 2 "two inputs" -- "$example" "$example"
expect 2 "-o without value" -- "$example" -o
expect 2 "missing file" -- -check "$tmp/不存在。着色器。豫"
contains "$tmp/err" "不存在。着色器。豫: error: 无法打开文件" "missing file names the path"
expect 2 "conflicting actions" -- -check -dump-ast "$example"
expect 2 "bad -fmax-errors" -- -fmax-errors=x "$example"
expect 0 "check the seed example" -- -check "$example"
expect 0 "tool word 检查" -- 检查 "$example"
expect 0 "-dump-ast to -o" -- -dump-ast "$example" -o "$tmp/ast.txt"
contains "$tmp/ast.txt" "「加倍」" "-o file holds the dump"
touch -d '2000-01-01' "$tmp/ast.txt"
expect 0 "-o unchanged" -- -dump-ast "$example" -o "$tmp/ast.txt"
if [ "$(stat -c %Y "$tmp/ast.txt")" = "$(date -d 2000-01-01 +%s)" ]; then
  echo "ok: unchanged output leaves the file untouched"
else
  echo "FAIL: unchanged output rewrote the file"; failures=$((failures + 1))
fi
printf '「甲」者「乙」' > "$tmp/坏。着色器。豫"
expect 1 "syntax error exits 1" -- -check "$tmp/坏。着色器。豫"
contains "$tmp/err" "坏。着色器。豫:1:" "diagnostic carries file:line"
printf '\xff\xfe' > "$tmp/乱码。着色器。豫"
expect 1 "invalid UTF-8 exits 1" -- -check "$tmp/乱码。着色器。豫"

if [ "$failures" != 0 ]; then echo "$failures CLI checks failed"; exit 1; fi
echo "all CLI checks passed"
