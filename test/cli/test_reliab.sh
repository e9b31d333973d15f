#!/usr/bin/env bash
# Reliability regressions (issue 20): each check names the defect it guards against. The
# inputs live in test/reliab/.
set -u
yusec=$1
inputs=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS DESCRIPTION -- ARGS...: runs yusec (stdout in $tmp/out, stderr in $tmp/err).
expect() {
  local want=$1 what=$2; shift 3
  timeout 20 "$yusec" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" != "$want" ]; then fail "$what: yusec $* exited $got, expected $want"; head -20 "$tmp/err"
  else echo "ok: $what"; fi
}

# contains FILE TEXT DESCRIPTION / lacks FILE TEXT DESCRIPTION
contains() {
  if grep -qF -- "$2" "$1"; then echo "ok: $3"; else fail "$3: '$2' not in $(basename "$1")"; head -20 "$1"; fi
}
lacks() {
  if grep -qF -- "$2" "$1"; then fail "$3: '$2' in $(basename "$1")"; head -20 "$1"; else echo "ok: $3"; fi
}

# 2. Running out of the inlining budget is not recursion.
expect 0 "a chain of 1500 calls inlines on PTX" -- -emit-ptx "$inputs/长调用链。着色器。豫"
lacks "$tmp/err" "递归" "the call chain is not called recursion"
# Calls fanning out 2^40 times: beyond the inlining budget (issue 16) functions stay .func,
# so the PTX stays small instead of hitting a limit.
expect 0 "calls fanning out 2^40 times compile within the inlining budget" -- -emit-ptx "$inputs/内联过大。着色器。豫"
lacks "$tmp/err" "递归" "fan-out is not called recursion"
contains "$tmp/out" ".func" "functions over the budget stay .func"
[ "$(wc -l <"$tmp/out")" -le 2000 ] && echo "ok: the fan-out's PTX is small" || fail "the fan-out's PTX has $(wc -l <"$tmp/out") lines"

# 3. Each target's limits are checked before emission (targets/limits.c), located.
for flag in -emit-wgsl -emit-msl -emit-ptx; do
  expect 1 "$flag: 400 MB of workgroup memory is refused" -- $flag "$inputs/工作组过大。着色器。豫"
  contains "$tmp/err" "工作组过大。着色器。豫:19:1: error: 入口「取入口」用到 400000000 字节的工作组内存" \
    "$flag: the workgroup error is at the entry"
  contains "$tmp/err" "工作组过大。着色器。豫:7:1: note: 工作组变量「暂存」占 400000000 字节" \
    "$flag: the note points at the variable"
  [ -s "$tmp/out" ] && fail "$flag: output written despite the limit"
done
contains "$tmp/err" "超过千手目标的上限 166912 字节（sm_80 每块至多 163 KiB 共享内存）" "PTX's limit is sm_80's 163 KiB"
# Issue 30, items 1 and 10: sizes in 64 bits (a struct holding a 4 GiB array wrapped to 16
# bytes), and the memory of one invocation: private variables (WGSL 8192 B), function
# variables (WGSL 8192 B per function), both together (Metal and PTX 512 KiB).
for flag in -emit-wgsl -emit-msl -emit-ptx; do
  expect 1 "$flag: a workgroup struct of 4 GiB is refused" -- $flag "$inputs/工作组结构四吉.yir"
  contains "$tmp/err" "工作组结构四吉.yir:18:7: error: 入口「e」用到 4294967312 字节的工作组内存" "$flag: its real size"
  expect 1 "$flag: a 16 GiB function-local array is refused" -- $flag "$inputs/函数数组十六吉.yir"
  contains "$tmp/err" "函数数组十六吉.yir:5:3: note: 变量「格」占 17179869184 字节" "$flag: the note is at the var"
  [ -s "$tmp/out" ] && fail "$flag: output written despite the limit"
done
contains "$tmp/err" "函数数组十六吉.yir:16:7: error: 入口「e」的每个调用用到的私有与函数变量共 17179869184 字节，超过千手目标的上限 524288 字节（CUDA 每线程至多 512 KiB 局部内存）" \
  "PTX: at the entry, CUDA's local memory per thread"
