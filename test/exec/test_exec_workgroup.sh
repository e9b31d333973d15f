#!/usr/bin/env bash
# Workgroup sizes in the CPU executor (`yusec run --device=cpu`, docs/exec.md):
#  - a 3-D workgroup (4 × 2 × 3): every invocation's 局部调用号 (x, y, z) and 局部调用序
#    (x + 4·(y + 2·z)) agree, and the whole workgroup runs;
#  - sizes no GPU target runs (more than 1,024 invocations, as YIR may say) are a located
#    fault with exit 1, counted in 64 bits: 65536 × 65536 × 1 ran zero invocations and
#    2 × 2147483650 × 1 wrong ones when the product was taken in 32 bits (issue 30, item 4).
#   bash test/exec/test_exec_workgroup.sh YUSEC
set -u
yusec=$1
. "$(dirname "$0")/check_common.sh"

# kernel SIZE: out[局部调用序] = x + 10·y + 100·z of 局部调用号.
kernel() {
  cat <<YIR
var<storage_read_write> @out: array<u32> @group(0) @binding(0)

fn @f(%0:vec3<u32>, %1:u32) {
  %2:u32 = extract %0, 0
  %3:u32 = extract %0, 1
  %4:u32 = extract %0, 2
  %5:u32 = const 10u
  %6:u32 = const 100u
  %7:u32 = mul %3, %5
  %8:u32 = mul %4, %6
  %9:u32 = add %2, %7
  %10:u32 = add %9, %8
  %11:ptr<storage_read_write, array<u32>> = global @out
  %12:ptr<storage_read_write, u32> = access %11, %1
  store %12, %10
  return
}

entry @e = compute @f workgroup_size($1) (builtin(local_invocation_id), builtin(local_invocation_index))
YIR
}

kernel "4, 2, 3" >"$tmp/三维.yir"
expected=""
for ((i = 0; i < 24; i++)); do
  value=$((i % 4 + 10 * (i / 4 % 2) + 100 * (i / 8)))
  expected="$expected${expected:+, }$value"
done
"$yusec" run "$tmp/三维.yir" --device=cpu --buffer "0:0=u32:25*7" >"$tmp/out" 2>&1
check 三维工作组 0 $? "0:0 out u32[25] = $expected, 7" "$tmp/out"

kernel "65536, 65536, 1" >"$tmp/过大.yir"
"$yusec" run "$tmp/过大.yir" --device=cpu --buffer "0:0=u32:4*0" >"$tmp/out" 2>&1
check 过大工作组 1 $? "过大.yir:19:7: error: CPU 执行失败：入口「e」的工作组大小为 65536×65536×1，每个工作组至多 1024 个调用" "$tmp/out"
check 过大工作组插入符 1 1 "      ^" "$tmp/out"

kernel "2, 2147483650, 1" >"$tmp/回绕.yir"
"$yusec" run "$tmp/回绕.yir" --device=cpu --buffer "0:0=u32:4*0" >"$tmp/out" 2>&1
check 三十二位回绕 1 $? "入口「e」的工作组大小为 2×2147483650×1，每个工作组至多 1024 个调用" "$tmp/out"

kernel "4294967295, 4294967295, 4294967295" >"$tmp/最大.yir"
"$yusec" run "$tmp/最大.yir" --device=cpu --buffer "0:0=u32:4*0" >"$tmp/out" 2>&1
check 六十四位不溢出 1 $? "每个工作组至多 1024 个调用" "$tmp/out"

kernel "1024, 1, 1" >"$tmp/上限.yir"
"$yusec" run "$tmp/上限.yir" --device=cpu --buffer "0:0=u32:1024*0" >"$tmp/out" 2>&1
check 恰好一千零二十四 0 $? "0:0 out u32[1024] = 0, 1, 2, 3" "$tmp/out"
[ "$failures" -eq 0 ] || exit 1
