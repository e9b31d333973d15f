#!/usr/bin/env bash
# ctest bench.gemm_hopper_committed: the committed PTX and .json of the 豫言 GEMMs are what gen_ptx.sh
# writes with this yusec (byte for byte, regenerated in a temporary directory), ptxas (where
# installed) assembles the PTX for sm_90a, nvcc (where installed) compiles the harness and the CUDA C
# twins that run_wgmma.sh builds on the H200 (no warnings, no spills), and yusec_args.py turns
# manifests and PTX (storage and tensor-map bindings, the input type) into the harness's --yusec arguments.
#   bash bench/gemm/hopper/check_committed.sh BUILD/yusec
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../check_common.sh"
regen="（重新生成：bash bench/gemm/hopper/gen_ptx.sh build/yusec）"
cp "$here"/*。着色器。豫 "$here/gen_ptx.sh" "$work/"
bash "$work/gen_ptx.sh" "$yusec" || fail "gen_ptx.sh 失败"
for stem in 矩阵乘_线程束组 矩阵乘_张量载入 矩阵乘_张量载入脑浮 矩阵乘_张量载入常驻; do
  for ext in .ptx .json; do
    cmp -s "$work/$stem$ext" "$here/$stem$ext" || fail "bench/gemm/hopper/$stem$ext 与重新生成的不同$regen"
  done
  grep -qx '.target sm_90a' "$here/$stem.ptx" || fail "$stem.ptx 不是 sm_90a"
  if [ -n "$ptxas" ] && ! "$ptxas" -arch=sm_90a -v "$here/$stem.ptx" -o "$work/x.cubin" 2>"$work/ptxas.err"; then
    fail "ptxas -arch=sm_90a 拒绝 $stem.ptx"; cat "$work/ptxas.err"
  fi
  if [ -n "$ptxas" ] && grep -q "C7515\|warning\|[1-9][0-9]* bytes spill" "$work/ptxas.err" 2>/dev/null; then
    fail "ptxas 对 $stem.ptx 有警告或溢出（wgmma 被串行化？）"; cat "$work/ptxas.err"
  fi
done
nvcc=${NVCC:-$(dirname "${ptxas:-/usr/local/cuda/bin/ptxas}")/nvcc}
if [ -x "$nvcc" ]; then
  for unit in harness wgmma_ref tma_twin; do
    if ! "$nvcc" -c -O3 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -Xcompiler -fopenmp "$here/$unit.cu" \
         -o "$work/$unit.o" 2>"$work/nvcc.err"; then
      fail "nvcc 编译不了 $unit.cu"; cat "$work/nvcc.err"
    elif grep -q "warning\|[1-9][0-9]* bytes spill" "$work/nvcc.err"; then
      fail "nvcc 对 $unit.cu 有警告或溢出"; cat "$work/nvcc.err"
    fi
  done
fi
# run_wgmma.sh's --yusec arguments from a manifest and the PTX: storage and tensor-map bindings, the
# input type from the PTX's wgmma.mma_async (f16 or bf16), a map of u32 words over words (":u32": the
# kernel's TMA coordinates count words).
args() { (cd "$1" && python3 "$here/yusec_args.py" "${@:2}" 2>&1 | tr '\n' ' '); }
stem=矩阵乘_线程束组
got=$(args "$here" L "$stem.ptx" "$stem.json" 64x64)
[ "$got" = "--yusec L $stem.ptx yy_e4_b9_98 128 0 64x64 f16 A,B,C,DIMS " ] || fail "yusec_args.py: $got"
stem=矩阵乘_张量载入
got=$(args "$here" L "$stem.ptx" "$stem.json" 128x256)
[ "$got" = "--yusec L $stem.ptx yy_e4_b9_98 384 196672 128x256 f16 A@128x64/128,B@256x64/128,C,DIMS " ] ||
  fail "yusec_args.py: $got"
stem=矩阵乘_张量载入常驻  # a persistent grid: TILE ROWSxCOLSp passes through to the harness
got=$(args "$here" L "$stem.ptx" "$stem.json" 128x256p)
[ "$got" = "--yusec L $stem.ptx yy_e4_b9_98 384 196672 128x256p f16 A@128x64/128,B@256x64/128,C,DIMS " ] ||
  fail "yusec_args.py: $got"
grep -q '%nctaid.x' "$here/$stem.ptx" || fail "$stem.ptx 不读 %nctaid.x（常驻网格要知道工作组数）"
stem=矩阵乘_张量载入脑浮
got=$(args "$here" L "$stem.ptx" "$stem.json" 128x256)
[ "$got" = "--yusec L $stem.ptx yy_e4_b9_98 384 196672 128x256 bf16 A@128x32/128:u32,B@256x32/128:u32,C,DIMS " ] ||
  fail "yusec_args.py: $got"
cat >"$work/maps.json" <<'JSON'
{"entries": [{"stage": "compute", "ptx_name": "k", "workgroup_size": [384, 1, 1], "dynamic_shared_bytes": 197696,
  "ptx_params": ["甲图", "乙图", "丙", "尺寸"]}],
 "resources": [{"name": "甲图", "kind": "tensor_map", "element": "f16", "box": [128, 64], "swizzle": 128},
               {"name": "乙图", "kind": "tensor_map", "element": "u32", "box": [64, 32], "swizzle": 128},
               {"name": "丙", "kind": "storage_read_write"}, {"name": "尺寸", "kind": "uniform"}]}
JSON
echo 'wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {%f1}, %rd1, %rd2, p, 1, 1, 0, 0;' >"$work/k.ptx"
got=$(args "$work" T k.ptx maps.json 128x256)
[ "$got" = "--yusec T k.ptx k 384 197696 128x256 f16 A@128x64/128,B@64x32/128:u32,C,DIMS " ] || fail "yusec_args.py: $got"
# an f16 map cannot feed a bf16 kernel, and a PTX with both input types (or none) has no input type
sed 's/f16\.f16/bf16.bf16/' "$work/k.ptx" >"$work/b.ptx"
got=$(args "$work" T b.ptx maps.json 128x256)
[ "$got" = "yusec_args.py: tensor map 甲图 of f16 cannot hold bf16 inputs " ] || fail "yusec_args.py: $got"
cat "$work/k.ptx" >>"$work/b.ptx"
got=$(args "$work" T b.ptx maps.json 128x256)
[ "$got" = "yusec_args.py: the PTX must multiply one 16-bit input type with wgmma.mma_async, it has ['bf16', 'f16'] " ] ||
  fail "yusec_args.py: $got"
exit $status
