#!/usr/bin/env bash
# Regenerates bench/generated/*.ptx from bench/*。着色器。豫 with a yusec that has the PTX
# target (LLVM 19). Run it on the development machine after changing the compiler or the
# benchmark sources; the device machine has no LLVM, so the benchmark ships these files.
#   bash bench/gen_ptx.sh [YUSEC]        (default: build/yusec)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
yusec=${1:-$here/../build/yusec}
out=$here/generated
mkdir -p "$out"
for src in "$here"/*。着色器。豫; do
  stem=$(basename "$src" 。着色器。豫)
  "$yusec" -emit-ptx -arch=sm_90 "$src" -o "$out/$stem.ptx" 2>"$out/$stem.entries"
  echo "$stem: $(cut -f4,5 "$out/$stem.entries" | tr '\t' ' ')"
done
"$yusec" --version > "$out/VERSION"
