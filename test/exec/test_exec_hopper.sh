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
run_check 异步屏障 0 "0:0 出 u32[128] = $expect" \
  run "$samples/异步屏障。着色器。豫" --device=cpu --buffer 0:0=u32:128*0

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
run_check 死锁 1 "栏.yir:25:3: error: CPU 执行失败：「等待异步屏障」永远等不到：相位 0 不会完成（没有调用还能到达，也没有异步传输还在进行）（工作组 (0, 0, 0)，局部调用序 0）" \
  run "$tmp/栏.yir" --device=cpu
barrier_yir 2u 0u 2u 1u
run_check 等已完成的相位一 1 "error: CPU 执行失败：「等待异步屏障」永远等不到：相位 1 不会完成" \
  run "$tmp/栏.yir" --device=cpu
barrier_yir 2u 1u 2u 0u
run_check 未初始化 1 "栏.yir:19:5: error: CPU 执行失败：「到达异步屏障」用了未初始化的异步屏障（序 1）：先由一个调用「初始化异步屏障」，再「工作组屏障」（工作组 (0, 0, 0)，局部调用序 0）" \
  run "$tmp/栏.yir" --device=cpu
barrier_yir 0u 0u 2u 0u
run_check 到达数零 1 "栏.yir:9:5: error: CPU 执行失败：「初始化异步屏障」的到达数须在 1 至 1048575 之间，此处是 0" \
  run "$tmp/栏.yir" --device=cpu
barrier_yir 2u 0u 2u 2u
run_check 相位二 1 "栏.yir:25:3: error: CPU 执行失败：「等待异步屏障」的相位须是零或一，此处是 2" \
  run "$tmp/栏.yir" --device=cpu
barrier_yir 2u 2u 2u 0u
run_check 屏障越界 1 "栏.yir:19:5: error: CPU 执行失败：越界访问：「栏」只有 16 字节，却要访问第 16 至 23 字节" \
  run "$tmp/栏.yir" --device=cpu

# 张量载入: a 96 × 80 f16 tensor, element (r, c) = (80r + c) mod 2048; boxes 64 × 64 with the
# 128-byte swizzle at (0, 0) and at (64, 32) (rows ≥ 96 and columns ≥ 80 read as zero), copied out
# in logical order as f32: exactly the values test/gpu/tma_data.py computes.
python3 "$here/../gpu/tma_data.py" "$tmp/甲.bin" "$tmp/预期.bin"
"$yusec" run "$samples/张量载入。着色器。豫" --device=cpu --buffer 0:0=u32:@"$tmp/甲.bin" --shape 0:0=96x80 \
  --buffer 0:1=f32:8192*0 --out 0:1="$tmp/出.bin" >"$tmp/out" 2>&1
status=$?
cmp "$tmp/出.bin" "$tmp/预期.bin" >>"$tmp/out" 2>&1 && echo "值相同" >>"$tmp/out"
check 张量载入 0 $status "值相同" "$tmp/out"
run_check 张量载入缺形状 2 "error: 张量映射 0:0（甲图）要用 --shape 0:0=行数x列数 给出张量的形状" \
  run "$samples/张量载入。着色器。豫" --device=cpu --buffer 0:0=u32:@"$tmp/甲.bin" \
  --buffer 0:1=f32:8192*0
run_check 张量载入字节不符 2 "error: 张量映射 0:0（甲图）的形状 96x81：数据须恰是 96x81×2 字节（给了 15360 字节），一行（列数 × 2 字节）须是 16 字节的倍数" \
  run "$samples/张量载入。着色器。豫" --device=cpu --buffer 0:0=u32:@"$tmp/甲.bin" --shape 0:0=96x81 \
  --buffer 0:1=f32:8192*0
run_check 张量载入形状写错 2 "--shape '0:0=96' 应写成 组:绑定=行数x列数" \
  run "$samples/张量载入。着色器。豫" --device=cpu --buffer 0:0=u32:@"$tmp/甲.bin" --shape 0:0=96 \
  --buffer 0:1=f32:8192*0

# A TMA destination index that is not a multiple of 512 f16 (1024 bytes, with a swizzle) at run
# time, and a load on a barrier nobody initialised.
cat >"$tmp/载.yir" <<'YIR'
var<storage_read> @图: array<f16> @group(0) @binding(0) @tensor_box(8, 64, 128)
var<workgroup> @块: array<f16, 2048>
var<workgroup> @栏: array<vec2<u32>, 1>

fn @f(%0:u32) {
  %1:ptr<storage_read, array<f16>> = global @图
  %2:ptr<workgroup, array<f16, 2048>> = global @块
  %3:ptr<workgroup, array<vec2<u32>, 1>> = global @栏
  %4:u32 = const 0u
  %5:u32 = const 1u
  %6:u32 = mul %0, %5
  mbarrier_init %3, %4, %5
  tma_load %1, %2, %6, %3, %4, %4, %4
  return
}

entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index))
YIR
sed 's/const 1u/const 512u/' "$tmp/载.yir" >"$tmp/载对齐.yir"
"$yusec" run "$tmp/载对齐.yir" --device=cpu --buffer 0:0=u32:256*0 --shape 0:0=8x64 --grid 1 >"$tmp/out" 2>&1
status=$?
echo "退出码 $status" >>"$tmp/out"
check 张量载入对齐 0 $status "退出码 0" "$tmp/out"
sed -e 's/%6:u32 = mul %0, %5/%6:u32 = add %0, %5/' "$tmp/载.yir" >"$tmp/载错.yir"
run_check 张量载入不对齐 1 "载错.yir:13:3: error: CPU 执行失败：「张量载入」的元素序须是 512 的倍数（1024 字节对齐，因为有交错），此处是 1" \
  run "$tmp/载错.yir" --device=cpu --buffer 0:0=u32:256*0 --shape 0:0=8x64
sed -e '/mbarrier_init/d' "$tmp/载.yir" >"$tmp/载无栏.yir"
run_check 张量载入未初始化 1 "载无栏.yir:12:3: error: CPU 执行失败：「张量载入」用了未初始化的异步屏障（序 0）" \
  run "$tmp/载无栏.yir" --device=cpu --buffer 0:0=u32:256*0 --shape 0:0=8x64

# The 64- and 32-byte swizzles: an 8 × 32 (then 8 × 16) f16 tensor, element (r, c) = 32r + c,
# loaded whole and copied out as the bytes lie in workgroup memory: byte o of the box moves to
# o XOR ((o & (S/16 − 1)·128) >> 3) (CUTLASS's Swizzle<log2(S/16), 4, 3>).
swizzle_yir() {  # swizzle_yir COLS SWIZZLE
  cat >"$tmp/交错.yir" <<YIR
var<storage_read> @图: array<f16> @group(0) @binding(0) @tensor_box(8, $1, $2)
var<storage_read_write> @出: array<f32> @group(0) @binding(1)
var<workgroup> @块: array<f16, 256>
var<workgroup> @栏: array<vec2<u32>, 1>

fn @f(%0:u32) {
  %1:ptr<storage_read, array<f16>> = global @图
  %2:ptr<workgroup, array<f16, 256>> = global @块
  %3:ptr<workgroup, array<vec2<u32>, 1>> = global @栏
  %4:u32 = const 0u
  %5:u32 = const 1u
  %6:u32 = const $(( 16 * $1 ))u
  %7:bool = eq %0, %4
  if %7 {
    mbarrier_init %3, %4, %5
    mbarrier_expect_tx %3, %4, %6
    tma_load %1, %2, %4, %3, %4, %4, %4
    yield
  } else {
    yield
  }
  workgroup_barrier
  mbarrier_wait %3, %4, %4
  %8:ptr<workgroup, f16> = access %2, %0
  %9:f16 = load %8
  %10:f32 = convert %9
  %11:ptr<storage_read_write, array<f32>> = global @出
  %12:ptr<storage_read_write, f32> = access %11, %0
  store %12, %10
  return
}

entry @e = compute @f workgroup_size($(( 8 * $1 )), 1, 1) (builtin(local_invocation_index))
YIR
}
for case in "32 64" "16 32"; do
  set -- $case
  swizzle_yir "$1" "$2"
  python3 - "$1" "$2" "$tmp/张量.bin" "$tmp/交错预期.bin" <<'PY'
import struct, sys
cols, swizzle = int(sys.argv[1]), int(sys.argv[2])
open(sys.argv[3], 'wb').write(struct.pack('<%de' % (8 * cols), *[float(32 * r + c) for r in range(8) for c in range(cols)]))
out = [0.0] * (8 * cols)
mask = (swizzle // 16 - 1) << 7
for r in range(8):
    for c in range(cols):
        o = (r * cols + c) * 2
        out[(o ^ ((o & mask) >> 3)) // 2] = float(32 * r + c)
open(sys.argv[4], 'wb').write(struct.pack('<%df' % len(out), *out))
PY
  "$yusec" run "$tmp/交错.yir" --device=cpu --buffer 0:0=u32:@"$tmp/张量.bin" --shape 0:0=8x"$1" \
    --buffer 0:1=f32:$(( 8 * $1 ))*0 --out 0:1="$tmp/交错.bin" >"$tmp/out" 2>&1
  status=$?
  cmp "$tmp/交错.bin" "$tmp/交错预期.bin" >>"$tmp/out" 2>&1 && echo "值相同" >>"$tmp/out"
  check "交错 $2 字节" 0 $status "值相同" "$tmp/out"
done

# A hand-written @tensor_box is held to TMA's rules by the YIR verifier.
sed 's/@tensor_box(8, 64, 128)/@tensor_box(8, 72, 128)/' "$tmp/载.yir" >"$tmp/盒.yir"
run_check 盒不合规则 1 "张量映射「图」的 @tensor_box(8, 72, 128) 不合 TMA 的规则" \
  -emit-ptx "$tmp/盒.yir" -o "$tmp/盒.ptx"

[ "$failures" -eq 0 ]
