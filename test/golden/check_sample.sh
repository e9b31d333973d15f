#!/usr/bin/env bash
# Checks one shader source against every expected file beside it (the seed's 着七):
#   名。语法树  yusec -dump-ast            (stdout, exit 0)
#   名。错误    yusec -emit-ir             (stderr, exit 1; without it -check and -emit-ir pass)
#   名.wgsl     yusec -emit-wgsl, validated by Tint and, with 名。运行.json, run on llvmpipe
#   名。金属    yusec -emit-msl, checked by clang -fsyntax-only against test/msl/metal_stub.h
#   名。千手    yusec -emit-ptx, assembled by ptxas for sm_80 and sm_90 (sm_90a PTX: for sm_90a)
#   <golden>。错误  the expected diagnostics of a target that must reject the sample
#   名。预期    hand-written "行:列 片语" lines the diagnostics must contain
#   名。生成    yusec -emit-gen (the generated module 名。着色生成。豫)
# The tool runs inside the sample's directory on the bare file name, so expected
# diagnostics read "名。着色器。豫:行:列: …".
# With YUSEC_UPDATE_GOLDEN=1 the expected files are rewritten instead (read the diff!).
set -u
yusec=$1
sample=$2
# MODE "syntax": the sample only has to parse (test/golden/语法 holds syntax-only
# programs); expected diagnostics are those of -dump-ast.
mode=${3:-full}
dir=$(dirname "$sample")
file=$(basename "$sample")
stem=${file%。着色器。豫}
cd "$dir" || exit 2

checked=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# compare WHAT ACTUAL_FILE EXPECTED_FILE: byte-exact.
compare() {
  local what=$1 actual=$2 expected_file=$3
  checked=$((checked + 1))
  if [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ]; then
    cp "$actual" "$expected_file"
    return
  fi
  if ! diff -u --label "expected $expected_file" --label "actual ($what)" \
       "$expected_file" "$actual"; then
    failed=$((failed + 1))
  fi
}

# run EXPECTED_STATUS ARGS...: runs yusec with stdout in $work/out and stderr in
# $work/err (also in $err), and checks the exit status.
run() {
  local expected_status=$1; shift
  "$yusec" "$@" >"$work/out" 2>"$work/err"
  local status=$?
  err=$(cat "$work/err")
  if [ "$status" != "$expected_status" ]; then
    echo "FAIL: yusec $* exited $status, expected $expected_status" >&2
    cat "$work/err" >&2
    failed=$((failed + 1))
  fi
}

# -emit-ir runs the whole target-independent pipeline (check, lowering, passes such as the
# uniformity analysis), so 名。错误 holds every error that is not specific to one target.
check_action=-emit-ir
[ "$mode" = syntax ] && check_action=-dump-ast
if [ -f "$stem。错误" ]; then
  run 1 "$check_action" "$file"
  compare "stderr of yusec $check_action" "$work/err" "$stem。错误"
  # -check runs the same front end, lowering and WGSL pipeline (its uniformity analysis):
  # the same diagnostics, not emitting anything (issue 29 item 7).
  if [ "$mode" != syntax ] && [ "${YUSEC_UPDATE_GOLDEN:-0}" != 1 ]; then
    run 1 -check "$file"
    compare "stderr of yusec -check" "$work/err" "$stem。错误"
  fi
elif [ "$mode" != syntax ]; then
  run 0 -check "$file"
  run 0 -emit-ir "$file"
  checked=$((checked + 1))
fi