expect 1 "WGSL: 16 GiB of function variables" -- -emit-wgsl "$inputs/函数数组十六吉.yir"
contains "$tmp/err" "函数数组十六吉.yir:5:3: error: 函数「f」的函数变量共 17179869184 字节，超过WGSL目标的上限 8192 字节（WGSL 规范的限制）" \
  "WGSL: per function, at the var"
expect 1 "WGSL: 9216 bytes of private variables" -- -emit-wgsl "$inputs/私有九千字节.yir"
contains "$tmp/err" "私有九千字节.yir:16:7: error: 入口「e」用到的私有变量共 9216 字节，超过WGSL目标的上限 8192 字节" "WGSL's private limit"
expect 0 "Metal takes 9216 bytes of private variables" -- -emit-msl "$inputs/私有九千字节.yir"
expect 0 "PTX takes 9216 bytes of private variables" -- -emit-ptx "$inputs/私有九千字节.yir"
expect 1 "48 KiB of workgroup memory is too much for WGSL" -- -emit-wgsl "$inputs/工作组四十八千字节。着色器。豫"
contains "$tmp/err" "超过WGSL目标的上限 16384 字节" "WGSL's limit is 16 KiB"
expect 1 "48 KiB of workgroup memory is too much for Metal" -- -emit-msl "$inputs/工作组四十八千字节。着色器。豫"
contains "$tmp/err" "超过金属目标的上限 32768 字节" "Metal's limit is 32 KiB"
expect 0 "48 KiB of workgroup memory is fine for PTX" -- -emit-ptx "$inputs/工作组四十八千字节。着色器。豫"
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ -x "$ptxas" ]; then
  if "$ptxas" -arch=sm_80 "$tmp/out" -o "$tmp/out.cubin" 2>"$tmp/ptxas.err"; then echo "ok: ptxas takes exactly 48 KiB"
  else fail "ptxas rejects 48 KiB of .shared"; cat "$tmp/ptxas.err"; fi
else echo "跳过：没有 ptxas"; fi
lacks "$tmp/out" ".extern .shared" "48 KiB stays static .shared"
# Beyond 48 KiB: dynamic shared memory (ir/abi.h), its size in the manifest, the arch's limit.
big="$inputs/工作组一百二十八千字节。着色器。豫"
expect 0 "128 KiB of workgroup memory goes to dynamic shared memory on PTX" -- -emit-ptx "$big"
contains "$tmp/out" ".extern .shared .align 16 .b8 yy_dynamic_shared[];" "one dynamic .extern .shared array"
contains "$tmp/out" "[yy_dynamic_shared+65536]" "the second variable starts after the first's 64 KiB"
lacks "$tmp/out" ".shared .align 16 .b8 ys" "no static .shared beside it"
if [ -x "$ptxas" ]; then
  if "$ptxas" -arch=sm_80 "$tmp/out" -o "$tmp/out.cubin" 2>"$tmp/ptxas.err"; then echo "ok: ptxas takes 128 KiB of dynamic shared memory"
  else fail "ptxas rejects the dynamic shared memory"; cat "$tmp/ptxas.err"; fi
fi
expect 0 "the manifest gives the launch's dynamic shared bytes" -- --entries=json "$big"
contains "$tmp/out" '"dynamic_shared_bytes": 131072' "the entry needs both variables, 131072 bytes"
expect 0 "a static entry needs none" -- --entries=json "$inputs/工作组四十八千字节。着色器。豫"
contains "$tmp/out" '"dynamic_shared_bytes": 0' "48 KiB is static: 0"
expect 1 "sm_86 has only 99 KiB per block" -- -emit-ptx -arch=sm_86 "$big"
contains "$tmp/err" "工作组一百二十八千字节。着色器。豫:22:1: error: 入口「取入口」用到 131072 字节的工作组内存，超过千手目标的上限 101376 字节（sm_86 每块至多 99 KiB 共享内存）" \
  "the arch's limit, located at the entry"
