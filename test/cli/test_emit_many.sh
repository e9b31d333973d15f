#!/usr/bin/env bash
# yusec -emit=LIST -o-dir DIR (issue 18's multi-output form over libyusec's pipeline): one
# process and one front end writing several files, each equal to what the single-output
# action prints; all or nothing; usage errors for bad lists and missing directories.
#   test_emit_many.sh YUSEC SOURCE_DIR
set -u
yusec=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
seed="$source/examples/加倍。着色器。豫"
has_ptx=true
"$yusec" -emit-ptx "$seed" >/dev/null 2>&1 || has_ptx=false

# Every output of the seed, compared with the goldens and with --entries=json.
list=wgsl,msl,gen,json
$has_ptx && list=wgsl,msl,ptx,gen,json
mkdir "$work/all"
"$yusec" -emit=$list -o-dir "$work/all" "$seed" 2>"$work/all.err" || fail "-emit=$list exited $?"
[ -s "$work/all.err" ] && fail "-emit=$list printed on stderr: $(cat "$work/all.err")"
cmp -s "$work/all/加倍.wgsl" "$source/examples/加倍.wgsl" || fail "加倍.wgsl differs from the golden"
cmp -s "$work/all/加倍.metal" "$source/examples/加倍。金属" || fail "加倍.metal differs from the golden"
cmp -s "$work/all/加倍。着色生成。豫" "$source/examples/加倍。生成" || fail "the generated module differs"
"$yusec" --entries=json "$seed" >"$work/entries.json" 2>/dev/null
cmp -s "$work/all/加倍.json" "$work/entries.json" || fail "加倍.json differs from --entries=json"
if $has_ptx; then
  cmp -s "$work/all/加倍.ptx" "$source/examples/加倍。千手" || fail "加倍.ptx differs from the golden"
fi
# Without gen, the targets come from lib_compile_targets: the same texts.
mkdir "$work/two"
"$yusec" -emit=msl,json -o-dir "$work/two" "$seed" || fail "-emit=msl,json exited $?"
cmp -s "$work/two/加倍.metal" "$source/examples/加倍。金属" || fail "-emit=msl,json: 加倍.metal differs"
cmp -s "$work/two/加倍.json" "$work/entries.json" || fail "-emit=msl,json: 加倍.json differs"
[ -e "$work/two/加倍.wgsl" ] && fail "-emit=msl,json wrote a WGSL file"

# One front end: a source error is reported once, and nothing is written.
cat >"$work/坏。着色器。豫" <<'SRC'
寻观「点染」之「点染本」之书。
「甲」乃「无三二」也。
「甲」者「乙」也。
SRC
mkdir "$work/bad"
"$yusec" -emit=wgsl,msl,json -o-dir "$work/bad" "$work/坏。着色器。豫" 2>"$work/bad.err"
status=$?
[ $status = 1 ] || fail "a source error exited $status, expected 1"
[ "$(grep -c 'error:' "$work/bad.err")" = 1 ] || { cat "$work/bad.err" >&2; fail "the error is not reported exactly once"; }
[ -z "$(ls -A "$work/bad")" ] || fail "a failing -emit= wrote files: $(ls "$work/bad")"

# 动态共享: WGSL and MSL reject it. With gen alone-ish (gen,json) the module is made and their
# errors are warnings; asking for the WGSL file too makes it an error and writes nothing.
shared="$source/库/点染/测试/样例/动态共享。着色器。豫"
mkdir "$work/gen" "$work/genw"
"$yusec" -emit=gen,json -o-dir "$work/gen" "$shared" 2>"$work/gen.err" || fail "-emit=gen,json of 动态共享 exited $?"
grep -q 'warning:' "$work/gen.err" || fail "动态共享: no warning for the failing targets"
grep -q 'error:' "$work/gen.err" && fail "动态共享: errors although the module was made"
"$yusec" -emit-gen "$shared" >"$work/shared.gen" 2>"$work/shared.gen.err"
cmp -s "$work/gen/动态共享。着色生成。豫" "$work/shared.gen" || fail "动态共享's module differs from -emit-gen's"
cmp -s "$work/gen.err" "$work/shared.gen.err" || fail "动态共享's warnings differ from -emit-gen's"
"$yusec" -emit=gen,wgsl -o-dir "$work/genw" "$shared" 2>"$work/genw.err"
[ $? = 1 ] || fail "-emit=gen,wgsl of 动态共享 should fail (WGSL was asked for)"
grep -q 'error:' "$work/genw.err" || fail "-emit=gen,wgsl: the WGSL error is not an error"
[ -z "$(ls -A "$work/genw")" ] || fail "-emit=gen,wgsl wrote files"

