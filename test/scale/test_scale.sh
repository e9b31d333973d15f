#!/usr/bin/env bash
# Scale and nesting (issue 16.3), on inputs generated here at test time by
# bench/compile/gen.py (no large files in the tree):
#   - a function of 100,000 lets and one of 100,000 statements compile on every target, and
#     each output passes its checker (Tint, clang against metal_stub.h, ptxas);
#   - 10,000 nested 若 (the limit) check and translate to PTX; WGSL and MSL refuse more than
#     512 levels of control flow with a located error;
#   - 10,001 nested 若 and 10,001 parentheses are the located error 嵌套过深 (golden
#     嵌套过深。错误, exit 1), never a crash;
#   - a function of 255 parameters (WGSL's limit) compiles on every target, checked; one of
#     256 is the located error that states the limit (golden 参数过多。错误).
# Usage: test_scale.sh YUSEC
set -u
yusec=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
gen="$here/../../bench/compile/gen.py"
tools="$here/../tools"
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
failed=0

fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }

# compile EXPECTED_STATUS MODE FILE: yusec MODE FILE -o FILE.MODE, stderr in FILE.MODE.err.
compile() {
  local expected=$1 mode=$2 file=$3
  "$yusec" "$mode" "$file" -o "$file$mode" >/dev/null 2>"$file$mode.err"
  local status=$?
  if [ "$status" != "$expected" ]; then
    fail "yusec $mode $file exited $status, expected $expected"
    head -c 2000 "$file$mode.err" >&2
    return 1
  fi
}

checked_outputs() {
  local file=$1
  if command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/webgpu" ]; then
    cp "$file-emit-wgsl" checked.wgsl
    node "$tools/validate_wgsl.mjs" checked.wgsl >tint.log 2>&1 || { fail "Tint rejects the WGSL of $file"; head -20 tint.log >&2; }
  fi
  if command -v clang >/dev/null 2>&1; then
    clang -fsyntax-only -x c++ -std=c++17 -Werror -I "$here/../msl/include" -include "$here/../msl/metal_stub.h" \
      "$file-emit-msl" 2>clang.log || { fail "clang rejects the MSL of $file"; head -20 clang.log >&2; }
  fi
  if [ -x "$ptxas" ]; then
    "$ptxas" -arch=sm_80 "$file-emit-ptx" -o /dev/null 2>ptxas.log || { fail "ptxas rejects the PTX of $file"; head -20 ptxas.log >&2; }
  fi
}

# expect_golden FILE GOLDEN: the diagnostics of -check equal the golden byte for byte.
expect_golden() {
  local file=$1 golden=$2
  compile 1 -check "$file" || return
  diff -u --label "expected $golden" --label "actual" "$here/$golden" "$file-check.err" >&2 ||
    fail "diagnostics of $file differ from $golden"
}

for shape in lets stmts; do
  file="$shape。着色器。豫"
  python3 "$gen" "$shape" 100000 -o "$file" || exit 2
  ok=true
  for mode in -check -emit-wgsl -emit-msl -emit-ptx; do compile 0 "$mode" "$file" || ok=false; done
  $ok && checked_outputs "$file"
done

python3 "$gen" ifs 10000 -o 若万层。着色器。豫 || exit 2
compile 0 -check 若万层。着色器。豫
compile 0 -emit-ptx 若万层。着色器。豫 && [ -x "$ptxas" ] &&
  { "$ptxas" -arch=sm_80 若万层。着色器。豫-emit-ptx -o /dev/null 2>ptxas.log || fail "ptxas rejects the PTX of 10,000 nested 若"; }
for mode in -emit-wgsl -emit-msl; do
  compile 1 "$mode" 若万层。着色器。豫 &&
    { grep -q '若万层。着色器。豫:7:1: error: 函数「核若」：控制流嵌套过深（超过 512 层）' "若万层。着色器。豫$mode.err" ||
      fail "$mode of 10,000 nested 若: no located 控制流嵌套过深"; }
done

python3 "$gen" ifs 10001 -o 嵌套过深。着色器。豫 || exit 2
expect_golden 嵌套过深。着色器。豫 嵌套过深。错误

python3 - <<'PY' || exit 2
open("括号过深。着色器。豫", "w", encoding="utf-8").write("「值」者" + "（" * 10001 + "「一」" + "）" * 10001 + "也。\n")
open("括号万层。着色器。豫", "w", encoding="utf-8").write("「值」者" + "（" * 10000 + "「一」" + "）" * 10000 + "也。\n")
def function(n):
    sig = "化「无三二」" + "又化「无三二」" * (n - 1) + "为「无三二」者"
    params = "得「参0」" + "".join("又得「参%d」" % i for i in range(1, n))
    return "「函」乃%s也。\n「函」者%s而「参0」加「参%d」也。\n" % (sig, params, n - 1)
open("参数过多。着色器。豫", "w", encoding="utf-8").write(function(256))
args = "于「序」" * 255
open("参数二五五。着色器。豫", "w", encoding="utf-8").write(
    "寻观「点染」之「点染本」之书。\n"
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
    + function(255) +
    "「核」乃化「全局调用号」为「有」者也。\n"
    "「核」者得「号」而令「序」为「号」中「零」而「写数组」于「数据」于「序」于（「函」%s）也。\n"
    "「入口」乃「计算入口」也。\n"
    "「入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「六四」也】）也。\n" % args)
PY
compile 0 -check 括号万层。着色器。豫
compile 1 -check 括号过深。着色器。豫 &&
  { head -1 括号过深。着色器。豫-check.err | grep -qx '括号过深。着色器。豫:1:10006: error: 嵌套过深（最多 10000 层）' ||
    fail "10,001 parentheses: no located 嵌套过深"; }
expect_golden 参数过多。着色器。豫 参数过多。错误
ok=true
for mode in -check -emit-wgsl -emit-msl -emit-ptx; do compile 0 "$mode" 参数二五五。着色器。豫 || ok=false; done
$ok && checked_outputs 参数二五五。着色器。豫

if [ $failed -ne 0 ]; then
  echo "test_scale: $failed failure(s)"
  exit 1
fi
echo "test_scale: all passed"