expect 0 "sm_90 has 227 KiB per block" -- -emit-ptx -arch=sm_90 "$big"
expect 1 "128 KiB is too much for Metal" -- -emit-msl "$big"
contains "$tmp/err" "超过金属目标的上限 32768 字节" "Metal cannot express it"
expect 1 "512 invocations exceed WGSL's 256" -- -emit-wgsl "$inputs/工作组大小.yir"
contains "$tmp/err" "工作组大小.yir:24:7: error: 入口「宽入口」每个工作组有 512 个调用，超过WGSL目标的上限 256" \
  "the invocation limit is located at the entry"
contains "$tmp/err" "入口「深入口」的工作组大小 z 维为 128，超过WGSL目标的上限 64" "WGSL's z limit is 64"
expect 1 "a block z of 128 exceeds PTX's 64" -- -emit-ptx "$inputs/工作组大小.yir"
contains "$tmp/err" "入口「深入口」的工作组大小 z 维为 128，超过千手目标的上限 64（CUDA 每块至多 1024 个线程，z 维至多 64）" "PTX's z limit is 64, named as a thread limit"
lacks "$tmp/err" "宽入口" "512 threads are fine for PTX"
expect 0 "512 and 1x1x128 invocations are fine for Metal" -- -emit-msl "$inputs/工作组大小.yir"
expect 1 "bind group 4 is past WGSL's four" -- -emit-wgsl "$inputs/绑定超限.yir"
contains "$tmp/err" "绑定超限.yir:2:25: error: 资源「甲」在第 4 组" "the bind group error is at the resource"
expect 0 "bind group 4 is fine for PTX" -- -emit-ptx "$inputs/绑定超限.yir"
expect 1 "binding 1000 is past WebGPU's maxBindingsPerBindGroup" -- -emit-wgsl "$inputs/绑定号超限.yir"
contains "$tmp/err" "绑定号超限.yir:2:25: error: 资源「甲」的绑定号 1000 超过WGSL目标的上限（绑定号 0 到 999，WebGPU 默认限制）" \
  "the binding number error is at the resource"
lacks "$tmp/err" "资源「乙」" "binding 999 is within the limit"
expect 0 "binding 1000 is fine for PTX" -- -emit-ptx "$inputs/绑定号超限.yir"

# 4. A sanitized yusec turns off the __tls_get_addr interceptor whose misreading of libLLVM's
# dynamic TLS crashed LeakSanitizer's tracer (driver/sanitizer_options.c); leaks still count.
if ASAN_OPTIONS=help=1 "$yusec" --version 2>&1 | grep -q "intercept_tls_get_addr"; then
  if ASAN_OPTIONS=help=1 "$yusec" --version 2>&1 | grep -A1 "intercept_tls_get_addr" | grep -q "Current Value: false"; then
    echo "ok: the sanitized build does not intercept __tls_get_addr"
  else fail "the sanitized build still intercepts __tls_get_addr"; fi
  case "${ASAN_OPTIONS:-}" in *detect_leaks=0*) fail "leak checking is off in this run";; *) echo "ok: leak checking stays on";; esac
  # The value in force (environment and built-in defaults together), not just the spelling.
  if ASAN_OPTIONS="${ASAN_OPTIONS:-}:help=1" "$yusec" --version 2>&1 | grep -A1 -E '^\s*detect_leaks$' \
       | grep -q "Current Value: true"; then echo "ok: detect_leaks is in force"
  else fail "detect_leaks is not in force in this run"; fi
  # LeakSanitizer works here at all (its tracer needs ptrace on this process): a planted leak
  # must be reported.
  planted=${3:-}
  if [ -n "$planted" ]; then
    "$planted" 2>"$tmp/leak" && fail "a planted leak went unreported (LeakSanitizer does not run)"
    contains "$tmp/leak" "detected memory leaks" "LeakSanitizer reports a planted leak"
  else fail "no planted-leak program given to a sanitized run"; fi
  samples="$inputs/../../库/点染/测试/样例"
  for sample in 半精度 常量算术; do
    expect 0 "-emit-gen of $sample under LeakSanitizer" -- -emit-gen "$samples/$sample。着色器。豫"
    expect 0 "-emit-ptx of $sample under LeakSanitizer (the dlopen'd plugin)" -- -emit-ptx "$samples/$sample。着色器。豫"
    lacks "$tmp/err" "LeakSanitizer" "no LeakSanitizer report for $sample"
  done
else
  echo "跳过：不是 ASan 构建（第 4 条只在 asan 预设里检查）"
