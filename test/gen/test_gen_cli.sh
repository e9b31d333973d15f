#!/usr/bin/env bash
# -emit-gen, -MD/-MF and --entries=json from the command line (issue 8).
#   test_gen_cli.sh YUSEC EXAMPLES_DIR
set -u
yusec=$1
cd "$2" || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }

# The depfile names the output and every file read: the source and the builtin interface.
"$yusec" -emit-gen 加倍。着色器。豫 -o "$work/加倍 生成.豫" -MD -MF "$work/加倍.d" || fail "-emit-gen -MD"
head -1 "$work/加倍.d" | grep -qF "$work/加倍\\ 生成.豫: \\" || fail "depfile target: $(head -1 "$work/加倍.d")"
grep -qx "  加倍。着色器。豫 \\\\" "$work/加倍.d" || fail "depfile lacks the source"
grep -q "点染本。着色器。接口。豫$" "$work/加倍.d" || fail "depfile lacks the builtin interface"
# -MD alone: the depfile is the output plus .d.
"$yusec" -emit-wgsl 加倍。着色器。豫 -o "$work/a.wgsl" -MD 2>/dev/null || fail "-MD without -MF"
[ -f "$work/a.wgsl.d" ] || fail "-MD without -MF wrote no a.wgsl.d"
# -MD needs -o.
"$yusec" -emit-wgsl 加倍。着色器。豫 -MD -MF "$work/x.d" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -q "须与 -o" "$work/err" || fail "-MD without -o must be a usage error"

# An unchanged output (and depfile) keeps its mtime.
touch -d '2001-01-01' "$work/加倍 生成.豫" "$work/加倍.d"
"$yusec" -emit-gen 加倍。着色器。豫 -o "$work/加倍 生成.豫" -MD -MF "$work/加倍.d" || fail "second run"
[ "$(stat -c %Y "$work/加倍 生成.豫")" = "$(stat -c %Y "$work/加倍.d")" ] &&
  [ "$(date -d @"$(stat -c %Y "$work/加倍.d")" +%Y)" = 2001 ] || fail "an unchanged output was rewritten"

# Deterministic.
"$yusec" -emit-gen 加倍。着色器。豫 >"$work/g1" && "$yusec" -emit-gen 加倍。着色器。豫 >"$work/g2"
cmp -s "$work/g1" "$work/g2" || fail "-emit-gen is not deterministic"

# All targets fail (a front-end error): exit 1, the error said once, as an error.
printf '「甲」者「乙」也。\n' >"$work/坏。着色器。豫"
"$yusec" -emit-gen "$work/坏。着色器。豫" >"$work/out" 2>"$work/err"
[ $? = 1 ] || fail "-emit-gen of a bad source must exit 1"
[ -s "$work/out" ] && fail "-emit-gen of a bad source printed a module"
grep -q ": error: " "$work/err" || fail "no error reported for the bad source"

# The JSON manifest joins the three ABIs.
"$yusec" --entries=json 加倍。着色器。豫 >"$work/m.json" || fail "--entries=json"
for want in '"item": "加倍入口"' '"function": "加倍"' '"stage": "compute"' \
            '"workgroup_size": [4, 1, 1]' '"ptx_name": "yy_e5_8a_a0_e5_80_8d"' \
            '"ptx_params": ["数据"], "ptx_param_names": ["p_g0_b0"]' '"group": 0, "binding": 0, "msl": "buffer", "msl_index": 0' \
            '"ptx_param": {"加倍入口": 0}' '"type": "array<u32>"' \
            '{"type": "array<u32>", "size": 0, "align": 4, "stride": 4}'; do
  grep -qF "$want" "$work/m.json" || fail "manifest lacks $want"
done
if command -v python3 >/dev/null 2>&1; then
  python3 -m json.tool "$work/m.json" >/dev/null || fail "the manifest is not JSON"
