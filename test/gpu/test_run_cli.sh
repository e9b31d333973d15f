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
# Through the PTX target when this build has it.
if "$yusec" -emit-ptx "$dir/加倍.yir" >/dev/null 2>&1; then
  expect 0 "dry run, translated" -- run "$dir/加倍.yir" --buffer 0:0=u32:1,2,3,4 --dry-run
  contains "$tmp/out" "PTX 名 yy_e5_8a_a0_e5_80_8d" "translated plan"
fi
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
