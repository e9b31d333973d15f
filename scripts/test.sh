#!/usr/bin/env bash
# The README's second command (and CI's): the whole test suite, once with the default
# preset and once under AddressSanitizer + UndefinedBehaviorSanitizer. The output ends with
# ctest's summary of the sanitizer run.
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
