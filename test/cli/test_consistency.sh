#!/usr/bin/env bash
# A consistent command line (issue 29 items 7–10, 12, 13; issue 30 items 6, 9, 16): every
# action checks as the targets do, every action takes -q, -v, -### and
# -fdiagnostics-format (run too), outputs never replace inputs or each other, response files
# are bounded. Each check names the item it guards.
set -u
yusec=$1
source_dir=$2
man_page=$3
doc_dir=$4
samples="$source_dir/库/点染/测试/样例"
example="$source_dir/examples/加倍。着色器。豫"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# expect STATUS DESCRIPTION -- ARGS...: runs yusec (stdout in $tmp/out, stderr in $tmp/err).
expect() {
  local want=$1 what=$2; shift 3
  timeout 60 "$yusec" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" != "$want" ]; then fail "$what: yusec $* exited $got, expected $want"; head -20 "$tmp/err"
  else ok "$what"; fi
}
contains() {
  if grep -qF -- "$2" "$1"; then ok "$3"; else fail "$3: '$2' not in $(basename "$1")"; head -20 "$1"; fi
}
lacks() {
  if grep -qF -- "$2" "$1"; then fail "$3: '$2' in $(basename "$1")"; head -20 "$1"; else ok "$3"; fi
}
empty() {
  if [ -s "$1" ]; then fail "$2: $(basename "$1") is not empty"; head -20 "$1"; else ok "$2"; fi
}

# ---- issue 29 item 7: -check runs the uniformity analysis, as every target does ----
barrier="$samples/非一致屏障。着色器。豫"
expect 1 "-check rejects a barrier in non-uniform control flow" -- -check "$barrier"
contains "$tmp/err" "非一致屏障。着色器。豫:10:4: error: 此运算（workgroupBarrier）须在一致控制流里执行" \
  "-check's uniformity error is located at the barrier"
contains "$tmp/err" "控制流取决于此处可能不一致的条件" "-check explains the non-uniform condition"
expect 1 "the default action is -check, with the uniformity analysis" -- "$barrier"
expect 1 "检查 (the tool word) rejects it too" -- 检查 "$barrier"
expect 0 "-check -fno-uniformity-check accepts it (as the targets do)" -- -check -fno-uniformity-check "$barrier"
expect 1 "-check reads .yir and runs the analysis" -- -check "$source_dir/test/passes/uniformity/分叉的屏障.yir"
contains "$tmp/err" "分叉的屏障.yir:8:5: error: 此运算（workgroupBarrier）" "-check on .yir is located"
expect 0 "-check still accepts a good kernel" -- -check "$example"
empty "$tmp/out" "-check writes nothing on stdout"
expect 1 "-v -check" -- -v -check "$barrier"
contains "$tmp/err" "uniformity（WGSL 的流程）" "-v -check names the uniformity analysis among its stages"
lacks "$tmp/err" "写出" "-v -check writes no output"

# ---- issue 30 item 16: the missing-plugin note, one line per path tried ----
YUSEC_PTX_PLUGIN=$tmp/没有.so expect 1 "a missing PTX plugin is an error" -- -emit-ptx "$example"
contains "$tmp/err" "yusec: note: 找过 $tmp/没有.so" "the note names the path tried on its own line"
lacks "$tmp/err" "<U+000A>" "the note's line breaks are not spelled <U+000A>"

# ---- issue 30 item 9: response files are bounded (arguments, bytes, files read) ----
mkdir "$tmp/rsp"
for i in $(seq 0 30); do echo "@f$((i + 1)) @f$((i + 1))" >"$tmp/rsp/f$i"; done
echo "-q" >"$tmp/rsp/f31"
(cd "$tmp/rsp" && timeout 20 "$yusec" @f0 >"$tmp/out" 2>"$tmp/err")
[ $? = 2 ] && ok "31 files naming the next twice: exit 2, not 2^31 arguments" || fail "doubling response files did not exit 2"
contains "$tmp/err" "f30:1:6: error: 响应文件 'f31'：读入的响应文件超过 10000 个" "the file past the bound is named at its place"
python3 -c "print('a ' * 600000)" >"$tmp/rsp/args"
echo "@args @args" >"$tmp/rsp/two"
(cd "$tmp/rsp" && timeout 20 "$yusec" @two >"$tmp/out" 2>"$tmp/err")
[ $? = 2 ] && ok "1.2 million arguments from response files: exit 2" || fail "1.2 million arguments did not exit 2"
contains "$tmp/err" "响应文件 'args'：展开后的参数超过 1000000 个（上限）" "the argument bound names the file"
python3 -c "print('x' * 2000000)" >"$tmp/rsp/big"
for i in $(seq 1 40); do echo "@big"; done >"$tmp/rsp/many"
(cd "$tmp/rsp" && timeout 20 "$yusec" @many >"$tmp/out" 2>"$tmp/err")
[ $? = 2 ] && ok "80 MB of arguments from response files: exit 2" || fail "80 MB of response-file arguments did not exit 2"
contains "$tmp/err" "响应文件 'big'：展开后的参数超过 64 MiB（上限）" "the byte bound names the file"

