#!/usr/bin/env bash
# Runs one libFuzzer target over its seed corpus, then fuzzes for SECONDS in a scratch copy
# (new inputs never land in the repository). Fails on any crash, leak, timeout, out-of-memory
# or sanitizer report; a crashing input is kept in $YUSEC_FUZZ_ARTIFACTS (default: the
# scratch directory, printed) so it can be added to the corpus once fixed.
# Usage: run_fuzzer.sh FUZZER SEED_CORPUS_DIR SECONDS
set -u
fuzzer=${1:?usage: run_fuzzer.sh FUZZER SEED_CORPUS_DIR SECONDS}
seeds=${2:?seed corpus}
seconds=${3:-20}
here="$(cd "$(dirname "$0")" && pwd)"
scratch=$(mktemp -d)
artifacts=${YUSEC_FUZZ_ARTIFACTS:-$scratch/artifacts}
mkdir -p "$scratch/corpus" "$artifacts"
trap 'rm -rf "$scratch/corpus"' EXIT
cp "$seeds"/* "$scratch/corpus/"
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -jobs=1 \
  -dict="$here/yuyan.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
  "$scratch/corpus" >"$scratch/log" 2>&1
status=$?
tail -25 "$scratch/log"
if [ "$status" != 0 ]; then
  echo "FAIL: $(basename "$fuzzer") exited $status; crashing inputs in $artifacts"
  exit 1
fi
echo "ok: $(basename "$fuzzer") ran ${seconds}s over $(ls "$seeds" | wc -l) seeds without a finding"