# -emit-gen's held-back diagnostics honour -fdiagnostics-format= and -fdiagnostics-color=.
"$yusec" -emit-gen -fdiagnostics-format=json "$shared" 2>"$work/gen.json" >/dev/null || fail "-emit-gen json exited $?"
python3 - "$work/gen.json" <<'PY' || fail "-emit-gen -fdiagnostics-format=json: not one warning object a line"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
records = [json.loads(l) for l in lines]
assert len(records) >= 2 and all(r["severity"] == "warning" for r in records), records
assert all(r["file"].endswith("动态共享。着色器。豫") and r["line"] > 0 for r in records), records
PY
"$yusec" -emit=gen,json -o-dir "$work/gen" -fdiagnostics-format=sarif "$shared" 2>"$work/gen.sarif" || fail "-emit=gen sarif exited $?"
python3 - "$work/gen.sarif" <<'PY' || fail "-emit=gen -fdiagnostics-format=sarif: not one SARIF log of warnings"
import json, sys
log = json.load(open(sys.argv[1], encoding="utf-8"))
assert log["version"] == "2.1.0", log
results = log["runs"][0]["results"]
assert len(results) >= 2 and all(r["level"] == "warning" for r in results), results
PY
"$yusec" -emit-gen -fdiagnostics-color=always "$shared" 2>"$work/gen.color" >/dev/null
grep -q $'\e\[1;35mwarning:' "$work/gen.color" || fail "-emit-gen -fdiagnostics-color=always: no coloured warning"
NO_COLOR=1 "$yusec" -emit-gen "$shared" 2>"$work/gen.plain" >/dev/null
grep -q $'\e\[' "$work/gen.plain" && fail "-emit-gen coloured a non-terminal"
"$yusec" -emit-gen -fdiagnostics-format=json "$source/库/点染/测试/样例/非一致子组。着色器。豫" 2>"$work/uni.json" >/dev/null
python3 -c 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; sys.exit(0 if len(r)==1 and r[0]["severity"]=="error" else 1)' \
  "$work/uni.json" || fail "-emit-gen json: the uniformity error is not one error object"

# 非一致子组: the uniformity analysis rejects it on every target (WGSL and MSL share one module;
# PTX, after inlining, finds the same place): -emit-gen and -emit=gen report it once.
uniform="$source/库/点染/测试/样例/非一致子组。着色器。豫"
"$yusec" -emit-gen "$uniform" >/dev/null 2>"$work/uniform.err"
[ $? = 1 ] || fail "-emit-gen of 非一致子组 should fail"
[ "$(grep -c 'error:' "$work/uniform.err")" = 1 ] || { cat "$work/uniform.err" >&2; fail "-emit-gen: the uniformity error is not reported once"; }
mkdir "$work/uni"
"$yusec" -emit=gen,json -o-dir "$work/uni" "$uniform" 2>"$work/uniform2.err"
[ "$(grep -c 'error:' "$work/uniform2.err")" = 1 ] || fail "-emit=gen: the uniformity error is not reported once"

# -MD with -o-dir: one depfile DIR/<name>.d naming every output as a target.
mkdir "$work/deps"
"$yusec" -emit=wgsl,msl,json,h -o-dir "$work/deps" -MD "$seed" || fail "-emit= -MD exited $?"
head -1 "$work/deps/加倍.d" | grep -qxF "$work/deps/加倍.wgsl $work/deps/加倍.metal $work/deps/加倍.json $work/deps/加倍.h: \\" ||
  { cat "$work/deps/加倍.d" >&2; fail "the depfile's targets"; }