fi

# 5. Outputs are all or nothing, and never overwrite an input.
example="$inputs/../../examples/加倍。着色器。豫"
printf '旧内容\n' > "$tmp/out.wgsl"
expect 2 "a failing -MF" -- -emit-wgsl "$example" -o "$tmp/out.wgsl" -MD -MF "$tmp/没有/x.d"
contains "$tmp/out.wgsl" "旧内容" "a failing -MF leaves the -o file as it was"
ls "$tmp" | grep -q 'tmp' && fail "a temporary is left behind: $(ls "$tmp")"
expect 1 "a failing compile" -- -emit-wgsl "$inputs/工作组过大。着色器。豫" -o "$tmp/out.wgsl"
contains "$tmp/out.wgsl" "旧内容" "a failing compile leaves the -o file as it was"
cp "$example" "$tmp/源。着色器。豫"
cp "$example" "$tmp/源副本"
expect 2 "-o naming the input" -- -emit-wgsl "$tmp/源。着色器。豫" -o "$tmp/源。着色器。豫"
contains "$tmp/err" "是本次读取的输入，拒绝覆盖它" "-o naming the input is refused"
cmp -s "$tmp/源。着色器。豫" "$tmp/源副本" && echo "ok: the source is intact" || fail "the source was overwritten"
ln -s "$tmp/源。着色器。豫" "$tmp/链接.wgsl"
expect 2 "-o naming the input through a symbolic link" -- -emit-wgsl "$tmp/源。着色器。豫" -o "$tmp/链接.wgsl"
expect 2 "-o naming the input by another spelling" -- -emit-wgsl "$tmp/源。着色器。豫" -o "$tmp/./源。着色器。豫"
cmp -s "$tmp/源。着色器。豫" "$tmp/源副本" && echo "ok: the source is still intact" || fail "the source was overwritten"
expect 2 "-MF naming the input" -- -emit-wgsl "$tmp/源。着色器。豫" -o "$tmp/新.wgsl" -MD -MF "$tmp/源。着色器。豫"
[ -e "$tmp/新.wgsl" ] && fail "-o written although -MF was refused"
cmp -s "$tmp/源。着色器。豫" "$tmp/源副本" && echo "ok: -MF did not overwrite the source" || fail "-MF overwrote the source"
expect 0 "-o and -MF succeed together" -- -emit-wgsl "$tmp/源。着色器。豫" -o "$tmp/新.wgsl" -MD
[ -s "$tmp/新.wgsl" ] && [ -s "$tmp/新.wgsl.d" ] && echo "ok: both files written" || fail "-o or -MF missing"
umask_mode=$(printf '%o' $(( 0666 & ~$(umask) )))
[ "$(stat -c %a "$tmp/新.wgsl")" = "$umask_mode" ] && echo "ok: a new output gets 0666 less the umask" \
  || fail "new output mode $(stat -c %a "$tmp/新.wgsl"), expected $umask_mode"

# 6. Echoed source lines never reach the terminal raw; bidi controls are warned about.
expect 1 "a source with ESC, OSC and bidi controls" -- -check "$inputs/终端转义。着色器。豫"
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/err"; then fail "a raw control character reached stderr"
else echo "ok: no raw control character on stderr"; fi
if grep -q $'\u202e' "$tmp/err"; then fail "a raw U+202E reached stderr"; else echo "ok: no raw bidi control on stderr"; fi
contains "$tmp/err" "<U+001B>]0;被改的标题<U+0007><U+001B>[2J乙" "ESC, OSC and BEL are spelled out"
contains "$tmp/err" "终端转义。着色器。豫:3:9: warning: 双向文字控制字符 <U+202E>" "the bidi control is warned about, located"
contains "$tmp/err" "CVE-2021-42574" "the warning names Trojan Source"
[ "$(grep -c 'warning: 双向' "$tmp/err")" = 1 ] && echo "ok: one warning per line" || fail "bidi warnings not one per line"
expect 0 "a bidi control in a YIR comment is a warning, not an error" -- -emit-msl "$inputs/工作组大小.yir"
contains "$tmp/err" "工作组大小.yir:2:3: warning: 双向文字控制字符 <U+202E>" "the YIR reader warns too"

