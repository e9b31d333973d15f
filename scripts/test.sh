#!/usr/bin/env bash
# The README's second command (and CI's): the whole test suite, once with the default
# preset, once under AddressSanitizer + UndefinedBehaviorSanitizer, then the libFuzzer
# targets (fuzz preset, clang) each over its seed corpus and 20 s of fuzzing — skipped with
# 跳过 where clang's libFuzzer is absent (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== tests: default preset (RelWithDebInfo)"
ctest --preset default -j"$jobs"

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