grep -qF "点染本。着色器。接口。豫" "$work/deps/加倍.d" || fail "the depfile does not name the builtin interface"
"$yusec" -emit=wgsl -o-dir "$work/deps" -MF "$work/deps/other.d" "$seed" && [ -s "$work/deps/other.d" ] || fail "-emit= -MF FILE"
# The header: the same numbers as the manifest (test/gen/test_host_header.sh compiles them).
grep -qx '#define 加倍_加倍入口_PTX_NAME "yy_e5_8a_a0_e5_80_8d"' "$work/deps/加倍.h" || fail "the header's PTX name"
grep -qx '#define 加倍_数据_BINDING 0u' "$work/deps/加倍.h" || fail "the header's binding"

# Several arches: one PTX per arch, named by it; one front end (an error once).
if $has_ptx; then
  mkdir "$work/arch"
  "$yusec" -emit=ptx,json -arch=sm_80,sm_90 -o-dir "$work/arch" "$seed" || fail "-arch=sm_80,sm_90 exited $?"
  for arch in sm_80 sm_90; do
    "$yusec" -emit-ptx -q -arch=$arch "$seed" >"$work/single.ptx" 2>/dev/null
    cmp -s "$work/arch/加倍.$arch.ptx" "$work/single.ptx" || fail "加倍.$arch.ptx differs from -emit-ptx -arch=$arch"
  done
  [ -e "$work/arch/加倍.ptx" ] && fail "several arches also wrote 加倍.ptx"
  mkdir "$work/badarch"
  "$yusec" -emit=wgsl,ptx -arch=sm_80,sm_90 -o-dir "$work/badarch" "$work/坏。着色器。豫" 2>"$work/badarch.err"
  [ "$(grep -c 'error:' "$work/badarch.err")" = 1 ] || { cat "$work/badarch.err" >&2; fail "two arches: the error is not reported once"; }
  # cubin and fatbin per arch through the toolkit (test/cli/test_cubin.sh checks their bytes).
  if command -v ptxas >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/ptxas ]; then
    mkdir "$work/bin"
    "$yusec" -emit=cubin,fatbin -arch=sm_80,sm_90 -o-dir "$work/bin" "$seed" || fail "-emit=cubin,fatbin exited $?"
    for f in 加倍.sm_80.cubin 加倍.sm_90.cubin 加倍.sm_80.fatbin 加倍.sm_90.fatbin; do
      [ -s "$work/bin/$f" ] || fail "-emit=cubin,fatbin: no $f"
    done
    [ "$(od -An -tx1 -N4 "$work/bin/加倍.sm_90.cubin" | tr -d ' ')" = 7f454c46 ] || fail "the cubin is not ELF"
  fi
  mkdir "$work/nocuda"
  CUDA_PATH=$work/no-cuda "$yusec" -emit=wgsl,cubin -o-dir "$work/nocuda" "$seed" 2>"$work/nocuda.err"
  [ $? = 2 ] || fail "-emit=cubin without the toolkit: expected exit 2"
  grep -qF "ptxas" "$work/nocuda.err" || { cat "$work/nocuda.err" >&2; fail "-emit=cubin without the toolkit: the message does not name ptxas"; }
  [ -z "$(ls -A "$work/nocuda")" ] || fail "-emit=cubin without the toolkit wrote files"
fi

# Usage errors (exit 2).
expect_usage() {
  "$yusec" "$@" >/dev/null 2>"$work/usage.err"
  local s=$?
  [ $s = 2 ] || fail "yusec $* exited $s, expected 2"
  grep -q 'error:' "$work/usage.err" || fail "yusec $*: no message"
}
expect_usage -emit=wgsl,bogus -o-dir "$work" "$seed"
expect_usage -emit-ptx -arch=sm_80,sm_90 "$seed"
expect_usage -emit=ptx -arch=sm_80,sm_80 -o-dir "$work" "$seed"
expect_usage -emit=ptx -arch=sm_80, -o-dir "$work" "$seed"
expect_usage -emit=gen,ptx -arch=sm_80,sm_90 -o-dir "$work" "$seed"
expect_usage -emit= -o-dir "$work" "$seed"
expect_usage -emit=wgsl "$seed"
expect_usage -emit-wgsl -o-dir "$work" "$seed"
expect_usage -emit=wgsl -o-dir "$work" -o "$work/x" "$seed"
expect_usage -emit=wgsl -emit-msl -o-dir "$work" "$seed"

[ $failed = 0 ] && echo "通过：-emit=列表 -o-dir" || exit 1
