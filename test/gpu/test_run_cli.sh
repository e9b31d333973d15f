#!/usr/bin/env bash
# `yusec run` from the command line, without a GPU: the dry-run plan, usage errors (exit 2),
# and the no-GPU message with exit 2 (the driver library is pointed at a missing file).
# --ptx with the test/ptx goldens keeps it independent of LLVM.
#   bash test/gpu/test_run_cli.sh YUSEC PTX_TEST_DIR
set -u
yusec=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

expect() {  # expect STATUS DESCRIPTION -- ARGS...
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

contains() {  # contains FILE TEXT DESCRIPTION
  if grep -qF -- "$2" "$1"; then echo "ok: $3"; else
    echo "FAIL: $3: '$2' not in $(basename "$1"):"; cat "$1"; failures=$((failures + 1)); fi
}

export YUSEC_CUDA_LIBRARY=/不存在/libcuda.so.1
double=("$dir/加倍.yir" --ptx "$dir/加倍.ptx")
expect 0 "dry run" -- run "${double[@]}" --grid 2 --buffer 0:0=u32:1,4,7,10,13,16,19,22 --dry-run
contains "$tmp/out" "入口 加倍入口（函数 加倍，PTX 名 yy_e5_8a_a0_e5_80_8d）" "plan names the entry"
contains "$tmp/out" "块 4,1,1  网格 2,1,1" "plan has block and grid"
contains "$tmp/out" "参数 0：0:0 数据 storage_read_write u32[8]（32 字节）" "plan lists the buffer"
expect 2 "no GPU" -- run "${double[@]}" --grid 2 --buffer 0:0=u32:8*1
contains "$tmp/err" "没有可用的 GPU，无法运行：无法加载 CUDA 驱动 /不存在/libcuda.so.1" "no GPU is said"
expect 2 "missing buffer" -- run "${double[@]}"
contains "$tmp/err" "入口用到缓冲 0:0（数据），却没有给出它的内容" "missing buffer is named"
expect 2 "bad value" -- run "${double[@]}" --buffer 0:0=u32:-1
contains "$tmp/err" "'-1' 不是 u32 值" "bad value is named"
expect 2 "bad grid" -- run "${double[@]}" --grid 0,1
expect 2 "unknown entry" -- run "${double[@]}" --entry 无此 --buffer 0:0=u32:1
expect 2 "unknown option" -- run "${double[@]}" --frob
expect 1 "stale --ptx" -- run "$dir/加倍.yir" --ptx "$dir/工作组归约.ptx" --buffer 0:0=u32:1
contains "$tmp/err" "PTX 里没有入口 yy_e5_8a_a0_e5_80_8d" "stale PTX is caught"
# 着十: a parameter named after another binding is a stale PTX too (checked before the GPU).
sed 's/p_g0_b0/p_g0_b1/g' "$dir/加倍.ptx" >"$tmp/renamed.ptx"
expect 1 "--ptx with other parameter names" -- run "$dir/加倍.yir" --ptx "$tmp/renamed.ptx" --buffer 0:0=u32:1
contains "$tmp/err" "PTX 入口 yy_e5_8a_a0_e5_80_8d 的第 1 个参数是 p_g0_b1，按参数约定应是 p_g0_b0" "parameter names are checked"
printf '0123' > "$tmp/data.bin"
expect 0 "data from a file" -- run "${double[@]}" --buffer "0:0=u32:@$tmp/data.bin" --dry-run
contains "$tmp/out" "u32[1]（4 字节）" "file gives the size"
# Textures and samplers (docs/runtime.md § Textures): the plan lists each texture parameter
# with its state; missing, malformed, mismatched or unfilterable ones are usage errors.
cmp=("$dir/纹理比较.yir" --ptx "$dir/纹理比较.ptx" --entry 阴影入口 --buffer 1:2=f32:32*0)
textures=(--texture 0:0=depth32float:4x1:0.2,0.4,0.6,0.8 --texture 1:0=rgba32float:1x1:0,10,0,1)
expect 0 "texture plan" -- run "${cmp[@]}" "${textures[@]}" --sampler 0:1=nearest:clamp-to-edge:less \
  --sampler 1:1=linear:repeat --dry-run
contains "$tmp/out" "参数 1：p_tex_g0_b0_g0_b1 纹理 0:0 影 与采样器 0:1 比 depth32float 4×1 nearest clamp-to-edge" \
  "a comparison pair is point-filtered"
contains "$tmp/out" "参数 2：p_tex_g1_b0_g1_b1 纹理 1:0 图 与采样器 1:1 采 rgba32float 1×1 linear repeat" \
  "a sampled pair has its sampler's state"
contains "$tmp/out" "参数 3：p_cmp_g0_b1 比较采样器 0:1 比 的比较函数 = 2" "the compare function is passed"
expect 2 "missing texture" -- run "${cmp[@]}" --sampler 0:1=nearest:clamp-to-edge:less --sampler 1:1=nearest
contains "$tmp/err" "入口用到纹理 0:0（影），却没有给出它（--texture 0:0=格式:宽x高:值）" "missing texture is named"
expect 2 "missing compare function" -- run "${cmp[@]}" "${textures[@]}" --sampler 0:1=nearest --sampler 1:1=nearest
contains "$tmp/err" "比较采样器 0:1（比）须给出比较函数" "a comparison sampler needs its function"
expect 2 "missing sampler" -- run "${cmp[@]}" "${textures[@]}" --sampler 0:1=nearest:clamp-to-edge:less
contains "$tmp/err" "入口用到采样器 1:1（采），却没有给出它" "missing sampler is named"
expect 2 "wrong format" -- run "${cmp[@]}" --texture 0:0=r32uint:4x1:1,2,3,4 --texture 1:0=rgba32float:1x1:0,10,0,1 \
  --sampler 0:1=nearest:clamp-to-edge:less --sampler 1:1=nearest
contains "$tmp/err" "纹理 0:0（影）是深度纹理，格式 r32uint 不合" "a depth texture needs a depth format"
expect 2 "linear depth" -- run "${cmp[@]}" "${textures[@]}" --sampler 0:1=linear:clamp-to-edge:less --sampler 1:1=nearest
contains "$tmp/err" "深度纹理 0:0（影）在 PTX 上只能按 nearest 取样（采样器 0:1 给的是 linear）" \
  "linear filtering of a comparison is refused, not silently point-filtered"
expect 2 "texel count" -- run "${cmp[@]}" --texture 0:0=depth32float:4x1:1,2,3
contains "$tmp/err" "--texture 0:0：depth32float 4×1 要 4 个字（每个纹素 1 个），却给了 3 个" "texel count is checked"
expect 2 "bad format name" -- run "${cmp[@]}" --texture 0:0=bgra8:1x1:0
contains "$tmp/err" "应写成 组:绑定=格式:宽x高:值" "format names are checked"
expect 2 "bad sampler" -- run "${cmp[@]}" --sampler 0:1=cubic
contains "$tmp/err" "--sampler '0:1=cubic' 应写成 组:绑定=过滤[:寻址[:比较]]" "sampler words are checked"
expect 2 "sampler given twice" -- run "${cmp[@]}" --sampler 0:1=nearest --sampler 0:1=linear
# --batch (docs/runtime.md): one run per line, a status mark after each, a failing line
# between good ones, comments, blank lines and quoting; GPU lines without a driver each
# exit 2; the batch exits 1 when a line failed, 2 when the batch itself is unusable.
cpu="--device=cpu --grid 2"
{
  echo "# 注释行"
  echo "\"$dir/加倍.yir\" $cpu --buffer 0:0=u32:1,4,7,10,13,16,19,22"
  echo ""
  echo "$dir/加倍.yir $cpu --buffer 0:0=u32:-1"
  echo "  '$dir/加倍.yir' $cpu --buffer 0:0=u32:8*3 --out \"0:0=$tmp/batch out.bin\""
} >"$tmp/batch"
expect 1 "batch with a failing line" -- run --batch "$tmp/batch"
contains "$tmp/out" "0:0 数据 u32[8] = 2, 8, 14, 20, 26, 32, 38, 44" "batch line 2 ran"
contains "$tmp/out" "== 第 2 行：退出码 0" "batch marks line 2 (comment and blank lines are skipped)"
contains "$tmp/out" "== 第 4 行：退出码 2" "batch marks the bad line with its own status"
contains "$tmp/out" "== 第 5 行：退出码 0" "the line after a failure still runs"
contains "$tmp/err" "'-1' 不是 u32 值" "the bad line's message is on stderr"
contains "$tmp/err" "== 第 4 行：退出码 2" "stderr is marked per line too"
if [ "$(od -An -tu4 -v "$tmp/batch out.bin" | tr -s ' \n' ' ')" = " 6 6 6 6 6 6 6 6 " ]; then
  echo "ok: a quoted --out path with a space is written"
else echo "FAIL: batch --out file: $(od -An -tu4 -v "$tmp/batch out.bin" 2>&1)"; failures=$((failures + 1)); fi
grep -v -e 'u32:-1' "$tmp/batch" >"$tmp/batch_ok"
expect 0 "batch of good lines" -- run --batch "$tmp/batch_ok"
if [ "$(grep -c '^== 第' "$tmp/out")" = 2 ]; then echo "ok: one mark per run"; else
  echo "FAIL: marks: $(cat "$tmp/out")"; failures=$((failures + 1)); fi
{
  echo "$dir/加倍.yir --ptx $dir/加倍.ptx --grid 2 --buffer 0:0=u32:8*1"
  echo "$dir/加倍.yir --ptx $dir/加倍.ptx --buffer 0:0=u32:4*1"
} >"$tmp/batch_gpu"
expect 1 "batch of GPU lines without a driver" -- run --batch "$tmp/batch_gpu"
if [ "$(grep -c '没有可用的 GPU，无法运行' "$tmp/err")" = 2 ]; then echo "ok: each GPU line says there is no GPU"; else
  echo "FAIL: no-GPU lines: $(cat "$tmp/err")"; failures=$((failures + 1)); fi
contains "$tmp/out" "== 第 2 行：退出码 2" "a GPU line without a driver exits 2"
expect 2 "batch file missing" -- run --batch "$tmp/无此文件"
contains "$tmp/err" "无法打开文件" "a missing batch file is named"
expect 2 "batch with other arguments" -- run "$dir/加倍.yir" --batch "$tmp/batch_ok"
contains "$tmp/err" "--batch 不与其他参数同用" "--batch stands alone"
echo "--batch $tmp/batch_ok" >"$tmp/batch_nested"
expect 1 "batch inside a batch line" -- run --batch "$tmp/batch_nested"
contains "$tmp/err" "批处理文件的一行里不能再有 --batch" "a nested --batch is refused"
printf 'a\0b\n' >"$tmp/batch_nul"
expect 2 "batch file with NUL" -- run --batch="$tmp/batch_nul"
contains "$tmp/err" "含 NUL 字节" "NUL in a batch file is refused"
# Through the PTX target when this build has it.
if "$yusec" -emit-ptx "$dir/加倍.yir" >/dev/null 2>&1; then
  expect 0 "dry run, translated" -- run "$dir/加倍.yir" --buffer 0:0=u32:1,2,3,4 --dry-run
  contains "$tmp/out" "PTX 名 yy_e5_8a_a0_e5_80_8d" "translated plan"
fi
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