# 5 (cont.). A symbolic link as -o stays a link: the bytes go to its target.
printf '旧\n' > "$tmp/真输出.wgsl"
ln -s "$tmp/真输出.wgsl" "$tmp/链接输出.wgsl"
expect 0 "-o through a symbolic link" -- -emit-wgsl "$example" -o "$tmp/链接输出.wgsl"
[ -L "$tmp/链接输出.wgsl" ] && echo "ok: the link is still a link" || fail "-o replaced the symbolic link"
contains "$tmp/真输出.wgsl" "@compute" "the link's target holds the output"

# 7. Non-regular files are refused at once (a FIFO without writer used to block forever).
mkfifo "$tmp/管道。着色器。豫"
expect 2 "a FIFO as input" -- -check "$tmp/管道。着色器。豫"
contains "$tmp/err" "管道。着色器。豫: error: 不是普通文件（是命名管道），不读它" "the FIFO is named as such"
mkdir "$tmp/目录。着色器。豫"
expect 2 "a directory as input" -- -check "$tmp/目录。着色器。豫"
contains "$tmp/err" "不是普通文件（是目录）" "the directory is named as such"
expect 2 "a device as input" -- -check /dev/zero
contains "$tmp/err" "不是普通文件（是设备）" "the device is named as such"
expect 2 "a FIFO as --buffer data" -- run "$example" --entry 加倍入口 --grid 1 --buffer "0:0=u32:@$tmp/管道。着色器。豫"
contains "$tmp/err" "不是普通文件（是命名管道）" "the FIFO buffer is refused before any GPU work"
expect 2 "a directory as --buffer data" -- run "$example" --entry 加倍入口 --grid 1 --buffer "0:0=u32:@$tmp/目录。着色器。豫"
contains "$tmp/err" "不是普通文件（是目录）" "the directory buffer is refused"
lacks "$tmp/err" "9223372036854775807" "no LONG_MAX size for a directory"
expect 2 "a directory as -o" -- -emit-wgsl "$example" -o "$tmp/目录。着色器。豫"
contains "$tmp/err" "它是目录" "a directory as -o is refused"

# 8. The manifest reader: NUL in a name, 「..」 as a name, a dependency that exists nowhere.
expect 1 "a NUL inside a package name" -- -check "$inputs/清单含空字符/加倍。着色器。豫"
contains "$tmp/err" "清单含空字符/包。清单:2:5: error: 包名里不能有控制字符（U+0000）" "the NUL is located"
contains "$tmp/err" "名：「工<U+0000>程」" "the NUL is shown, not cut"
[ "$(grep -c 'error:' "$tmp/err")" = 1 ] && echo "ok: one error, no cascade" || fail "the NUL cascades into more errors"
expect 1 "「..」 as a package name" -- -check "$inputs/清单点点/加倍。着色器。豫"
contains "$tmp/err" "清单点点/包。清单:2:3: error: 包名不能是「.」或「..」" "「..」 is refused, located"
expect 0 "a dependency that exists nowhere" -- -check "$inputs/清单缺依赖/加倍。着色器。豫"
contains "$tmp/err" "清单缺依赖/包。清单:3:8: warning: 找不到依赖的包「不存在的包」" "the missing dependency is a located warning"

# 9. Options that meant nothing were accepted silently.
expect 2 "-target= without -emit-ir" -- -check -target=spirv "$example"
contains "$tmp/err" "-target=spirv 只用于 -emit-ir" "-target= outside -emit-ir is named"
expect 2 "an empty -passes= list" -- -emit-ir -passes= "$example"
contains "$tmp/err" "-passes= 的遍列表里有空项" "an empty pass list is named"
expect 2 "an empty item in -passes=" -- -emit-ir -passes=fold,,dce "$example"
expect 2 "-print-after= an unknown pass" -- -emit-ir -print-after=nope "$example"
contains "$tmp/err" "-print-after=：没有名为「nope」的遍" "the unknown pass is named"
expect 0 "-print-after= a known pass" -- -emit-ir -print-after=fold "$example"

if [ "$failures" != 0 ]; then echo "$failures reliability checks failed"; exit 1; fi
echo "all reliability checks passed"
