#!/usr/bin/env bash
# ctest bench.real_committed: bench/real/generated holds exactly what gen_ptx.sh writes with this
# yusec (one 名.ptx per kernels/名。着色器。豫, byte for byte as regenerated in a temporary
# directory, no stray file), ptxas (where installed) assembles each for sm_90, and every kernel
# has its case — a `static void 名(Bench &b)` registered with REAL_CASE(名) in cases/*.cu — and
# every case its kernel. The H200 runs the committed PTX (it has no LLVM), so a compiler change
# not followed by `bash bench/real/gen_ptx.sh build/yusec` fails here.
#   bash bench/real/check_committed.sh BUILD/yusec
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../check_common.sh"
regen="（重新生成：bash bench/real/gen_ptx.sh build/yusec）"
REAL_PTX_DIR=$work bash "$here/gen_ptx.sh" "$yusec" >/dev/null || fail "gen_ptx.sh 失败"
count=0
for src in "$here"/kernels/*。着色器。豫; do
  stem=$(basename "$src" 。着色器。豫)
  count=$((count + 1))
  if [ ! -f "$here/generated/$stem.ptx" ]; then fail "没有 bench/real/generated/$stem.ptx$regen"
  elif ! cmp -s "$work/$stem.ptx" "$here/generated/$stem.ptx"; then fail "bench/real/generated/$stem.ptx 与重新生成的不同$regen"; fi
  if [ -n "$ptxas" ] && ! "$ptxas" -arch=sm_90 "$work/$stem.ptx" -o "$work/x.cubin" 2>"$work/ptxas.err"; then
    fail "ptxas 拒绝 $stem.ptx"; cat "$work/ptxas.err"
  fi
  grep -q "^static void $stem(Bench &" "$here"/cases/*.cu && grep -q "^REAL_CASE($stem);" "$here"/cases/*.cu ||
    fail "kernels/$stem。着色器。豫 没有 cases/*.cu 里的 static void $stem(Bench &…) 与 REAL_CASE($stem)"
done
for ptx in "$here"/generated/*.ptx; do
  stem=$(basename "$ptx" .ptx)
  [ -f "$here/kernels/$stem。着色器。豫" ] || fail "bench/real/generated/$stem.ptx 没有对应的 kernels/$stem。着色器。豫"
done
for stem in $(sed -n 's/^REAL_CASE(\(.*\));$/\1/p' "$here"/cases/*.cu); do
  [ -f "$here/kernels/$stem。着色器。豫" ] || fail "REAL_CASE($stem) 没有 kernels/$stem。着色器。豫"
done
echo "bench/real: $count 个核$([ -n "$ptxas" ] && echo '，ptxas sm_90 汇编')，$([ $status = 0 ] && echo 全部一致 || echo 有不符)"
exit $status
