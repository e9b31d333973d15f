#!/usr/bin/env bash
# Compiles the measuring kernel to PTX and its manifest, for measure.py on a GPU machine:
#   bash test/gpu/invtrig/gen.sh YUSEC [OUT_DIR]     (default OUT_DIR: this folder)
# writes 反三角测量.ptx and 反三角测量.json; ctest ptx.invtrig_generated checks the committed
# pair is what this yusec writes.
set -eu
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here}
src=$here/反三角测量。着色器。豫
"$yusec" -emit-ptx "$src" -o "$out/反三角测量.ptx" 2>/dev/null
"$yusec" --entries=json "$src" | sed 's|"source": "[^"]*"|"source": "test/gpu/invtrig/反三角测量。着色器。豫"|' >"$out/反三角测量.json"
