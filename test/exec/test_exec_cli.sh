#!/usr/bin/env bash
# yusec run --device=cpu through the real binary (docs/exec.md): the GPU's output format, a
# located out-of-bounds fault with exit status 1, usage errors (exit 2), and --device=auto
# falling back to the CPU on a machine without a GPU; the executor's limits and step budget
# (issue 30: memory beyond the limits and endless runs are located faults, exit 1).
#   bash test/exec/test_exec_cli.sh YUSEC
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
samples=$here/../../库/点染/测试/样例
. "$(dirname "$0")/check_common.sh"

run_check 加倍 0 "0:0 数据 u32[4] = 2, 4, 6, 8" \
  run "$samples/加倍。着色器。豫" --device=cpu --buffer 0:0=u32:1,2,3,4

cat >"$tmp/越界.yir" <<'YIR'
var<storage_read_write> @数据: array<u32> @group(0) @binding(0)

fn @f(%0:u32) {
  %1:u32 = const 8u
  %2:u32 = add %0, %1
  %3:ptr<storage_read_write, array<u32>> = global @数据
  %4:ptr<storage_read_write, u32> = access %3, %2
  store %4, %1
  return
}

entry @e = compute @f workgroup_size(2, 1, 1) (builtin(local_invocation_index))
YIR
run_check 越界位置 1 "越界.yir:7:3: error: CPU 执行失败：越界访问：下标 8 超出「数据」的长度 4" \
  run "$tmp/越界.yir" --device=cpu --buffer 0:0=u32:4*0
check 越界插入符 1 1 "  ^" "$tmp/out"
check 越界调用 1 1 "（工作组 (0, 0, 0)，局部调用序 0）" "$tmp/out"

run_check cpu不收ptx 2 "--ptx 只用于 GPU" \
  run "$samples/加倍。着色器。豫" --device=cpu --ptx "$tmp/x.ptx" --buffer 0:0=u32:1
run_check 坏设备 2 "--device 须是 cpu、gpu、auto 或 GPU 编号" \
  run "$samples/加倍。着色器。豫" --device=tpu --buffer 0:0=u32:1
run_check 坏子组大小 2 "--subgroup-size 须是 4 至 128 之间的二的幂" \
  run "$samples/加倍。着色器。豫" --device=cpu --subgroup-size 12 --buffer 0:0=u32:1
run_check gpu不收子组大小 2 "--subgroup-size 只用于 CPU" \
  run "$samples/加倍。着色器。豫" --device=gpu --subgroup-size 16 --buffer 0:0=u32:1

# Tensor tiles (着十三) are the whole workgroup's: exactly 128 invocations, and the same operands
# in every invocation (a located fault, exit 1).
run_check 张量片工作组 1 "张量片工作组。着色器。豫:9:12: error: CPU 执行失败：张量片运算须由线程束组（128 个调用）一起执行，工作组须是 128 的倍数个调用（着十三），现为 64" \
  run "$samples/张量片工作组。着色器。豫" --device=cpu --buffer 0:0=f32:4096*0
cat >"$tmp/张量片操作数.yir" <<'YIR'
var<storage_read_write> @丙: array<f32> @group(0) @binding(0)

fn @f(%0:u32) {
  %1:tensor_acc_f32 = tensor_zero
  %2:ptr<storage_read_write, array<f32>> = global @丙
  %3:u32 = const 64u
  tensor_store %1, %2, %0, %3, %3, %3
  return
}

entry @e = compute @f workgroup_size(128, 1, 1) (builtin(local_invocation_index))
YIR
run_check 张量片操作数 1 "张量片操作数.yir:7:3: error: CPU 执行失败：张量片运算的操作数须在整个线程束组里相同：第 1 个调用的第 3 个操作数与第 0 个调用的不同" \
  run "$tmp/张量片操作数.yir" --device=cpu --buffer 0:0=f32:5000*0

# 张量片共享乘加: tile starts are multiples of 8 f16 elements, and each tile lies in the array.
cat >"$tmp/共享起.yir" <<'YIR'
var<storage_read_write> @丙: array<f32> @group(0) @binding(0)
var<workgroup> @块: array<f16, 8192>

