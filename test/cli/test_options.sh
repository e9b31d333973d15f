#!/usr/bin/env bash
# The command line of issue 18: standard input (-, --stdin-name), @file response files,
# -arch forms and newer arches, --version, -v/-###, -lineinfo/-g, -q, pass-list usage errors,
# --help and the man page, -ffile-prefix-map and outputs that do not depend on the checkout's place.
set -u
yusec=$1
source_dir=$2
man_page=$3
examples="$source_dir/examples"
example="$examples/加倍。着色器。豫"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
ok() { echo "ok: $1"; }

# expect STATUS DESCRIPTION -- ARGS... (stdin from $stdin_file when set)
stdin_file=/dev/null
expect() {
  local want=$1 what=$2; shift 3
  "$yusec" "$@" <"$stdin_file" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "$what: yusec $* exited $got, expected $want"; cat "$tmp/err"
  else ok "$what"; fi
}
contains() {
  if grep -qF -- "$2" "$1"; then ok "$3"; else fail "$3: '$2' not in $(basename "$1"):"; cat "$1"; fi
}
lacks() {
  if grep -qF -- "$2" "$1"; then fail "$3: '$2' found in $(basename "$1")"; else ok "$3"; fi
}
same() {
  if cmp -s "$1" "$2"; then ok "$3"; else fail "$3"; diff "$1" "$2" | head -5; fi
}

# ---- standard input ----
"$yusec" -emit-wgsl "$example" >"$tmp/file.wgsl" 2>/dev/null
stdin_file=$example
expect 0 "- reads the source from stdin" -- -emit-wgsl -
same "$tmp/file.wgsl" "$tmp/out" "stdin gives the same WGSL as the file"
printf '「甲」者「乙」' >"$tmp/bad.txt"
stdin_file=$tmp/bad.txt
expect 1 "a bad source on stdin" -- -check -
contains "$tmp/err" "<stdin>:1:" "stdin's diagnostics say <stdin>:line"
expect 1 "--stdin-name names it in messages" -- -check - --stdin-name 坏。着色器。豫
contains "$tmp/err" "坏。着色器。豫:1:" "the --stdin-name is the diagnostic's file"
stdin_file=$source_dir/test/modules/重名/限定名。着色器。豫
expect 1 "a package import from stdin without a name finds no package" -- -check -
(cd "$source_dir/test/modules/重名" && "$yusec" -emit-wgsl - --stdin-name 限定名。着色器。豫 \
   <限定名。着色器。豫 >"$tmp/out" 2>"$tmp/err")
if [ $? = 0 ] && cmp -s "$tmp/out" "$source_dir/test/modules/重名/限定名.wgsl"; then
  ok "--stdin-name places the source in its package (imports resolve, the golden matches)"
else fail "--stdin-name package discovery"; cat "$tmp/err"; fi
stdin_file=$example
expect 0 "-MD with stdin" -- -emit-wgsl - -o "$tmp/s.wgsl" -MD
lacks "$tmp/s.wgsl.d" "<stdin>" "standard input is no dependency in the depfile"
expect 2 "--stdin-name without -" -- -check "$example" --stdin-name x
contains "$tmp/err" "--stdin-name 只用于从标准输入读源" "--stdin-name alone is explained"
stdin_file=/dev/null

