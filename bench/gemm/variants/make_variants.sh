#!/usr/bin/env bash
# Experiment (issue 14): PTX variants of some GEMM designs, to be timed on the H200 by
# run.sh (run_variants.py) beside the CUDA C kernel of the same design. Each variant is a
# directory of 矩阵乘_….ptx / .json (gen_ptx.sh's names):
#   base          yusec's PTX as committed in bench/gemm
#   ob            base, the run of conditional branches after the K loop's barrier (one per
#                 next-tile fragment load) merged into one branch (onebranch.py, PTX text)
#   short         yusec's LLVM IR (-emit-llvm) through llc-19 -nvptx-short-ptr: 32-bit
#                 shared addresses; cp.async as inline asm on a 32-bit address (LLVM 19
#                 cannot select the intrinsic with 32-bit shared pointers)
#   shortob       short + onebranch.py
#   shortnolsr    short with -disable-lsr
#   shortnolsrob  shortnolsr + onebranch.py
#   bash bench/gemm/variants/make_variants.sh build/yusec 2_4_4_4_64_3 …
set -euo pipefail
Y=$(realpath "$1"); shift
V=$(cd "$(dirname "$0")" && pwd)
G=$(dirname "$V")
tmp=$(mktemp -d)
names="base ob short shortob shortnolsr shortnolsrob"
for d in $names; do rm -rf "${V:?}/$d"; mkdir -p "$V/$d"; done
for six in "$@"; do
  s="矩阵乘_$six"
  for d in $names; do cp "$G/$s.json" "$V/$d/"; done
  cp "$G/$s.ptx" "$V/base/"
  python3 "$V/onebranch.py" "$G/$s.ptx" "$V/ob/$s.ptx"
  (cd "$G" && "$Y" -emit-llvm -arch=sm_90 "$s。着色器。豫" -o "$tmp/v.ll")
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
  for d in short shortnolsr; do
    extra=""; [ $d = shortnolsr ] && extra=-disable-lsr
    llc-19 -O3 -mcpu=sm_90 -mattr=+ptx80 -nvptx-short-ptr $extra "$tmp/vc.ll" -o "$V/$d/$s.ptx"
    python3 "$V/onebranch.py" "$V/$d/$s.ptx" "$V/${d}ob/$s.ptx"
  done
done
rm -rf "$tmp"
