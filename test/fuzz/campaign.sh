#!/usr/bin/env bash
# A long fuzz campaign (docs/testing.md § Campaign figures): every fuzz_* target in FUZZ_DIR
# (the PTX ones where they were built) runs JOBS libFuzzer processes for SECONDS each on one
# shared corpus (seeded from test/fuzz/corpus/NAME; -reload shares new inputs between them),
# with run_fuzzer.sh's limits. Afterwards each target replays its grown corpus once (-runs=0)
# for the coverage of the whole corpus. Writes OUT_DIR/fuzz_summary.txt (one line per target:
# execs, cov, ft, corpus size, findings) and OUT_DIR/fuzz_findings.tar.xz (crashing inputs and
# the tail of each job's log).
#   bash test/fuzz/campaign.sh FUZZ_DIR SECONDS JOBS OUT_DIR
# Environment:
#   YUSEC_FUZZ_TARGETS  the targets to run (space-separated; default: all of FUZZ_DIR's), so
#                       the slow ones can get a machine's cores of their own
#   YUSEC_FUZZ_KEEP     a directory that keeps each target's grown corpus (KEEP/NAME) between
#                       campaigns, so runs add up; default: a scratch corpus, removed at the end
# A fuzzer built on another machine finds the 点染 directory through $YUSEC_FUZZ_BUILTIN_DIR,
# which this script points at the checkout it runs from, and the PTX plugin through
# $YUSEC_PTX_PLUGIN (default: FUZZ_DIR/../../libyusec-ptx.so, the build tree's).
set -u
fuzz_dir=$(cd "${1:?usage: campaign.sh FUZZ_DIR SECONDS JOBS OUT_DIR}" && pwd) || exit 2
seconds=${2:?seconds}
jobs=${3:?jobs per target}
out=${4:?output directory}
mkdir -p "$out" && out=$(cd "$out" && pwd)
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export YUSEC_FUZZ_BUILTIN_DIR="$root/库/点染"
if [ -z "${YUSEC_PTX_PLUGIN:-}" ] && [ -f "$fuzz_dir/../../libyusec-ptx.so" ]; then
  export YUSEC_PTX_PLUGIN="$fuzz_dir/../../libyusec-ptx.so"
fi
work=$(mktemp -d)
targets=()
for t in ${YUSEC_FUZZ_TARGETS:-fuzz_parser fuzz_pipeline fuzz_yir fuzz_manifest fuzz_exec fuzz_ptx_source fuzz_ptx_yir}; do
  [ -x "$fuzz_dir/$t" ] && targets+=("$t")
done
corpus_of() {
  if [ -n "${YUSEC_FUZZ_KEEP:-}" ]; then echo "$YUSEC_FUZZ_KEEP/$1"; else echo "$work/$1/corpus"; fi
}
for t in "${targets[@]}"; do
  corpus=$(corpus_of "$t")
  mkdir -p "$corpus" "$work/$t/artifacts" "$work/$t/logs"
  cp "$here/corpus/$t"/* "$corpus/"
  (cd "$work/$t/logs" &&
     "$fuzz_dir/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
       -jobs="$jobs" -workers="$jobs" -dict="$here/yuyan.dict" -print_final_stats=1 \
       -artifact_prefix="$work/$t/artifacts/" "$corpus" >"$work/$t/logs/main.log" 2>&1) &
done
wait
summary="$out/fuzz_summary.txt"
: >"$summary"
for t in "${targets[@]}"; do
  corpus=$(corpus_of "$t")
  logs=("$work/$t/logs"/fuzz-*.log)
  execs=$(cat "${logs[@]}" | sed -n 's/^stat::number_of_executed_units: *//p' | awk '{s += $1} END {print s + 0}')
  "$fuzz_dir/$t" -runs=0 -rss_limit_mb=2048 -max_len=16384 "$corpus" >"$work/$t/logs/replay.log" 2>&1
  replay=$?
  inited=$(grep -m1 -E 'INITED|DONE' "$work/$t/logs/replay.log" | grep -o 'cov: [0-9]* ft: [0-9]*')
  findings=$(find "$work/$t/artifacts" -type f | wc -l)
  files=$(ls "$corpus" | wc -l)
  echo "$t: $jobs × ${seconds} s, execs $execs, corpus $files files, ${inited:-cov ? ft ?} (corpus replay exit $replay), findings $findings" |
    tee -a "$summary"
  for log in "${logs[@]}"; do tail -40 "$log" >"$log.tail"; done
done
tar -C "$work" -cJf "$out/fuzz_findings.tar.xz" $(cd "$work" && ls -d */artifacts */logs/*.tail */logs/replay.log 2>/dev/null)
rm -rf "$work"
