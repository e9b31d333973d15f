#!/usr/bin/env bash
# Writes test/gpu/generated/名.ptx for every sample with a 名。运行.json, with a yusec that has
# the PTX target, for a GPU machine whose yusec is built without LLVM (run_samples.sh PTX_DIR).
#   bash test/gpu/gen_ptx.sh YUSEC [OUT_DIR]
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
samples=${YUSEC_SAMPLES_DIR:-$here/../../库/点染/测试/样例}
out=${2:-$here/generated}
mkdir -p "$out"
status=0
for json in "$samples"/*。运行.json; do
  stem=$(basename "$json" 。运行.json)
  if python3 -c 'import json,sys; sys.exit(0 if "ptx" in json.load(open(sys.argv[1])).get("skip", {}) else 1)' "$json"; then
    echo "skip: $stem (the sample says PTX cannot run it)"; continue
  fi
  if "$yusec" -emit-ptx "$samples/$stem。着色器。豫" -o "$out/$stem.ptx" 2>"$out/$stem.entries"; then
    echo "ok: $stem"
  else
    echo "FAIL: $stem"; cat "$out/$stem.entries"; rm -f "$out/$stem.ptx"; status=1
  fi
done
exit $status
