#!/usr/bin/env bash
# One call on the GPU machine (the H200 lent by the device tool), from the repository root:
#   bash test/gpu/device.sh
# 1. builds yusec (Debug without sanitizers, no unit tests; with LLVM 19 when the machine has it, else without,
#    and then the samples run from the PTX in test/gpu/generated — run test/gpu/gen_ptx.sh
#    here first);
# 2. runs the GPU sample test (test/gpu/run_samples.sh);
# 3. runs -fbounds-check's check (test/bounds/gpu.sh, the committed 越界。千手);
# 4. runs 比较采样 with both compare functions (test/gpu/texture/compare.sh);
# 5. runs the benchmark (bench/run_bench.sh).
# Logs and the benchmark CSV go to $OUT (the device tool's folder) when it is set.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-/tmp/yusec-gpu-out}
mkdir -p "$out"
build=/tmp/yusec-gpu-build
nvidia-smi -L 2>&1 | tee "$out/gpu.txt"
llvm=OFF
if [ -d /usr/lib/llvm-19/lib/cmake/llvm ]; then llvm=ON; fi
generator=Ninja
command -v ninja >/dev/null 2>&1 || generator="Unix Makefiles"
echo "== build yusec (LLVM $llvm, $generator)"
# Debug (-O0): yusec's own speed does not matter here, and at the time of writing a Release
# build (-O2, strict aliasing) mis-lowered the seed example while -O0 did not.
cmake -S "$root" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=Debug -DYUSEC_BUILD_TESTS=OFF -DYUSEC_WITH_LSP=OFF \
      -DYUSEC_WITH_LLVM=$llvm -DCMAKE_C_COMPILER_LAUNCHER="$root/test/gpu/no_werror.sh" \
      >"$out/build.log" 2>&1 &&
  cmake --build "$build" -j "$(nproc)" >>"$out/build.log" 2>&1
build_status=$?
if [ $build_status != 0 ]; then tail -30 "$out/build.log"; fi
samples_status=1
if [ $build_status = 0 ]; then
  ptx_dir=""
  if [ $llvm = OFF ]; then ptx_dir=$root/test/gpu/generated; fi
  echo "== GPU samples${ptx_dir:+ (PTX from $ptx_dir)}"
  bash "$root/test/gpu/run_samples.sh" "$build/yusec" "$ptx_dir" 2>&1 | tee "$out/samples.txt"
  samples_status=${PIPESTATUS[0]}
fi
bounds_status=1
if [ $build_status = 0 ]; then
  echo "== -fbounds-check (test/bounds/gpu.sh, committed PTX)"
  OUT=$out bash "$root/test/bounds/gpu.sh" "$build/yusec" 2>&1 | tee "$out/bounds.txt"
  bounds_status=${PIPESTATUS[0]}
fi
texture_status=1
if [ $build_status = 0 ]; then
  echo "== 比较采样 (test/gpu/texture/compare.sh, committed PTX)"
  bash "$root/test/gpu/texture/compare.sh" "$build/yusec" 2>&1 | tee "$out/texture.txt"
  texture_status=${PIPESTATUS[0]}
fi
echo "== benchmark"
OUT=$out bash "$root/bench/run_bench.sh" 2>&1 | tee "$out/bench.txt"
bench_status=${PIPESTATUS[0]}
echo "== status: build $build_status, samples $samples_status, bounds $bounds_status, texture $texture_status, bench $bench_status"
[ $build_status = 0 ] && [ $samples_status = 0 ] && [ $bounds_status = 0 ] && [ $texture_status = 0 ] && [ $bench_status = 0 ]
