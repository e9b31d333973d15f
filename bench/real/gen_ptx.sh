#!/usr/bin/env bash
# On the development machine (LLVM 19): compiles every kernels/名。着色器。豫 to generated/名.ptx
# with the given yusec (-O3, sm_90), the PTX the H200 run takes (committed).
#   bash bench/real/gen_ptx.sh build/yusec [extra yusec options…]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
yusec=${1:?usage: gen_ptx.sh YUSEC [options…]}
shift
out=${REAL_PTX_DIR:-$here/generated}
mkdir -p "$out"
rm -f "$out"/*.ptx
for src in "$here"/kernels/*。着色器。豫; do
  stem=$(basename "$src" 。着色器。豫)
  "$yusec" -emit-ptx -arch=sm_90 "$@" "$src" -o "$out/$stem.ptx" 2>/dev/null
done
"$yusec" --version | head -1 > "$out/VERSION"
echo "$(ls "$out"/*.ptx | wc -l) kernels → $out"
