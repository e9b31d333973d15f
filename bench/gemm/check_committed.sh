#!/usr/bin/env bash
# ctest bench.gemm_committed: the committed GEMM files are what gen_ptx.sh writes with this
# yusec and gen_gemm.py — each design of designs.txt has its 矩阵乘_….。着色器。豫, .ptx and .json,
# byte for byte as regenerated (in a temporary directory), no other 矩阵乘_ files are committed,
# gemm_ref.cu's REF table lists exactly these designs, ptxas (where installed) assembles each
# PTX for sm_90, and no PTX or manifest of the variant experiments is committed (their generators
# in variants/ write them into variants/out/, which git ignores). The H200 runs the committed PTX (it has no LLVM), so a compiler or generator
# change that is not followed by `bash bench/gemm/gen_ptx.sh build/yusec` fails here.
#   bash bench/gemm/check_committed.sh BUILD/yusec
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../check_common.sh"
regen="（重新生成：bash bench/gemm/gen_ptx.sh build/yusec）"
declare -A listed
count=0
while read -r args; do
  [ -n "$args" ] || continue
  stem="矩阵乘_${args// /_}"
  listed[$stem]=1
  count=$((count + 1))
  (cd "$work" && python3 "$here/gen_gemm.py" $args > "$stem。着色器。豫" &&
     "$yusec" -emit-ptx -arch=sm_90 "$stem。着色器。豫" -o "$stem.ptx" >/dev/null 2>"$stem.err" &&
     "$yusec" --entries=json "$stem。着色器。豫" -o "$stem.json") || { fail "$stem 生成失败"; cat "$work/$stem.err"; continue; }
  for ext in 。着色器。豫 .ptx .json; do
    if [ ! -f "$here/$stem$ext" ]; then fail "没有 bench/gemm/$stem$ext$regen";
    elif ! cmp -s "$work/$stem$ext" "$here/$stem$ext"; then fail "bench/gemm/$stem$ext 与重新生成的不同$regen"; fi
  done
  if [ -n "$ptxas" ] && ! "$ptxas" -arch=sm_90 "$work/$stem.ptx" -o "$work/x.cubin" 2>"$work/ptxas.err"; then
    fail "ptxas 拒绝 $stem.ptx"; cat "$work/ptxas.err"
  fi
done < "$here/designs.txt"
for f in "$here"/矩阵乘_*; do
  base=$(basename "$f"); stem=${base%%.*}; stem=${stem%%。*}
  [ -n "${listed[$stem]:-}" ] || fail "bench/gemm/$base 不在 designs.txt 里"
done
if git -C "$here" rev-parse --git-dir >/dev/null 2>&1; then
  committed=$(git -C "$here" -c core.quotepath=off ls-files -- variants | grep '矩阵乘_' || true)
  [ -z "$committed" ] || fail "bench/gemm/variants 里提交了生成的文件（由 make_variants.sh / make_group.sh 生成到 variants/out/）：$(echo "$committed" | head -3 | tr '\n' ' ')"
fi
ref=$(grep -o 'REF_KERNEL([0-9, ]*)' "$here/gemm_ref.cu" | grep -v 'WM' | sed 's/REF_KERNEL(//; s/)//; s/, / /g' | sort)
if [ "$ref" != "$(grep -v '^$' "$here/designs.txt" | sort)" ]; then
  fail "gemm_ref.cu 的 REF 与 designs.txt 的设计不同"
fi
echo "bench/gemm: $count 个设计$([ -n "$ptxas" ] && echo '，ptxas sm_90 汇编')，$([ $status = 0 ] && echo 全部一致 || echo 有不符)"
exit $status
