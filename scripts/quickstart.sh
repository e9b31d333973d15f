#!/usr/bin/env bash
# The README's first command: set up, build, and compile the bundled examples to WGSL, MSL
# and PTX (outputs in build/examples/, entry tables on the terminal).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
yusec=build/yusec
out=build/examples
mkdir -p "$out"
for example in examples/*。着色器。豫; do
  name=$(basename "$example")
  stem=${name%。着色器。豫}
  echo "== $example"
  "$yusec" -check "$example" && echo "检查：通过"
  for target in "wgsl:$stem.wgsl" "msl:$stem.metal" "ptx:$stem.ptx"; do
    flag=-emit-${target%%:*}
    echo "-- yusec $flag $example -o $out/${target#*:}  (入口表：)"
    "$yusec" "$flag" "$example" -o "$out/${target#*:}"
  done
  echo "-- $out/$stem.wgsl:"
  cat "$out/$stem.wgsl"
done