# ---- issue 30 item 6: no output replaces an input or another output ----
mkdir "$tmp/own"
cp "$example" "$tmp/own/k。着色器。豫"
cp "$tmp/own/k。着色器。豫" "$tmp/own/original"
expect 2 "run --out naming the source is refused" -- run "$tmp/own/k。着色器。豫" --device=cpu --buffer 0:0=u32:1,2,3,4 --out 0:0="$tmp/own/k。着色器。豫"
contains "$tmp/err" "--out 0:0 的文件 '$tmp/own/k。着色器。豫' 是本次读取的输入，拒绝覆盖它" "run says why"
expect 2 "run --out naming the source by another spelling" -- run "$tmp/own/k。着色器。豫" --device=cpu --buffer 0:0=u32:1,2,3,4 --out 0:0="$tmp/own/../own/k。着色器。豫"
cmp -s "$tmp/own/k。着色器。豫" "$tmp/own/original" && ok "the source is intact" || fail "run --out overwrote the source"
printf '\1\0\0\0\2\0\0\0\3\0\0\0\4\0\0\0' >"$tmp/own/state.bin"
expect 0 "run --out may update its own --buffer @FILE in place" -- run "$tmp/own/k。着色器。豫" --device=cpu --buffer 0:0=u32:@"$tmp/own/state.bin" --out 0:0="$tmp/own/state.bin"
[ "$(od -An -tu4 "$tmp/own/state.bin" | tr -s ' ')" = " 2 4 6 8" ] && ok "the buffer file holds the results" || fail "state.bin: $(od -An -tu4 "$tmp/own/state.bin")"
bits="$samples/位运算。着色器。豫"
(cd "$tmp/own" && timeout 20 "$yusec" run "$bits" --device=cpu --buffer 0:0=u32:64*0 --buffer 0:1=u32:64*0 \
   --buffer 0:2=f32:64*0 --buffer 0:3=u32:64*0 --out 0:1=o.bin --out 0:2=./o.bin >"$tmp/out" 2>"$tmp/err")
[ $? = 2 ] && ok "two --out naming one file (o.bin, ./o.bin) are refused" || fail "two --out naming one file"
contains "$tmp/err" "--out 0:1 与 --out 0:2 写同一个文件 './o.bin'" "run names both --out"
[ ! -e "$tmp/own/o.bin" ] && ok "nothing ran" || fail "two --out wrote o.bin"
expect 2 "run -v still refuses -o" -- run -v "$example" --device=cpu --buffer 0:0=u32:1 -o "$tmp/own/x"
contains "$tmp/err" "run 不用 -o" "run -v -o is the usual usage error"
expect 2 "-MF equal to -o is refused" -- -emit-wgsl "$example" -o "$tmp/own/x.wgsl" -MF "$tmp/own/x.wgsl"
contains "$tmp/err" "两个输出都写到 '$tmp/own/x.wgsl'" "-MF = -o says so"
[ ! -e "$tmp/own/x.wgsl" ] && ok "nothing was written" || fail "-MF = -o wrote $tmp/own/x.wgsl"
expect 2 "-MF equal to -o by another spelling" -- -emit-wgsl "$example" -o "$tmp/own/x.wgsl" -MF "$tmp/own/./x.wgsl"
expect 0 "-MF elsewhere is fine" -- -emit-wgsl "$example" -o "$tmp/own/x.wgsl" -MF "$tmp/own/x.d"