fn @f(%0:u32) {
  %1:tensor_acc_f32 = tensor_zero
  %2:ptr<workgroup, array<f16, 8192>> = global @块
  %3:u32 = const 4u
  %4:u32 = const 4096u
  %5:tensor_acc_f32 = tensor_mma_shared %1, %2, %3, %4
  %6:ptr<storage_read_write, array<f32>> = global @丙
  %7:u32 = const 64u
  tensor_store %5, %6, %4, %7, %7, %7
  return
}

entry @e = compute @f workgroup_size(128, 1, 1) (builtin(local_invocation_index))
YIR
run_check 共享起对齐 1 "共享起.yir:9:3: error: CPU 执行失败：「张量片共享乘加」的甲起按元素算，须是 8 的倍数（十六字节对齐），此处是 4" \
  run "$tmp/共享起.yir" --device=cpu --buffer 0:0=f32:8192*0
sed -i 's/const 4u/const 4104u/' "$tmp/共享起.yir"
run_check 共享起越界 1 "共享起.yir:9:3: error: CPU 执行失败：越界访问：「块」只有 16384 字节，却要访问第 8208 至 16399 字节" \
  run "$tmp/共享起.yir" --device=cpu --buffer 0:0=f32:8192*0

# 张量片异步乘加 leaves its tile pending: reading it (tensor_store) before the group that wrote
# it is committed and waited for is a located fault; after commit and wait 0 it runs.
cat >"$tmp/异步.yir" <<'YIR'
var<storage_read_write> @丙: array<f32> @group(0) @binding(0)
var<workgroup> @块: array<f16, 8192>

fn @f(%0:u32) {
  %1:tensor_acc_f32 = tensor_zero
  %2:ptr<workgroup, array<f16, 8192>> = global @块
  %3:u32 = const 0u
  %4:u32 = const 4096u
  %5:tensor_acc_f32 = tensor_mma_async %1, %2, %3, %4, %3
  %6:ptr<storage_read_write, array<f32>> = global @丙
  %7:u32 = const 64u
  %8:u32 = const 1u
  tensor_commit
  %9:tensor_acc_f32 = tensor_wait %5, %8
  tensor_store %9, %6, %3, %7, %7, %7
  return
}

entry @e = compute @f workgroup_size(128, 1, 1) (builtin(local_invocation_index))
YIR
run_check 异步未等到 1 "异步.yir:15:3: error: CPU 执行失败：「存回张量片累」读的张量片累还在异步乘加之中：写它的第 1 组已提交，但只等到了前 0 组完成（「等待张量片乘加」的组数太大或没有等待）" \
  run "$tmp/异步.yir" --device=cpu --buffer 0:0=f32:4096*0
sed -i 's/  tensor_commit/  %10:u32 = const 2u/' "$tmp/异步.yir"
run_check 异步未提交 1 "异步.yir:15:3: error: CPU 执行失败：「存回张量片累」读的张量片累还在异步乘加之中：写它的「张量片异步乘加」尚未提交（须先「提交张量片乘加」，再「等待张量片乘加」）" \
  run "$tmp/异步.yir" --device=cpu --buffer 0:0=f32:4096*0
sed -i 's/  %10:u32 = const 2u/  tensor_commit/; s/const 1u/const 0u/' "$tmp/异步.yir"
run_check 异步等到 0 "" \
  run "$tmp/异步.yir" --device=cpu --buffer 0:0=f32:4096*0
# Workgroups of 3 × 128: the operands must be the same within each warpgroup.
sed -i 's/%5:tensor_acc_f32 = tensor_mma_async %1, %2, %3, %4, %3/%5:tensor_acc_f32 = tensor_mma_async %1, %2, %3, %4, %0/; s/workgroup_size(128, 1, 1)/workgroup_size(384, 1, 1)/' "$tmp/异步.yir"
run_check 异步操作数 1 "异步.yir:9:3: error: CPU 执行失败：张量片运算的操作数须在整个线程束组里相同：第 1 个调用的第 5 个操作数与第 0 个调用的不同" \
  run "$tmp/异步.yir" --device=cpu --buffer 0:0=f32:4096*0
