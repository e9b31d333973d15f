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

# The YIR pipeline flags.
expect 0 "-emit-ir -O0 (straight from lowering)" -- -emit-ir -O0 "$example"
contains "$tmp/out" "entry @加倍入口 = compute @加倍" "-emit-ir prints the entry"
if grep -q '!uniform\|!non_uniform' "$tmp/out"; then
  echo "FAIL: -O0 ran the uniformity pass"; failures=$((failures + 1))
else echo "ok: -O0 runs no pass"; fi
expect 0 "-emit-ir default pipeline" -- -emit-ir "$example"
contains "$tmp/out" "!non_uniform" "the default pipeline records uniformity facts"
contains "$tmp/out" "ptr<storage_read_write" "the dump shows address spaces"
expect 0 "-passes=fold,dce -print-after=fold" -- -emit-ir -passes=fold,dce -print-after=fold "$example"
contains "$tmp/err" "在 fold 之后" "-print-after dumps after the named pass"
expect 0 "-print-after-all -verify-each" -- -emit-ir -print-after-all -verify-each "$example"
contains "$tmp/err" "在 dce 之后" "-print-after-all dumps after every pass"
expect 2 "unknown pass is a usage error" -- -emit-ir -passes=fold,nosuch "$example"
contains "$tmp/err" "nosuch" "an unknown pass is named"
expect 2 "unknown -target" -- -emit-ir -target=spirv "$example"
"$yusec" -emit-ir "$example" > "$tmp/round.yir" 2>/dev/null
expect 0 "a .yir file reads back" -- -emit-ir -O0 "$tmp/round.yir"
if cmp -s "$tmp/out" "$tmp/round.yir"; then echo "ok: YIR text round-trips through the driver"
else echo "FAIL: YIR text changed on the way back"; diff "$tmp/round.yir" "$tmp/out" | head; failures=$((failures + 1)); fi
expect 0 "-emit-wgsl" -- -emit-wgsl "$example"
contains "$tmp/err" "加倍入口	加倍	compute" "the WGSL entry table goes to stderr"
expect 1 "bad -arch" -- -emit-ptx -arch=sm_75 "$example"
contains "$tmp/err" "不支持的千手架构「sm_75」" "an unknown arch is a diagnostic before LLVM"

# Uniform buffers follow the storage layout (docs/targets.md); -fclassic-uniform-layout reports,
# naming the field, what the classic 16-byte uniform rules reject, on every target.
uniform="$examples/../库/点染/测试/样例/均匀布局。着色器。豫"
for action in -emit-wgsl -emit-msl -emit-ptx; do
  expect 0 "$action lays a uniform buffer out by the storage rules" -- "$action" "$uniform"
  expect 1 "$action -fclassic-uniform-layout" -- "$action" -fclassic-uniform-layout "$uniform"
done
contains "$tmp/err" "均匀布局。着色器。豫:10:1: error: 均匀缓冲「常量」的字段「权」的数组步长是 4 字节：经典均匀缓冲布局要求步长是 16 的倍数" "the classic rule names the array field and its stride"
contains "$tmp/err" "均匀缓冲「常量」的字段「权」（数组或结构）从第 4 字节开始" "the classic rule names the misaligned array"
contains "$tmp/err" "均匀缓冲「常量」的字段「偏」是结构，下一个字段在它之后 4 字节开始：经典均匀缓冲布局要求至少 16 字节" "the classic rule names the struct field"
expect 0 "-fclassic-uniform-layout passes a 16-byte-clean uniform" -- -emit-wgsl -fclassic-uniform-layout "$examples/../库/点染/测试/样例/饱和乘加。着色器。豫"

if [ "$failures" != 0 ]; then echo "$failures CLI checks failed"; exit 1; fi
echo "all CLI checks passed"
