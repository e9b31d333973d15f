#!/usr/bin/env bash
# ctest bench.gemm_hopper_committed: the committed 矩阵乘_线程束组.ptx and .json are what gen_ptx.sh
# writes with this yusec (byte for byte, regenerated in a temporary directory), ptxas (where
# installed) assembles the PTX for sm_90a, and nvcc (where installed) compiles wgmma_ref.cu, the
# CUDA C twin and harness that run_wgmma.sh builds on the H200.
#   bash bench/gemm/hopper/check_committed.sh BUILD/yusec
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../check_common.sh"
regen="（重新生成：bash bench/gemm/hopper/gen_ptx.sh build/yusec）"
stem=矩阵乘_线程束组
cp "$here/$stem。着色器。豫" "$here/gen_ptx.sh" "$work/"
bash "$work/gen_ptx.sh" "$yusec" || fail "gen_ptx.sh 失败"
for ext in .ptx .json; do
  cmp -s "$work/$stem$ext" "$here/$stem$ext" || fail "bench/gemm/hopper/$stem$ext 与重新生成的不同$regen"
done
grep -qx '.target sm_90a' "$here/$stem.ptx" || fail "$stem.ptx 不是 sm_90a"
if [ -n "$ptxas" ] && ! "$ptxas" -arch=sm_90a "$here/$stem.ptx" -o "$work/x.cubin" 2>"$work/ptxas.err"; then
  fail "ptxas -arch=sm_90a 拒绝 $stem.ptx"; cat "$work/ptxas.err"
fi
if [ -n "$ptxas" ] && grep -q "C7515\|warning" "$work/ptxas.err" 2>/dev/null; then
  fail "ptxas 对 $stem.ptx 有警告（wgmma 被串行化？）"; cat "$work/ptxas.err"
fi
nvcc=${NVCC:-$(dirname "${ptxas:-/usr/local/cuda/bin/ptxas}")/nvcc}
if [ -x "$nvcc" ] && ! "$nvcc" -c -O3 -gencode=arch=compute_90a,code=sm_90a "$here/wgmma_ref.cu" \
     -o "$work/wgmma_ref.o" 2>"$work/nvcc.err"; then
  fail "nvcc 编译不了 wgmma_ref.cu"; cat "$work/nvcc.err"
fi
exit $status
