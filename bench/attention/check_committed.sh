#!/usr/bin/env bash
# ctest bench.attention_committed: the committed attention kernels (sources, PTX, manifests) are
# what gen_ptx.sh writes with this yusec and gen_attention.py (regenerated in a temporary
# directory, compared byte for byte), no other kernel files are committed, and ptxas (where
# installed) assembles each PTX for sm_90. The H200 runs the committed PTX (it has no LLVM).
#   bash bench/attention/check_committed.sh BUILD/yusec
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../check_common.sh"
regen="（重新生成：bash bench/attention/gen_ptx.sh build/yusec）"
ATTENTION_OUT=$work bash "$here/gen_ptx.sh" "$yusec" || fail "gen_ptx.sh 失败"
count=0
for f in "$work"/*; do
  base=$(basename "$f")
  count=$((count + 1))
  if [ ! -f "$here/$base" ]; then fail "没有 bench/attention/$base$regen"
  elif ! cmp -s "$f" "$here/$base"; then fail "bench/attention/$base 与重新生成的不同$regen"; fi
  case $base in
    *.ptx) if [ -n "$ptxas" ] && ! "$ptxas" -arch=sm_90 "$f" -o "$work/x.cubin" 2>"$work/ptxas.err"; then
             fail "ptxas 拒绝 $base"; cat "$work/ptxas.err"; fi
           rm -f "$work/x.cubin" ;;
  esac
done
for f in "$here"/前向_* "$here"/解码_*; do
  [ -f "$work/$(basename "$f")" ] || fail "bench/attention/$(basename "$f") 不是 gen_ptx.sh 写的"
done
echo "bench/attention: $count 个文件$([ -n "$ptxas" ] && echo '，ptxas sm_90 汇编')，$([ $status = 0 ] && echo 全部一致 || echo 有不符)"
exit $status