# 名。预期 (written by hand from the spec, independently of the compiler's output): each line
# "行:列 片语" requires a diagnostic at that position whose line contains the phrase.
if [ -f "$stem。预期" ]; then
  [ -f "$stem。错误" ] || run 1 "$check_action" "$file"
  while IFS= read -r line || [ -n "$line" ]; do
    [ -z "$line" ] && continue
    position=${line%% *}
    phrase=${line#* }
    checked=$((checked + 1))
    if ! printf '%s\n' "$err" | grep -F -- "$file:$position: " | grep -qF -- "$phrase"; then
      echo "FAIL: $stem。预期: no diagnostic at $position containing '$phrase'" >&2
      failed=$((failed + 1))
    fi
  done < "$stem。预期"
fi

# Targets: every sample that checks cleanly has, per target, either its golden output or
# the golden diagnostics of that target ("<golden>。错误"), so no target goes unchecked.
# Each emitted text is also handed to the real checker of its language.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tools="$here/../tools"
have_node=false
if command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/webgpu" ]; then have_node=true; fi
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}

external_check() {
  local flag=$1 text=$2
  case "$flag" in
    -emit-wgsl)
      if $have_node; then
        cp "$text" "$work/checked.wgsl"
        if ! node "$tools/validate_wgsl.mjs" "$work/checked.wgsl" >"$work/tint" 2>&1; then
          echo "FAIL: Tint rejects the WGSL of $file:" >&2; cat "$work/tint" >&2
          failed=$((failed + 1))
        fi
        if [ -f "$stem。运行.json" ] && ! node "$tools/run_wgsl.mjs" "$work/checked.wgsl" \
             "$stem。运行.json" >"$work/run" 2>/dev/null; then
          echo "FAIL: the WGSL of $file computes wrong values on llvmpipe:" >&2
          cat "$work/run" >&2
          failed=$((failed + 1))
        fi
      fi ;;
    -emit-ptx)
      if [ -x "$ptxas" ]; then
        # A module written for sm_90a (warpgroup MMA, docs/targets.md) assembles for it alone.
        archs="sm_80 sm_90"
        grep -q '^\.target sm_90a$' "$text" && archs=sm_90a
        for arch in $archs; do
          if ! "$ptxas" -arch=$arch "$text" -o /dev/null 2>"$work/ptxas"; then
            echo "FAIL: ptxas -arch=$arch rejects the PTX of $file:" >&2; cat "$work/ptxas" >&2
            failed=$((failed + 1))
          fi
        done
      fi ;;
    -emit-msl)
      if command -v clang >/dev/null 2>&1; then
        # matmul2d (着十三) takes a class-type template argument: C++20 in clang.
        std=c++17
        grep -q '^#include <metal_tensor>$' "$text" && std=c++20
        if ! clang -fsyntax-only -x c++ -std=$std -Werror -I "$here/../msl/include" \
             -include "$here/../msl/metal_stub.h" "$text" 2>"$work/clang"; then
          echo "FAIL: clang rejects the MSL of $file:" >&2; cat "$work/clang" >&2
          failed=$((failed + 1))
        fi
      fi ;;
  esac
}

check_target() {
  local flag=$1 golden=$2
  if [ -f "$golden" ]; then
    run 0 "$flag" "$file"
    compare "yusec $flag" "$work/out" "$golden"
    cp "$work/out" "$work/emitted"
    grep -P '^[^\t]+\t[^\t]+\t[^\t]+' "$work/err" | cut -f1-3 >"$work/entries$flag"
    [ "$flag" = -emit-ptx ] && grep -P '^[^\t]+\t[^\t]+\tcompute\t' "$work/err" >"$work/ptx-names"
    [ "${YUSEC_UPDATE_GOLDEN:-0}" = 1 ] || external_check "$flag" "$work/emitted"
  elif [ -f "$golden。错误" ]; then
    run 1 "$flag" "$file"
    compare "stderr of yusec $flag" "$work/err" "$golden。错误"
  else
    echo "FAIL: $file has neither $golden nor $golden。错误" >&2
    failed=$((failed + 1))
  fi
}

if [ "$mode" = full ] && [ ! -f "$stem。错误" ]; then
  check_target -emit-wgsl "$stem.wgsl"
  check_target -emit-msl "$stem。金属"
  check_target -emit-ptx "$stem。千手"