# ---- issue 29 item 9: -v/-### with -emit=LIST -o-dir; -o-dir is made when missing ----
expect 0 "-### -emit=wgsl,msl,json -o-dir" -- -### -emit=wgsl,msl,json -o-dir "$tmp/nd/a" -MD "$example"
contains "$tmp/err" "阶段：写出  $tmp/nd/a/加倍.wgsl" "-### names DIR/名.wgsl"
contains "$tmp/err" "阶段：写出  $tmp/nd/a/加倍.metal" "-### names DIR/名.metal"
contains "$tmp/err" "阶段：写出  $tmp/nd/a/加倍.json" "-### names DIR/名.json"
contains "$tmp/err" "阶段：写依赖文件  $tmp/nd/a/加倍.d" "-### names the depfile DIR/名.d"
contains "$tmp/err" "（MSL 的流程）" "-### lists MSL's passes"
contains "$tmp/err" "阶段：生成 MSL" "-### lists MSL's code generation"
lacks "$tmp/err" "写出  标准输出" "-### does not claim stdout"
[ "$(grep -c '阶段：类型检查' "$tmp/err")" = 1 ] && ok "one front end for the list" || fail "the front end is listed $(grep -c '阶段：类型检查' "$tmp/err") times"
[ ! -e "$tmp/nd" ] && ok "-### makes no directory" || fail "-### made $tmp/nd"
if "$yusec" -emit-ptx -q "$example" >/dev/null 2>&1; then
  expect 0 "-### -emit=ptx -arch=sm_80,sm_90" -- -### -emit=ptx -arch=sm_80,sm_90 -o-dir "$tmp/nd" "$example"
  contains "$tmp/err" "-arch=sm_90 -ptx-version" "-### lists the PTX of each arch"
  contains "$tmp/err" "阶段：写出  $tmp/nd/加倍.sm_90.ptx" "-### names each arch's file"
fi
expect 0 "-v -emit=wgsl,json -o-dir a missing nested directory" -- -v -emit=wgsl,json -o-dir "$tmp/nd/b/c" "$example"
[ -s "$tmp/nd/b/c/加倍.wgsl" ] && [ -s "$tmp/nd/b/c/加倍.json" ] && ok "-o-dir made the directory and wrote into it" || fail "-o-dir $tmp/nd/b/c"
contains "$tmp/err" "阶段：写出  $tmp/nd/b/c/加倍.json" "-v names the files it writes"
: >"$tmp/plain"
expect 2 "-o-dir under a file" -- -emit=wgsl -o-dir "$tmp/plain/d" "$example"
contains "$tmp/err" "无法创建目录 '$tmp/plain'：已有同名的文件" "the directory that cannot be made is named"

# ---- issue 29 item 10: -q is taken by every action ----
for action in -check -dump-ast -emit-ir -emit-dot -emit-wgsl -emit-msl -emit-gen --entries=json 检查; do
  expect 0 "$action -q" -- $action -q "$example"
  empty "$tmp/err" "$action -q: nothing on stderr"
done
expect 0 "-emit=wgsl,json -q" -- -emit=wgsl,json -q -o-dir "$tmp/q" "$example"
if "$yusec" -emit-ptx -q "$example" >/dev/null 2>&1; then
  expect 0 "-emit-llvm -q" -- -emit-llvm -q "$example"
  empty "$tmp/err" "-emit-llvm -q drops the entry table"
  expect 0 "-emit-llvm without -q" -- -emit-llvm "$example"
  contains "$tmp/err" "加倍入口" "-emit-llvm prints the entry table without -q"
fi
expect 0 "run -q" -- run -q "$example" --device=cpu --buffer 0:0=u32:1,2,3,4
contains "$tmp/out" "0:0 数据 u32[4] = 2, 4, 6, 8" "run -q still prints the results"
expect 2 "译 -q keeps 着七's table" -- 译 -q "$example"

