#!/usr/bin/env bash
# -fbounds-check (pass bounds, docs/targets.md): every dynamic index is clamped to the last
# element on all three targets. For each input here (越界: sixteen invocations index a 4- and
# an 8-element buffer) and the sample 均匀布局 (a fixed array indexed by a value): the output
# of -emit-wgsl/-emit-msl/-emit-ptx -fbounds-check must equal its golden (名.wgsl, 名。金属,
# 名。千手 here; YUSEC_UPDATE_GOLDEN=1 rewrites them), pass its checker (Tint, clang against
# metal_stub.h, ptxas when installed), and the WGSL runs on llvmpipe with 名。运行.json.
#   check.sh YUSEC SOURCE_DIR
set -u
yusec=$1
root=$2
here=$root/test/bounds
tools=$root/test/tools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
have_node=false
if command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/webgpu" ]; then have_node=true; fi

check() {  # check SOURCE STEM
  local source=$1 stem=$2 flag golden
  for pair in "-emit-wgsl:$stem.wgsl" "-emit-msl:$stem。金属" "-emit-ptx:$stem。千手"; do
    flag=${pair%%:*}
    golden=$here/${pair#*:}
    (cd "$(dirname "$source")" && "$yusec" "$flag" -fbounds-check "$(basename "$source")") \
      >"$work/out" 2>"$work/err" || { fail "yusec $flag -fbounds-check $source"; cat "$work/err" >&2; continue; }
    if [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ]; then cp "$work/out" "$golden"; continue; fi
    diff -u "$golden" "$work/out" || fail "$flag -fbounds-check $stem differs from its golden"
    case "$flag" in
      -emit-wgsl)
        if $have_node; then
          cp "$work/out" "$work/c.wgsl"
          node "$tools/validate_wgsl.mjs" "$work/c.wgsl" >"$work/tint" 2>&1 || { fail "Tint rejects $stem"; cat "$work/tint" >&2; }
          node "$tools/run_wgsl.mjs" "$work/c.wgsl" "$3" >"$work/run" 2>&1 ||
            { fail "the WGSL of $stem computes wrong values on llvmpipe"; cat "$work/run" >&2; }
        fi ;;
      -emit-msl)
        if command -v clang >/dev/null 2>&1; then
          clang -fsyntax-only -x c++ -std=c++17 -Werror -I "$root/test/msl/include" \
            -include "$root/test/msl/metal_stub.h" "$work/out" 2>"$work/clang" || { fail "clang rejects $stem"; cat "$work/clang" >&2; }
        fi ;;
      -emit-ptx)
        if [ -x "$ptxas" ]; then
          for arch in sm_80 sm_90; do
            "$ptxas" -arch=$arch "$work/out" -o /dev/null 2>"$work/ptxas" || { fail "ptxas -arch=$arch rejects $stem"; cat "$work/ptxas" >&2; }
          done
        fi ;;
    esac
  done
}

samples=$root/库/点染/测试/样例
check "$here/越界。着色器。豫" 越界 "$here/越界。运行.json"
check "$samples/均匀布局。着色器。豫" 均匀布局 "$samples/均匀布局。运行.json"
# Without the option nothing is clamped (the pass runs only when asked).
"$yusec" -emit-wgsl "$here/越界。着色器。豫" 2>/dev/null | grep -q "min(" && fail "without -fbounds-check the WGSL is clamped"
[ "$failed" = 0 ] || { echo "FAIL: $failed bounds checks" >&2; exit 1; }
echo ok