fi

# The entry table (入口项, function name, stage) is the same on every target that translates
# the sample: both text targets share one reserved-word table, so an entry function is named
# alike in WGSL and MSL (着九), and the PTX name is made from that name (着十).
if [ -f "$work/entries-emit-wgsl" ]; then
  for other in -emit-msl -emit-ptx; do
    [ -f "$work/entries$other" ] || continue
    checked=$((checked + 1))
    if ! diff -u --label "entries of yusec -emit-wgsl" --label "entries of yusec $other" \
         "$work/entries-emit-wgsl" "$work/entries$other"; then
      failed=$((failed + 1))
    fi
  done
fi

# A PTX entry name is the WGSL function name's UTF-8 bytes with letters and digits kept and
# every other byte written _xx, after the prefix yy (着十).
if [ -s "$work/ptx-names" ] && command -v python3 >/dev/null 2>&1; then
  checked=$((checked + 1))
  if ! python3 -c '
import sys
for line in open(sys.argv[1], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    want = "yy" + "".join(chr(b) if chr(b).isascii() and chr(b).isalnum() else "_%02x" % b for b in f[1].encode())
    if f[3] != want:
        sys.exit("PTX entry name %s of %s, expected %s" % (f[3], f[1], want))' "$work/ptx-names"; then
    failed=$((failed + 1))
  fi
fi

# 名。生成: the generated module (着二); a target that fails is a comment line and a warning.
if [ -f "$stem。生成" ]; then
  run 0 -emit-gen "$file"
  compare "yusec -emit-gen" "$work/out" "$stem。生成"
fi

# Uniformity verdicts must agree with Tint's: where our analysis rejects a sample, the WGSL
# emitted without our check must be rejected by Tint too (subgroup matrix fragments included:
# Tint's chromium_experimental_subgroup_matrix rule). A sample WGSL cannot express (a 前八行
# form, 着十二) has no WGSL for Tint to judge.
wgsl_expressible() {
  ! "$yusec" -emit-wgsl -fno-uniformity-check "$file" 2>&1 >/dev/null | grep -q "翻译报错（着十二）"
}
if [ "$mode" = full ] && [ -f "$stem。错误" ] && grep -q "一致控制流" "$stem。错误" && $have_node &&
   wgsl_expressible; then
  run 0 -emit-wgsl -fno-uniformity-check "$file"
  cp "$work/out" "$work/unchecked.wgsl"
  checked=$((checked + 1))
  if node "$tools/validate_wgsl.mjs" "$work/unchecked.wgsl" >"$work/tint" 2>&1; then
    echo "FAIL: our uniformity analysis rejects $file but Tint accepts its WGSL" >&2
    failed=$((failed + 1))
  else
    # Tint's own words for the requirement our first error names.
    case $(head -1 "$stem。错误") in
      *第二个实参须在子组之内一致*) tint_says="requires argument 1 to be uniform" ;;
      *子组一致控制流*) tint_says="must only be called from subgroup uniform control flow" ;;
      *) tint_says="must only be called from uniform control flow" ;;
    esac
    if ! grep -qF -- "$tint_says" "$work/tint"; then
      echo "FAIL: Tint rejects the WGSL of $file, but not with '$tint_says':" >&2; cat "$work/tint" >&2
      failed=$((failed + 1))
    fi
  fi
fi

if [ -f "$stem。语法树" ]; then
  run 0 -dump-ast "$file"
  compare "yusec -dump-ast" "$work/out" "$stem。语法树"
fi

if [ "$checked" = 0 ]; then
  echo "FAIL: $sample has no expected file (名。语法树, 名。错误, …) beside it" >&2
  exit 1
fi
if [ "$failed" != 0 ]; then
  echo "FAIL: $failed of $checked checks failed for $file" >&2
  exit 1
fi
echo "ok: $checked checks for $file"
