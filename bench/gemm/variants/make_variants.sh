#!/usr/bin/env bash
# Experiment (issue 14): PTX variants of some GEMM designs, timed on the H200 by run.sh
# (run_variants.py) beside the CUDA C kernel of the same design. Each variant is a directory
# out/NAME[_KIND] of 矩阵乘_….ptx / .json (gen_ptx.sh's names) made from the given yusec and the
# committed sources of bench/gemm (out/ is not committed: the GPU machine has no LLVM, so make
# it here and copy it along):
#   NAME          yusec's PTX as it is
#   NAME_ob       the run of conditional branches after the K loop's barrier (one per
#                 next-tile fragment load) merged into one branch (onebranch.py, PTX text)
#   NAME_short    yusec's LLVM IR (-emit-llvm) through llc-19 -nvptx-short-ptr: 32-bit
#                 shared addresses; cp.async as inline asm on a 32-bit address (LLVM 19
#                 cannot select the intrinsic with 32-bit shared pointers)
#   NAME_shortob  NAME_short + onebranch.py
#   bash bench/gemm/variants/make_variants.sh YUSEC NAME "KIND…" DESIGN…
#   (KIND among plain ob short shortob; e.g. "plain ob short shortob" 2_4_4_4_64_3)
set -euo pipefail
Y=$(realpath "$1"); name=$2; kinds=$3; shift 3
V=$(cd "$(dirname "$0")" && pwd)
G=$(dirname "$V")
tmp=$(mktemp -d)
dir_of() { if [ "$1" = plain ]; then echo "$V/out/$name"; else echo "$V/out/${name}_$1"; fi; }
for k in $kinds; do rm -rf "$(dir_of $k)"; mkdir -p "$(dir_of $k)"; done
for six in "$@"; do
  s="矩阵乘_$six"
  (cd "$G" && "$Y" -emit-ptx -arch=sm_90 "$s。着色器。豫" -o "$tmp/plain.ptx" 2>/dev/null &&
   "$Y" -emit-llvm -arch=sm_90 "$s。着色器。豫" -o "$tmp/v.ll" 2>/dev/null)
  grep -v "^乘入口" "$tmp/v.ll" | sed 's/^target datalayout = "e-/target datalayout = "e-p3:32:32-/' > "$tmp/vb.ll"
  python3 - "$tmp/vb.ll" "$tmp/vc.ll" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
n = [0]
def rep(m):
    n[0] += 1
    return ("  %%cpa%d = ptrtoint ptr addrspace(3) %s to i32\n  call void asm sideeffect "
            "\"cp.async.cg.shared.global [$0], [$1], 16;\", \"r,l,~{memory}\"(i32 %%cpa%d, ptr addrspace(1) %s)"
            % (n[0], m.group(1), n[0], m.group(2)))
src = re.sub(r"  tail call void @llvm\.nvvm\.cp\.async\.cg\.shared\.global\.16\(ptr addrspace\(3\) (%\w+), "
             r"ptr addrspace\(1\) (%\w+)\)", rep, src)
open(sys.argv[2], "w").write(src)
PY
  llc-19 -O3 -mcpu=sm_90 -mattr=+ptx80 -nvptx-short-ptr "$tmp/vc.ll" -o "$tmp/short.ptx"
  for k in $kinds; do
    d=$(dir_of $k)
    cp "$G/$s.json" "$d/"
    case $k in
      plain) cp "$tmp/plain.ptx" "$d/$s.ptx" ;;
      ob) python3 "$V/onebranch.py" "$tmp/plain.ptx" "$d/$s.ptx" ;;
      short) cp "$tmp/short.ptx" "$d/$s.ptx" ;;
      shortob) python3 "$V/onebranch.py" "$tmp/short.ptx" "$d/$s.ptx" ;;
    esac
  done
done
rm -rf "$tmp"