# ---- response files ----
mkdir -p "$tmp/带 空格"
cp "$example" "$tmp/带 空格/加倍。着色器。豫"
printf -- '-emit-wgsl\n"%s"\n' "$tmp/带 空格/加倍。着色器。豫" >"$tmp/args.rsp"
expect 0 "@file supplies the arguments (a quoted path with a space)" -- @"$tmp/args.rsp"
same "$tmp/file.wgsl" "$tmp/out" "@file gives the same output"
printf -- "-o '%s' @%s\n" "$tmp/nested.wgsl" "$tmp/args.rsp" >"$tmp/outer.rsp"
expect 0 "nested @file" -- @"$tmp/outer.rsp"
same "$tmp/file.wgsl" "$tmp/nested.wgsl" "nested @file's -o is honoured"
printf -- '-emit-wgsl\\ -q\n' >"$tmp/escaped.rsp"
expect 2 "a backslash-escaped space stays inside one argument" -- @"$tmp/escaped.rsp" "$example"
contains "$tmp/err" "未知选项 '-emit-wgsl -q'" "the escaped argument is one word"
expect 2 "a missing @file" -- @"$tmp/nosuch.rsp" "$example"
contains "$tmp/err" "响应文件 '$tmp/nosuch.rsp'" "the missing response file is named"
printf -- '-emit-wgsl\n  @%s\n' "$tmp/gone.rsp" >"$tmp/bad.rsp"
expect 2 "a missing nested @file" -- @"$tmp/bad.rsp" "$example"
contains "$tmp/err" "bad.rsp:2:3: error: 响应文件 '$tmp/gone.rsp'" "the nested miss is located at line:column"
contains "$tmp/err" "  @$tmp/gone.rsp" "the response file's line is quoted"
contains "$tmp/err" "^" "a caret marks it"
printf -- '@%s\n' "$tmp/self.rsp" >"$tmp/self.rsp"
expect 2 "a response file naming itself" -- @"$tmp/self.rsp"
contains "$tmp/err" "嵌套超过 32 层" "endless nesting is stopped"

# ---- -arch forms and newer arches ----
"$yusec" -emit-ptx -arch=sm_90 "$example" >"$tmp/eq.ptx" 2>/dev/null
expect 0 "-arch sm_90 (separate value)" -- -emit-ptx -arch sm_90 "$example"
same "$tmp/eq.ptx" "$tmp/out" "-arch sm_90 equals -arch=sm_90"
contains "$tmp/out" ".target sm_90" "the PTX targets sm_90"
expect 2 "-arch without a value" -- -emit-ptx "$example" -arch
for arch in sm_100 sm_120; do
  expect 1 "-arch=$arch" -- -emit-ptx -arch=$arch "$example"
  contains "$tmp/err" "千手架构「$arch」要 PTX ISA" "$arch: the message says what it needs"
  contains "$tmp/err" "LLVM 19 最多到 sm_90a" "$arch: and why this build cannot"
done

# ---- --version, -v, -### ----
expect 0 "--version" -- --version
contains "$tmp/out" "源码修订：" "--version names the source revision"
if grep -qE '^PTX 插件：LLVM 19\.[0-9]+\.[0-9]+' "$tmp/out" || grep -q '^PTX 插件：没有' "$tmp/out"; then
  ok "--version names the plugin's LLVM"; else fail "--version LLVM line"; cat "$tmp/out"; fi
expect 0 "-v runs and prints its stages" -- -emit-ptx -v "$example" -o "$tmp/v.ptx"
contains "$tmp/err" "yusec: 阶段：遍  tailrec,inline" "-v prints the PTX pipeline"
contains "$tmp/err" "yusec: 阶段：生成 PTX  libyusec-ptx.so" "-v prints the PTX stage"
"$yusec" -emit-ptx "$example" -o "$tmp/plain.ptx" 2>/dev/null
same "$tmp/plain.ptx" "$tmp/v.ptx" "-v writes what a plain run writes"
expect 0 "-### prints the stages" -- -### -emit-wgsl -fbounds-check "$example" -o "$tmp/never.wgsl"
contains "$tmp/err" "yusec: 阶段：遍  bounds," "-### shows -fbounds-check's pass first"
if [ -e "$tmp/never.wgsl" ]; then fail "-### wrote the output"; else ok "-### runs nothing"; fi
expect 0 "-### -emit-gen" -- -### -emit-gen "$example"
if [ "$(grep -c '阶段：遍' "$tmp/err")" = 3 ]; then ok "-emit-gen has three pipelines"; else
  fail "-emit-gen stages"; cat "$tmp/err"; fi

