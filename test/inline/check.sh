#!/usr/bin/env bash
# The inlining budget (pass inline, docs/passes.md; issue 16 item 2), on every target:
# 1. 内联预算: a function called twice that writes its caller's local through a cell
#    (pointer parameter). -emit-wgsl and -emit-msl keep it a function anyway; -emit-ptx
#    -finline-budget=0 keeps it a .func called twice. Each output equals its golden here
#    (YUSEC_UPDATE_GOLDEN=1 rewrites them) and passes its checker (Tint, clang against
#    metal_stub.h, ptxas when installed); the WGSL runs on llvmpipe and the YIR on the CPU
#    with 内联预算。运行.json. At the default budget the PTX has no .func (all inlined).
# 2. Four chained functions calling the one below 60 times each (60^3 copies when all is
#    inlined): -emit-ptx keeps the upper ones as .func, finishes, and stays small.
#   check.sh YUSEC SOURCE_DIR
# On a machine with a GPU, test/inline/gpu.sh runs the committed .func PTX through yusec run.
set -u
yusec=$1
root=$2
here=$root/test/inline
tools=$root/test/tools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
have_node=false
if command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/webgpu" ]; then have_node=true; fi

ptxas_check() {  # ptxas_check FILE WHAT
  [ -x "$ptxas" ] || return 0
  for arch in sm_80 sm_90; do
    "$ptxas" -arch=$arch "$1" -o /dev/null 2>"$work/ptxas" || { fail "ptxas -arch=$arch rejects $2"; cat "$work/ptxas" >&2; }
  done
}

stem=内联预算
cd "$here" || exit 2
for pair in "-emit-wgsl:$stem.wgsl" "-emit-msl:$stem。金属" "-emit-ptx -finline-budget=0:$stem。千手"; do
  flags=${pair%%:*}
  golden=$here/${pair#*:}
  # shellcheck disable=SC2086
  "$yusec" $flags "$stem。着色器。豫" >"$work/out" 2>"$work/err" || { fail "yusec $flags $stem"; cat "$work/err" >&2; continue; }
  if [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ]; then cp "$work/out" "$golden"; continue; fi
  diff -u "$golden" "$work/out" || fail "yusec $flags $stem differs from its golden"
  case "$flags" in
    -emit-wgsl)
      grep -q "^fn 加格(和: ptr<function, u32>, 值: u32) {" "$work/out" || fail "the WGSL has no function 加格 taking a pointer"
      if $have_node; then
        cp "$work/out" "$work/c.wgsl"
        node "$tools/validate_wgsl.mjs" "$work/c.wgsl" >"$work/tint" 2>&1 || { fail "Tint rejects $stem"; cat "$work/tint" >&2; }
        node "$tools/run_wgsl.mjs" "$work/c.wgsl" "$here/$stem。运行.json" >"$work/run" 2>&1 ||
          { fail "the WGSL of $stem computes wrong values on llvmpipe"; cat "$work/run" >&2; }
      fi ;;
    -emit-msl)
      grep -q "^void 加格(thread uint\* 和, uint 值) {" "$work/out" || fail "the MSL has no function 加格 taking a pointer"
      if command -v clang >/dev/null 2>&1; then
        clang -fsyntax-only -x c++ -std=c++17 -Werror -I "$root/test/msl/include" \
          -include "$root/test/msl/metal_stub.h" "$work/out" 2>"$work/clang" || { fail "clang rejects $stem"; cat "$work/clang" >&2; }
      fi ;;
    -emit-ptx*)
      [ "$(grep -c '^\.func' "$work/out")" = 1 ] || fail "-finline-budget=0: the PTX should keep one .func"
      [ "$(grep -c 'call\.uni' "$work/out")" = 2 ] || fail "-finline-budget=0: the PTX should call the .func twice"
      ptxas_check "$work/out" "$stem (-finline-budget=0)" ;;
  esac
done
"$yusec" -emit-ptx "$stem。着色器。豫" >"$work/all.ptx" 2>/dev/null || fail "yusec -emit-ptx $stem"
grep -q '^\.func\|call\.uni' "$work/all.ptx" && fail "at the default budget the PTX of $stem should inline everything"
YUSEC_RUN_DEVICE=cpu python3 "$root/test/gpu/run_samples.py" "$yusec" "$here" >"$work/cpu" 2>&1 ||
  { fail "the YIR of $stem computes wrong values on the CPU"; cat "$work/cpu" >&2; }

# 2. The chain: all inlined it is 216,000 copies of 链0; within the budget 链1 and 链2 stay.
python3 "$here/gen_chain.py" 4 60 >"$work/链。着色器。豫"
(cd "$work" && timeout 60 "$yusec" -emit-ptx 链。着色器。豫 -o chain.ptx) 2>"$work/err" ||
  { fail "yusec -emit-ptx on 4 chained functions of 60 calls each"; head -5 "$work/err" >&2; }
funcs=$(grep -c '^\.func' "$work/chain.ptx" 2>/dev/null)
lines=$(wc -l <"$work/chain.ptx" 2>/dev/null || echo 0)
[ "${funcs:-0}" -ge 2 ] || fail "the chain's PTX should keep 链1 and 链2 as .func (has ${funcs:-0})"
[ "$lines" -le 5000 ] || fail "the chain's PTX has $lines lines (linear in the input: at most 5000)"
ptxas_check "$work/chain.ptx" "the chain"

# 3. A bad budget is a usage error.
"$yusec" -emit-ptx -finline-budget=多 "$stem。着色器。豫" >/dev/null 2>"$work/err"
[ $? = 2 ] && grep -qF -- "-finline-budget 须是 0 到 1000000000 之间的整数，却是 '多'" "$work/err" ||
  fail "-finline-budget=多 is not refused with exit 2"

[ "$failed" = 0 ] || { echo "FAIL: $failed inline budget checks" >&2; exit 1; }
echo ok
