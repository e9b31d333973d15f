#!/usr/bin/env bash
# Checks every WGSL of the IR-golden tests with the real tools:
#   1. Dawn/Tint validation (test/tools/validate_wgsl.mjs) of every emitted NAME.wgsl;
#   2. compute goldens with a NAME.run.json run on the CPU (Mesa llvmpipe through Dawn's
#      GLES backend, test/tools/run_wgsl.mjs) and their buffers compared.
# Usage: validate_all.sh [TEST_WGSL_BINARY]
#   With the test_wgsl binary, the WGSL is emitted afresh (YUSEC_WGSL_DUMP) and those files
#   are checked; without it, the golden NAME.wgsl files (which test_wgsl proves equal to the
#   emitted text) are checked. Prints 跳过 and exits 0 when node or the npm packages are absent.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
tools="$here/../tools"
if ! command -v node >/dev/null 2>&1 || [ ! -d "$tools/node_modules/webgpu" ]; then
  echo "跳过: node 或 test/tools/node_modules（npm ci）不在"
  exit 0
fi
dir="$here"
if [ $# -ge 1 ]; then
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' EXIT
  if ! YUSEC_WGSL_DUMP="$dir" "$1" >"$dir/test.log" 2>&1; then
    cat "$dir/test.log"
    echo "validate_all: $1 failed"
    exit 1
  fi
fi
shopt -s nullglob
files=("$dir"/*.wgsl)
if [ ${#files[@]} -eq 0 ]; then
  echo "validate_all: no WGSL in $dir"
  exit 1
fi
# Dawn very rarely dies by a signal while tearing down under load: retry that (and only
# that) once. A validation failure exits 1 and is never retried.
run_node() {
  node "$@"
  local rc=$?
  if [ $rc -ge 128 ]; then
    echo "validate_all: node died (status $rc), retrying once"
    node "$@"
    rc=$?
  fi
  return $rc
}
status=0
for file in "${files[@]}"; do
  run_node "$tools/validate_wgsl.mjs" "$file" || status=1
done
# All of them again in one process, twice over, its output through a pipe: Dawn's instance must
# outlive the modules (validate_wgsl.mjs keeps it; as a local it was collected and the process
# hung after 9 modules).
want=$((2 * ${#files[@]}))
got=$(timeout 120 node "$tools/validate_wgsl.mjs" "${files[@]}" "${files[@]}" 2>&1 | grep -c ': valid$')
if [ "$got" -ne "$want" ]; then
  echo "validate_all: one process validated $got of $want modules"
  status=1
fi
for spec in "$here"/*.run.json; do
  name="$(basename "$spec" .run.json)"
  if [ ! -f "$dir/$name.wgsl" ]; then
    echo "validate_all: $name.wgsl missing"
    status=1
    continue
  fi
  run_node "$tools/run_wgsl.mjs" "$dir/$name.wgsl" "$spec" 2>/dev/null || status=1
done
exit $status
