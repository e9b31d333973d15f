#!/usr/bin/env bash
# 比较采样 on the GPU (PTX has no depth comparison; the kernel compares, docs/targets.md
# § Textures and samplers): test/ptx/纹理比较.yir's entry 阴影入口 with its committed PTX,
# a 4×1 depth texture 0.2 0.4 0.6 0.8, the comparison sampler with `less` and then
# `greater-equal` against the reference 0.5 at u = 0.25·i, plus a 1×1 rgba32float texture
# whose green (10) 取色 adds. Invocation i reads texel min(i, 3).
#   bash test/gpu/texture/compare.sh YUSEC      (跳过 without a GPU)
set -u
yusec=$1
root=$(cd "$(dirname "$0")/../../.." && pwd)
status=0
run() {  # COMPARE EXPECTED
  local got
  got=$("$yusec" run "$root/test/ptx/纹理比较.yir" --ptx "$root/test/ptx/纹理比较.ptx" --entry 阴影入口 \
        --buffer 1:2=f32:32*0 --texture 0:0=depth32float:4x1:0.2,0.4,0.6,0.8 \
        --sampler "0:1=nearest:clamp-to-edge:$1" --texture 1:0=rgba32float:1x1:0,10,0,1 --sampler 1:1=nearest 2>&1)
  local rc=$?
  if [ $rc = 2 ] && [[ $got == *没有可用的\ GPU* ]]; then echo "跳过：$got"; exit 0; fi
  if [ "$got" = "1:2 出 f32[32] = $2" ]; then echo "通过 比较采样 $1"
  else echo "失败 比较采样 $1：退出码 $rc"; echo "  得 $got"; echo "  应为 1:2 出 f32[32] = $2"; status=1; fi
}
run less "10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11"
run greater-equal "11, 11, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10"
exit $status
