#!/usr/bin/env bash
# The llvmpipe bug behind differential seed 8453 (docs/testing.md, item 5): Mesa's GLSL compiler
# moves a workgroup-memory read past barrier(). 屏障后重读.wgsl stores s[(i + 1) % 64] + 100 after
# a barrier; WGSL (and the executor, PTX) give out[i] = (i + 1) % 64 + 100 for every i.
#   bash test/diff/mesa_barrier/run.sh [DIR]
# Runs it through Dawn's GLES backend (test/tools/run_wgsl.mjs) and writes Mesa's GLSL IR
# (MESA_GLSL=dump, shader cache off) to DIR/mesa_ir.txt (default /tmp/mesa_barrier), then prints
# the IR's store to s after the third barrier: with the bug its right-hand side reads s again
# (`array_ref (var_ref v_2) …`) instead of the value read before that barrier.
# Exit status: 0 the values are right (Mesa fixed), 1 wrong (the bug is there), 77 no Dawn.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/../../tools
out=${1:-/tmp/mesa_barrier}
mkdir -p "$out"
command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/webgpu" ] || { echo "跳过：没有 node 或 Dawn"; exit 77; }
MESA_SHADER_CACHE_DISABLE=true MESA_GLSL=dump node "$tools/run_wgsl.mjs" "$here/屏障后重读.wgsl" \
  "$here/屏障后重读.json" >"$out/mesa_ir.txt" 2>&1
status=$?
grep -v '^Warning' "$out/mesa_ir.txt" | grep -e '屏障后重读.wgsl' | cut -c1-400
echo "== Mesa's IR: stores to the workgroup array computed from a read of it (the moved read)"
grep -n -e '(assign  (x) (array_ref (var_ref v_2) [^)]*) )  (expression uint + (array_ref (var_ref v_2)' "$out/mesa_ir.txt"
[ -f /usr/share/doc/libgl1-mesa-dri/changelog.Debian.gz ] &&
  echo "Mesa: $(zcat /usr/share/doc/libgl1-mesa-dri/changelog.Debian.gz | head -1)"
exit $status