# ---- issue 29 item 8: run honours -fdiagnostics-format, -v and -### ----
export YUSEC_CUDA_LIBRARY=/不存在/libcuda.so.1  # no GPU, whatever the machine has
# sarif_results FILE: "level:message" per result, or exit 1 when FILE is not one SARIF log
sarif_results() {
  python3 -c '
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0"
for r in log["runs"][0]["results"]:
    print(r["level"] + ":" + r["message"]["text"])
' "$1"
}
# expect_sarif STATUS DESCRIPTION TEXT -- ARGS: stderr is one SARIF log with a result holding TEXT
expect_sarif() {
  local want=$1 what=$2 text=$3; shift 4
  expect "$want" "$what" -- "$@" -fdiagnostics-format=sarif
  if sarif_results "$tmp/err" >"$tmp/results" 2>"$tmp/why"; then ok "$what: stderr is one SARIF log"
  else fail "$what: stderr is not one SARIF log: $(cat "$tmp/why" | tail -1)"; head -5 "$tmp/err"; fi
  contains "$tmp/results" "$text" "$what: the SARIF log has the result"
}
run_ex=(run "$example" --device=cpu)
expect_sarif 1 "run: a located fault" "error:CPU 执行失败：越界访问" -- "${run_ex[@]}" --buffer 0:0=u32:1,2,3
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"][0]
assert r["locations"][0]["physicalLocation"]["region"]["startLine"] == 9
' "$tmp/err" && ok "the fault's SARIF result is located (line 9)" || fail "the fault's SARIF result has no place"
expect_sarif 2 "run: a missing buffer" "error:入口用到缓冲 0:0（数据），却没有给出它的内容" -- "${run_ex[@]}"
expect_sarif 0 "run: an unused buffer" "warning:入口「加倍入口」没有用到缓冲 0:1，忽略它" -- "${run_ex[@]}" --buffer 0:0=u32:1,2,3,4 --buffer 0:1=u32:1
contains "$tmp/out" "0:0 数据 u32[4] = 2, 4, 6, 8" "the results still go to stdout"
expect_sarif 2 "run: no GPU" "error:没有可用的 GPU，无法运行" -- run "$example" --buffer 0:0=u32:1,2,3,4
expect_sarif 0 "run --device=auto without a GPU" "note:没有可用的 GPU（" -- run "$example" --device=auto --buffer 0:0=u32:1,2,3,4
printf '「甲」者「乙」' >"$tmp/坏。着色器。豫"
expect_sarif 1 "run: a compile error" "error:" -- run "$tmp/坏。着色器。豫" --device=cpu
expect 1 "run -fdiagnostics-format=json" -- "${run_ex[@]}" --buffer 0:0=u32:1,2,3 -fdiagnostics-format=json
python3 -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert len(lines) == 1 and lines[0]["severity"] == "error" and lines[0]["line"] == 9
' "$tmp/err" && ok "run's JSON diagnostics are JSON lines" || { fail "run's JSON diagnostics"; cat "$tmp/err"; }
expect 0 "run -### runs nothing" -- run -### "$example" --device=cpu --buffer 0:0=u32:1,2,3
empty "$tmp/out" "run -### prints no results (the kernel did not run)"
contains "$tmp/err" "阶段：遍  tailrec,inline,latch,fold,dce,uniformity（PTX 的流程）" "run -### lists the passes"
contains "$tmp/err" "阶段：运行  唯一的计算入口，网格 1,1,1，在 CPU 上（YIR 执行器）" "run -### says where it would run"
lacks "$tmp/err" "越界" "run -### did not execute"
expect 0 "run -### needs no GPU" -- run -### "$example" --entry 加倍入口 --grid 2 --out 0:0="$tmp/never.bin"
contains "$tmp/err" "生成 PTX" "run -### on the GPU lists the PTX"
contains "$tmp/err" "1 个缓冲写进 --out 文件" "run -### names the --out files"
[ ! -e "$tmp/never.bin" ] && ok "run -### writes no --out" || fail "run -### wrote $tmp/never.bin"
expect 0 "run -v" -- run -v "$example" --device=cpu --buffer 0:0=u32:1,2,3,4
contains "$tmp/err" "阶段：运行" "run -v prints the stages"
contains "$tmp/out" "0:0 数据 u32[4] = 2, 4, 6, 8" "run -v runs the kernel"

# ---- issue 29 item 12: the no-GPU error suggests --device=cpu ----
expect 2 "run without a GPU" -- run "$example" --buffer 0:0=u32:1,2,3,4
contains "$tmp/err" "yusec: note: --device=cpu 在 CPU 上执行" "the no-GPU error suggests --device=cpu"
unset YUSEC_CUDA_LIBRARY

# ---- issue 29 item 12: yusec lsp --help ----
if "$yusec" lsp --bogus </dev/null >/dev/null 2>"$tmp/err"; [ $? = 2 ] && ! grep -q "没有语言服务器" "$tmp/err"; then
  expect 0 "yusec lsp --help" -- lsp --help
  contains "$tmp/out" "用法：yusec lsp [--stdio] [-I 目录]…" "lsp --help prints its usage on stdout"
  expect 0 "yusec lsp -h" -- lsp -h
  expect 2 "yusec lsp with an unknown argument" -- lsp --bogus
fi

# ---- issue 29 item 12: -g is an option; suggestions only for near spellings ----
expect 0 "-g is an option (-check)" -- -check -g "$example"
expect 0 "-g with run" -- run -g "$example" --device=cpu --buffer 0:0=u32:1,2,3,4
for flag in -G -x -W -O -M; do
  expect 2 "unknown $flag" -- -check "$flag" "$example"
  lacks "$tmp/err" "是不是想写" "$flag (one letter) gets no arbitrary suggestion"