fi
# A 2-D workgroup (「工作组大小」者「一六」与「八」也): x, y and z in the manifest, the host header
# and every target's launch shape.
cat >"$work/二维。着色器。豫" <<'SRC'
寻观「点染」之「点染本」之书。
「甲」乃「存储缓冲」于（「数组」于「无三二」）也。
「甲」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。
「记」乃化「局部调用序」为「有」者也。
「记」者得「序」而「写数组」于「甲」于「序」于「序」也。
「记入口」乃「计算入口」也。
「记入口」者「计算入口项」于「记」于（「组值」【「工作组大小」者「一六」与「八」也】）也。
SRC
"$yusec" --entries=json "$work/二维。着色器。豫" >"$work/二维.json" || fail "--entries=json of a 2-D workgroup"
grep -qF '"workgroup_size": [16, 8, 1]' "$work/二维.json" || fail "the manifest lacks workgroup_size [16, 8, 1]"
mkdir -p "$work/h"
"$yusec" -emit=h -o-dir "$work/h" "$work/二维。着色器。豫" || fail "-emit=h of a 2-D workgroup"
for want in "_WORKGROUP_SIZE_X 16u" "_WORKGROUP_SIZE_Y 8u" "_WORKGROUP_SIZE_Z 1u"; do
  grep -qF "$want" "$work/h/二维.h" || fail "the host header lacks $want"
done
"$yusec" -emit-wgsl "$work/二维。着色器。豫" 2>/dev/null | grep -qF "@compute @workgroup_size(16, 8)" ||
  fail "WGSL lacks @workgroup_size(16, 8)"
"$yusec" -emit-msl "$work/二维。着色器。豫" 2>/dev/null | grep -qF "[[max_total_threads_per_threadgroup(128)]]" ||
  fail "MSL lacks max_total_threads_per_threadgroup(128)"
if "$yusec" -emit-ptx "$work/二维。着色器。豫" -o "$work/二维.ptx" 2>/dev/null; then
  grep -qF ".reqntid 16, 8, 1" "$work/二维.ptx" || fail "PTX lacks .reqntid 16, 8, 1"
fi
# An entry that takes 数组长度 has the lengths buffer (ir/abi.h): the last PTX parameter, MSL
# index 30, and which buffer each u32 (bytes) measures; one that does not has none.
[ "$(grep -c '"lengths"' "$work/m.json")" = 0 ] || fail "加倍 takes no 数组长度, yet its manifest has lengths"
cat >"$work/量。着色器。豫" <<'SRC'
寻观「点染」之「点染本」之书。
「甲」乃「存储缓冲」于（「数组」于「无三二」）也。
「甲」者「绑定」于（「组值」【「组」者「零」也，「号」者「二」也，「访问」者「读写」也】）也。
「量」乃化「全局调用号」为「有」者也。
「量」者得「号」而「写数组」于「甲」于「零」于（「数组长度」于「甲」）也。
「量入口」乃「计算入口」也。
「量入口」者「计算入口项」于「量」于（「组值」【「工作组大小」者「一」也】）也。
SRC
"$yusec" --entries=json -I "$PWD/../库" "$work/量。着色器。豫" >"$work/l.json" || fail "--entries=json with 数组长度"
for want in '"ptx_params": [null, null, "甲", {"lengths": true}]' \
            '"ptx_param_names": ["p_g0_b0", "p_g0_b1", "p_g0_b2", "p_lengths"]' \
            '"lengths": {"ptx_param": "p_lengths", "msl_index": 30, "unit": "bytes", "buffers": [{"name": "甲", "group": 0, "binding": 2}]}'; do
  grep -qF "$want" "$work/l.json" || fail "manifest lacks $want"
done

# Textures on PTX (ir/abi.h): the texel object, one object per (texture, sampler) pair, in
# ptx_params and ptx_param_names after the buffers.
"$yusec" --entries=json -I "$PWD/../库" "$PWD/../库/点染/测试/样例/纹理读取。着色器。豫" >"$work/t.json" ||
  fail "--entries=json with textures"
for want in '"ptx_params": [null, null, null, "结果", "整结果", {"texture": "图"}, {"texture": "图", "sampler": "采样"}, {"texture": "整图"}]' \
            '"ptx_param_names": ["p_g0_b0", "p_g0_b1", "p_g0_b2", "p_g0_b3", "p_g0_b4", "p_tex_g0_b0", "p_tex_g0_b0_g0_b1", "p_tex_g0_b2"]'; do
  grep -qF "$want" "$work/t.json" || fail "manifest lacks $want"
done

[ "$failed" = 0 ] || { echo "FAIL: $failed checks" >&2; exit 1; }
echo ok