# ---- -lineinfo, -g (docs/targets.md, Line information; docs/yir.md) ----
expect 0 "-emit-ir -g" -- -emit-ir -g "$example"
contains "$tmp/out" "= load %3 ; $example:9:19" "-emit-ir -g: the load is at 「读数组」 (line 9, character 19)"
contains "$tmp/out" ") { ; $example:7:1" "-emit-ir -g: a function at its definition"
cp "$tmp/out" "$tmp/located.yir"
"$yusec" -emit-ir "$example" >"$tmp/plain.yir" 2>/dev/null
expect 0 "-emit-ir -lineinfo" -- -emit-ir -lineinfo "$example"
same "$tmp/located.yir" "$tmp/out" "-lineinfo and -g print the same places"
expect 0 "located YIR reads back" -- -emit-ir -O0 "$tmp/located.yir"
same "$tmp/plain.yir" "$tmp/out" "the reader skips the places: the module is the one without them"
expect 0 "-emit-wgsl -lineinfo" -- -emit-wgsl -q -lineinfo "$example"
same "$tmp/file.wgsl" "$tmp/out" "-lineinfo leaves WGSL as it is"
expect 0 "-### -emit-ptx -g" -- -### -emit-ptx -g "$example"
contains "$tmp/err" "-O3 -lineinfo" "-### shows line information on the PTX stage"
if "$yusec" --version | grep -q '^PTX 插件：LLVM'; then
  expect 0 "-emit-ptx -lineinfo" -- -emit-ptx -q -lineinfo "$example"
  contains "$tmp/out" "	.loc	1 9 19" "-emit-ptx -lineinfo has the load's line and column"
  cp "$tmp/out" "$tmp/lines.ptx"
  expect 0 "-emit-ptx -g" -- -emit-ptx -q -g "$example"
  same "$tmp/lines.ptx" "$tmp/out" "-g writes what -lineinfo writes"
  expect 0 "-emit-ptx without -lineinfo" -- -emit-ptx -q "$example"
  lacks "$tmp/out" ".file" "no .file without -lineinfo"
fi

# ---- -q ----
expect 0 "-emit-wgsl -q" -- -emit-wgsl -q "$example"
if [ -s "$tmp/err" ]; then fail "-q left the entry table on stderr"; cat "$tmp/err"; else ok "-q: nothing on stderr"; fi
expect 0 "-emit-wgsl without -q" -- -emit-wgsl "$example"
contains "$tmp/err" "加倍入口	加倍	compute" "without -q the table is there"
expect 2 "译 -q" -- 译 -q "$example"
contains "$tmp/err" "按着七总把入口表打印到标准错误" "the tool word keeps its table (着七)"
expect 0 "-q with -check (every action takes -q, issue 29 item 10)" -- -check -q "$example"

# ---- pass lists ----
expect 2 "-passes= with an unknown pass" -- -emit-ir -passes=inline,bogus "$example"
contains "$tmp/err" "-passes=：没有名为「bogus」的遍" "the unknown pass is named"
contains "$tmp/err" "可用的遍：tailrec、inline、latch、fold、dce、uniformity" "the passes are listed"
expect 2 "-print-after= an unknown pass" -- -emit-ir -print-after=inlin "$example"
contains "$tmp/err" "可用的遍：" "-print-after lists the passes"
expect 2 "-passes= empty" -- -emit-ir -passes= "$example"

# ---- --help, the man page ----
expect 0 "--help" -- --help
for title in "动作" "输入与输出" "诊断" "中间表示" "千手（PTX）" "信息" "yusec run 文件"; do
  contains "$tmp/out" "$title" "--help has the group $title"
