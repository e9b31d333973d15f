#!/usr/bin/env bash
# The README's first command: set up, build, and compile the bundled examples with every
# action yusec has today.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
yusec=build/yusec
for example in examples/*。着色器。豫; do
  echo "== yusec -check $example"
  "$yusec" -check "$example" && echo "（检查通过）"
  echo "== yusec -dump-ast $example"
  "$yusec" -dump-ast "$example"
done
