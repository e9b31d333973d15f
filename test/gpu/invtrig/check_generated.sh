#!/usr/bin/env bash
# ctest ptx.invtrig_generated: the committed 反三角测量.ptx/.json (what the GPU machine runs)
# are what this yusec writes, and ptxas (when installed) assembles the PTX for sm_80 and sm_90.
#   bash test/gpu/invtrig/check_generated.sh YUSEC
set -u
yusec=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! bash "$here/gen.sh" "$yusec" "$tmp"; then echo "gen.sh failed"; exit 1; fi
status=0
for f in 反三角测量.ptx 反三角测量.json; do
  if ! diff -u "$here/$f" "$tmp/$f"; then
    echo "test/gpu/invtrig/$f is stale: run bash test/gpu/invtrig/gen.sh $yusec"; status=1
  fi
done
if command -v ptxas >/dev/null 2>&1; then
  for arch in sm_80 sm_90; do
    ptxas -arch=$arch "$tmp/反三角测量.ptx" -o "$tmp/out.cubin" || { echo "ptxas $arch failed"; status=1; }
  done
else
  echo "跳过 ptxas（未安装）"
fi
exit $status
