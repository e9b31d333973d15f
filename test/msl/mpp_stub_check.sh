#!/usr/bin/env bash
# The Metal 4 tensor stubs (test/msl/include/metal_tensor, MetalPerformancePrimitives.h) must
# accept the MSL yusec emits for 张量片 (着十三) and reject slips in it: a tensor with the wrong
# number of extents, a B pointer of the wrong element type, storing into a non-tensor, a
# matmul2d scope that is not an execution_* type.
#   bash test/msl/mpp_stub_check.sh YUSEC SAMPLE
set -u
yusec=$1
sample=$2
here=$(cd "$(dirname "$0")" && pwd)
command -v clang >/dev/null 2>&1 || { echo "跳过: 没有 clang"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$(dirname "$sample")" && "$yusec" -emit-msl "$(basename "$sample")") >"$work/ok.metal" 2>/dev/null || {
  echo "FAIL: yusec -emit-msl $sample"; exit 1; }
check() { clang -fsyntax-only -x c++ -std=c++20 -Werror -I "$here/include" -include "$here/metal_stub.h" "$1" 2>"$work/clang"; }
status=0
check "$work/ok.metal" || { echo "FAIL: the stubs reject yusec's MSL:"; cat "$work/clang"; status=1; }
mutate() {  # NAME SED-EXPRESSION
  sed "$2" "$work/ok.metal" >"$work/$1.metal"
  if cmp -s "$work/ok.metal" "$work/$1.metal"; then echo "FAIL: mutation $1 changed nothing"; status=1; return; fi
  if check "$work/$1.metal"; then echo "FAIL: the stubs accept mutation $1"; status=1; fi
}
mutate extents 's/dextents<int32_t, 2>(32, 64)/dextents<int32_t, 2>(32)/'
mutate b_type 's/threadgroup half\* b) {/threadgroup float* b) {/'
mutate store 's/c\.store(td);/c.store(3);/'
mutate scope 's/execution_simdgroups<4>>;/int>;/'
[ $status = 0 ] && echo "ok: the tensor stubs accept 张量片's MSL and reject 4 mutations"
exit $status
