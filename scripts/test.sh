#!/usr/bin/env bash
# The README's second command (and CI's): the whole test suite, once with the default
# preset, a build with the default generator (Unix Makefiles) with a smoke test, once under
# AddressSanitizer + UndefinedBehaviorSanitizer, then the libFuzzer
# targets (fuzz preset, clang) each over its seed corpus and 20 s of fuzzing — skipped with
# 跳过 where clang's libFuzzer is absent (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== tests: default preset (RelWithDebInfo)"
ctest --preset default -j"$jobs"

# The default generator (Unix Makefiles), as `cmake -S . -B b && cmake --build b` builds it: the
# build itself (issue 29 item 1), the three texts of the bundled example against its goldens,
# and the CMake package's consumer under Unix Makefiles (test/cmake/test_consumer.sh make).
echo "== build: Unix Makefiles (the default generator), a smoke test, the CMake consumer"
cmake -S . -B build-make -G "Unix Makefiles" >/dev/null
cmake --build build-make -j"$jobs" >build-make/build.log 2>&1 || { tail -40 build-make/build.log; exit 1; }
example=examples/加倍。着色器。豫
for text in "wgsl 加倍.wgsl" "msl 加倍。金属" "ptx 加倍。千手"; do
  set -- $text
  build-make/yusec -emit-"$1" -q "$example" | cmp - "examples/$2" ||
    { echo "build-make/yusec -emit-$1 differs from examples/$2"; exit 1; }
done
bash test/cmake/test_consumer.sh build-make . make

echo "== tests: asan preset (ASan + UBSan)"
cmake --preset asan >/dev/null
cmake --build --preset asan
ctest --preset asan -j"$jobs"

echo "== fuzz: fuzz preset (clang + libFuzzer), each target 20 s on its seed corpus"
probe=$(mktemp -d)
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
  > "$probe/p.c"
if command -v clang >/dev/null 2>&1 && clang -fsanitize=fuzzer "$probe/p.c" -o "$probe/p" 2>/dev/null; then
  rm -rf "$probe"
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  ctest --preset fuzz -j1
else
  rm -rf "$probe"
  echo "跳过：没有 clang 的 libFuzzer（clang -fsanitize=fuzzer 链接不了）"
fi
