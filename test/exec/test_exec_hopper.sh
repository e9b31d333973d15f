#!/usr/bin/env bash
# Hopper's asynchronous barriers, tensor maps and TMA loads in the CPU executor (docs/exec.md
# § Asynchronous barriers): the samples' exact values, and the located faults (exit 1) of an
# uninitialised barrier, a wait nothing can satisfy (deadlock, never a hang), a bad arrival
# count or parity.
#   bash test/exec/test_exec_hopper.sh YUSEC
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
samples=$here/../../库/点染/测试/样例
. "$(dirname "$0")/check_common.sh"

# 异步屏障: out[i] = v[(i + 1) % 64] after phase 0 of 甲, out[64 + i] = v[63 − i] after phase 1
# (v[i] = i² + 1); 乙 completes through an expect_tx of zero bytes.
expect=$(python3 -c "print(', '.join(str(((i + 1) % 64) ** 2 + 1) for i in range(64)) + ', ' +
                           ', '.join(str((63 - i) ** 2 + 1) for i in range(64)))")
"$yusec" run "$samples/异步屏障。着色器。豫" --device=cpu --buffer 0:0=u32:128*0 >"$tmp/out" 2>&1
check 异步屏障 0 $? "0:0 出 u32[128] = $expect" "$tmp/out"

# One barrier of two arrivals; operands from the text below, edited per case.
barrier_yir() {
  cat >"$tmp/栏.yir" <<YIR
var<workgroup> @栏: array<vec2<u32>, 2>

fn @f(%0:u32) {
  %1:ptr<workgroup, array<vec2<u32>, 2>> = global @栏
  %2:u32 = const 0u
  %3:u32 = const $1
  %4:bool = eq %0, %2
  if %4 {
    mbarrier_init %1, %2, %3
    yield
  } else {
    yield
  }
  workgroup_barrier
  %5:u32 = const $2
  %6:u32 = const $3
  %7:bool = lt %0, %6
  if %7 {
    mbarrier_arrive %1, %5
    yield
  } else {
    yield
  }
  %8:u32 = const $4
  mbarrier_wait %1, %2, %8
  return
}

entry @e = compute @f workgroup_size(2, 1, 1) (builtin(local_invocation_index))
YIR
}
barrier_yir 2u 0u 2u 0u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
status=$?
echo "退出码 $status" >>"$tmp/out"
check 两个到达 0 $status "退出码 0" "$tmp/out"
barrier_yir 2u 0u 1u 0u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
check 死锁 1 $? "栏.yir:25:3: error: CPU 执行失败：「等待异步屏障」永远等不到：相位 0 不会完成（没有调用还能到达，也没有异步传输还在进行）（工作组 (0, 0, 0)，局部调用序 0）" "$tmp/out"
barrier_yir 2u 0u 2u 1u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
check 等已完成的相位一 1 $? "error: CPU 执行失败：「等待异步屏障」永远等不到：相位 1 不会完成" "$tmp/out"
barrier_yir 2u 1u 2u 0u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
check 未初始化 1 $? "栏.yir:19:5: error: CPU 执行失败：「到达异步屏障」用了未初始化的异步屏障（序 1）：先由一个调用「初始化异步屏障」，再「工作组屏障」（工作组 (0, 0, 0)，局部调用序 0）" "$tmp/out"
barrier_yir 0u 0u 2u 0u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
check 到达数零 1 $? "栏.yir:9:5: error: CPU 执行失败：「初始化异步屏障」的到达数须在 1 至 1048575 之间，此处是 0" "$tmp/out"
barrier_yir 2u 0u 2u 2u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
check 相位二 1 $? "栏.yir:25:3: error: CPU 执行失败：「等待异步屏障」的相位须是零或一，此处是 2" "$tmp/out"
barrier_yir 2u 2u 2u 0u
"$yusec" run "$tmp/栏.yir" --device=cpu >"$tmp/out" 2>&1
check 屏障越界 1 $? "栏.yir:19:5: error: CPU 执行失败：越界访问：「栏」只有 16 字节，却要访问第 16 至 23 字节" "$tmp/out"

[ "$failures" -eq 0 ]