done
expect 2 "-Lineinfo" -- -check -Lineinfo "$example"
contains "$tmp/err" "是不是想写 '-lineinfo'？" "a case slip in a long flag is suggested"
expect 2 "-g3" -- -check -g3 "$example"
contains "$tmp/err" "是不是想写 '-g'？" "-g3 suggests -g"

# ---- issue 29 item 12: --buffer values of another type than the buffer's ----
expect 0 "run --buffer f32 on a u32 buffer" -- run "$example" --device=cpu --buffer 0:0=f32:1,2,3,4
contains "$tmp/err" "warning: --buffer 0:0=f32:1,2,3,4：缓冲 0:0（数据）的元素是 u32，给的值却是 f32" "the type slip is a warning naming the option"
expect 1 "-Werror makes it an error" -- run "$example" --device=cpu --buffer 0:0=f32:1,2,3,4 -Werror
expect 0 "run --buffer u32 on a u32 buffer" -- run "$example" --device=cpu --buffer 0:0=u32:1,2,3,4
empty "$tmp/err" "the right type gives no warning"

# ---- issue 29 item 12: -emit-llvm -o x.bc writes bitcode ----
if "$yusec" -emit-ptx -q "$example" >/dev/null 2>&1; then
  expect 0 "-emit-llvm -o x.bc" -- -emit-llvm -q "$example" -o "$tmp/x.bc"
  [ "$(head -c 4 "$tmp/x.bc" | od -An -tx1 | tr -d ' ')" = 4243c0de ] && ok "x.bc starts with the bitcode magic" ||
    fail "x.bc is not bitcode: $(head -c 16 "$tmp/x.bc" | od -c | head -1)"
  expect 0 "-emit-llvm -o x.ll" -- -emit-llvm -q "$example" -o "$tmp/x.ll"
  contains "$tmp/x.ll" 'target triple = "nvptx64-nvidia-cuda"' "-o x.ll is text"
  if command -v llvm-dis-19 >/dev/null; then
    llvm-dis-19 "$tmp/x.bc" -o "$tmp/round.ll" && grep -q '^define ptx_kernel void @yy_' "$tmp/round.ll" &&
      ok "llvm-dis-19 reads x.bc back to the kernel" || fail "llvm-dis-19 cannot read x.bc"
  fi
  expect 0 "-v -emit-llvm -o x.bc" -- -v -emit-llvm -q "$example" -o "$tmp/x.bc"
  contains "$tmp/err" "NVPTX 后端之前）  位码" "-v says it writes bitcode"
fi

# ---- issue 29 item 13: the documentation says what the tool does ----
see_also=$(sed -n '/^\.SH "SEE ALSO"/{n;p}' "$man_page")
case "$see_also" in
  "$doc_dir 里的文档"*) ok "SEE ALSO names the installed document directory ($doc_dir)" ;;
  *) fail "SEE ALSO does not name $doc_dir: $see_also" ;;
esac
named=$(printf '%s\n' "$see_also" | grep -o '[a-z_]*\.md' | sort -u)
[ -n "$named" ] && ok "SEE ALSO names documents" || fail "SEE ALSO names no document"
for doc in $named; do
  [ -f "$source_dir/docs/$doc" ] && ok "SEE ALSO's $doc is in docs/ (installed there)" || fail "SEE ALSO names $doc, which docs/ lacks"
done
grep -q 'install(FILES ${YUSEC_DOCS} DESTINATION "${CMAKE_INSTALL_DOCDIR}")' "$source_dir/CMakeLists.txt" &&
  ok "cmake --install puts docs/*.md into the DOCDIR" || fail "docs/*.md are not installed"
lacks "$source_dir/include/yusec/yusec.h" "-ir-target=" "yusec.h names the flag -target= (there is no -ir-target=)"
grep -q -- '-target=' "$source_dir/include/yusec/yusec.h" && ok "yusec.h says -target=" || fail "yusec.h lacks -target="
expect 0 "--help" -- --help
contains "$tmp/out" "任何动作都可用" "--help says -q is for every action"
for flag in '`-q`' '`-v` / `-###`'; do
  grep -qF -- "| $flag |" "$source_dir/README.md" && ok "README has a row for $flag" || fail "README lacks the $flag row"
done
grep -F -- '| `-q` |' "$source_dir/README.md" | grep -q 'every action' && ok "README: -q is for every action" || fail "README's -q row"
grep -F -- '| `-v` / `-###` |' "$source_dir/README.md" | grep -q '`run` too' && ok "README: -v/-### cover run" || fail "README's -v/-### row"

echo "$failures failure(s)"
[ "$failures" = 0 ]