# A layout that is no constant (read from a buffer: no pass can fold it) is checked when it runs.
cat >"$tmp/布局.yir" <<'YIR'
var<workgroup> @块: array<f16, 8192>
var<storage_read> @布: array<u32> @group(0) @binding(0)

fn @g(%0:tensor_acc_f32, %1:u32) -> tensor_acc_f32 {
  %2:ptr<workgroup, array<f16, 8192>> = global @块
  %3:u32 = const 0u
  %4:u32 = const 4096u
  %5:tensor_acc_f32 = tensor_mma_async %0, %2, %3, %4, %1
  return %5
}

fn @f(%0:u32) {
  %1:tensor_acc_f32 = tensor_zero
  %2:ptr<storage_read, array<u32>> = global @布
  %3:u32 = const 0u
  %4:ptr<storage_read, u32> = access %2, %3
  %5:u32 = load %4
  %6:tensor_acc_f32 = call @g(%1, %5)
  return
}

entry @e = compute @f workgroup_size(128, 1, 1) (builtin(local_invocation_index))
YIR
run_check 异步布局 1 "布局.yir:8:3: error: CPU 执行失败：「张量片异步乘加」的布局须是常量零（核心矩阵）或一二八（128 字节交错），此处是 64" \
  run "$tmp/布局.yir" --device=cpu --buffer 0:0=u32:64
# 线程束组报错 on the CPU: 增寄存器 / 减寄存器 by warpgroup, 线程束组号 (0, 1) after the two tiles.
run_check 线程束组号 0 "1, 1, 1, 1, 1, 1, 1, 1" \
  run "$samples/线程束组报错。着色器。豫" --device=cpu --buffer 0:0=f32:8448*0

# 4 GiB − 16 B of workgroup memory: refused at the variable (was a heap overflow).
run_check 工作组四吉 1 "工作组四吉。着色器。豫:7:1: error: CPU 执行失败：工作组变量「暂存」使工作组内存达到 4294967280 字节，超过 CPU 执行器的上限 1048576 字节" \
  run "$here/工作组四吉。着色器。豫" --device=cpu --buffer 0:0=u32:1*0

# The step budget: an endless 递归令 and a 65535×65535×64 grid stop at an instruction (the
# grid after 5,000,000 invocations of one step: 76 rows of 65,535 and 19,340 more).
run_check 无尽递归令 1 "无尽递归令。着色器。豫:11:4: error: CPU 执行失败：执行步数超过上限 100000（可能是死循环；用 --max-steps 调整）（工作组 (0, 0, 0)，局部调用序 0）" \
  run "$here/无尽递归令。着色器。豫" --device=cpu --max-steps 100000 --buffer 0:0=u32:1*0
cat >"$tmp/空.yir" <<'YIR'
fn @f(%0:u32) {
  return
}

entry @e = compute @f workgroup_size(1, 1, 1) (builtin(local_invocation_index))
YIR
run_check 大网格 1 "空.yir:2:3: error: CPU 执行失败：执行步数超过上限 5000000（可能是死循环；用 --max-steps 调整）（工作组 (19340, 76, 0)，局部调用序 0）" \
  run "$tmp/空.yir" --device=cpu --grid 65535,65535,64 --max-steps 5000000
run_check 步数够用 0 "0:0 数据 u32[4] = 2, 4, 6, 8" \
  run "$samples/加倍。着色器。豫" --device=cpu --max-steps 1000 --buffer 0:0=u32:1,2,3,4
for bad in 0 -1 abc 18446744073709551616; do
  run_check "坏步数 $bad" 2 "--max-steps 须是 1 至 18446744073709551615 之间的整数" \
    run "$samples/加倍。着色器。豫" --device=cpu --max-steps "$bad" --buffer 0:0=u32:1
done
run_check gpu不收步数 2 "--max-steps 只用于 CPU" \
  run "$samples/加倍。着色器。豫" --device=gpu --max-steps 10 --buffer 0:0=u32:1

if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  run_check auto改用CPU 0 "0:0 数据 u32[4] = 10, 12, 14, 16" \
    run "$samples/加倍。着色器。豫" --device=auto --buffer 0:0=u32:5,6,7,8
  check auto说明 0 0 "改在 CPU 上执行" "$tmp/out"
fi
[ "$failures" -eq 0 ] || exit 1