done
cp "$tmp/out" "$tmp/help.txt"
# Every flag --help lists is one the parser knows (none is "unknown option").
grep -oE '^  (-[^ ,，]+|run)' "$tmp/help.txt" | sed 's/^  //' | sort -u >"$tmp/flags"
while read -r flag; do
  case "$flag" in run|--entry|--grid|--buffer|--out|--texture|--sampler|--shape|--ptx|--device|--subgroup-size|--max-steps|--dry-run|--verbose|--batch)
    "$yusec" run "$example" "$flag" >"$tmp/out" 2>"$tmp/err" </dev/null ;;
  *) "$yusec" "$flag" "$example" >"$tmp/out" 2>"$tmp/err" </dev/null ;;
  esac
  if grep -q "未知选项" "$tmp/err"; then fail "--help lists $flag but the parser rejects it"; fi
done <"$tmp/flags"
ok "every flag in --help is accepted ($(wc -l <"$tmp/flags") checked)"
expect 0 "run --help" -- run --help
contains "$tmp/out" "--subgroup-size N" "run --help lists run's options"
if [ -f "$man_page" ]; then
  if LC_ALL=C.UTF-8 groff -k -man -Tutf8 -ww -Wbreak -z "$man_page" 2>"$tmp/groff.err" && [ ! -s "$tmp/groff.err" ]; then
    ok "yusec.1 renders without groff warnings"; else fail "groff warns on yusec.1"; cat "$tmp/groff.err"; fi
  LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$man_page" 2>/dev/null | col -b >"$tmp/man.txt"
  while read -r flag; do contains "$tmp/man.txt" "$flag" "the man page has $flag"; done <"$tmp/flags"
else fail "no man page at $man_page"; fi

# ---- reproducible outputs (issue 20 item 10) ----
for where in a/one b/somewhere/two; do
  mkdir -p "$tmp/$where"
  cp -r "$examples" "$tmp/$where/examples"
  (cd "$tmp/$where/.." && for action in --entries=json -emit-gen -emit-wgsl -emit-msl -emit-ptx; do
     "$yusec" "$action" "$(basename "$where")/examples/加倍。着色器。豫" -o "$tmp/$(basename "$where")$action" 2>/dev/null
   done)
done
for action in --entries=json -emit-gen -emit-wgsl -emit-msl -emit-ptx; do
  same "$tmp/one$action" "$tmp/two$action" "$action: two checkouts give byte-identical output"
done
contains "$tmp/one--entries=json" '"source": "加倍。着色器。豫"' "--entries=json's source is relative to the package root"
if "$yusec" --version | grep -q '^PTX 插件：LLVM'; then
  for where in a/one b/somewhere/two; do
    (cd "$tmp/$where/.." && "$yusec" -emit-ptx -q -lineinfo "-ffile-prefix-map=$tmp/$where=/src" \
       "$(basename "$where")/examples/加倍。着色器。豫" -o "$tmp/$(basename "$where")-lineinfo.ptx" 2>/dev/null)
  done
  same "$tmp/one-lineinfo.ptx" "$tmp/two-lineinfo.ptx" "-lineinfo with -ffile-prefix-map: two checkouts give byte-identical PTX"
  contains "$tmp/one-lineinfo.ptx" '.file	1 "/src/examples/%E5%8A%A0' "-ffile-prefix-map rewrites .file"
fi
expect 0 "-ffile-prefix-map" -- --entries=json "-ffile-prefix-map=$tmp/a/one=/src" "$tmp/a/one/examples/加倍。着色器。豫"
contains "$tmp/out" '"source": "/src/examples/加倍。着色器。豫"' "-ffile-prefix-map rewrites the path"
expect 0 "the last matching map wins" -- --entries=json "-ffile-prefix-map=$tmp=/x" "-ffile-prefix-map=$tmp/a=/y" "$tmp/a/one/examples/加倍。着色器。豫"
contains "$tmp/out" '"source": "/y/one/examples/加倍。着色器。豫"' "maps are tried from the last"
expect 2 "-ffile-prefix-map without =" -- --entries=json -ffile-prefix-map=nothing "$example"
contains "$tmp/err" "须写成 旧=新" "a malformed map is explained"

if [ "$failures" != 0 ]; then echo "$failures option checks failed"; exit 1; fi
echo "all option checks passed"
