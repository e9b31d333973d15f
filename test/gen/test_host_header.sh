#!/usr/bin/env bash
# The C host header (yusec -emit=h -o-dir, lib/host_header.c; issue 18): for every sample and
# YIR test input that yusec translates, the header compiles with gcc and clang -std=c11
# -pedantic -Werror, so every assert on a struct member's offset, a struct's size and
# alignment and an array's stride holds in C; and as C++ (issue 29 item 3) with g++ and
# clang++ -std=c++17 -Werror (-pedantic where no struct ends in a runtime-sized array, C++
# having no flexible array member) and with nvcc's host path where the CUDA toolkit is
# installed; a header whose layout is wrong does not compile, in C nor C++ (four mutations of
# the 布局 header); the constants have the ABI's values.
#   test_host_header.sh YUSEC SOURCE_DIR
set -u
yusec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
compilers=()
for cc in gcc clang; do command -v $cc >/dev/null 2>&1 && compilers+=($cc); done
[ ${#compilers[@]} -gt 0 ] || { echo "跳过：没有 C 编译器"; exit 77; }
cxx_compilers=()
for cxx in g++ clang++; do command -v $cxx >/dev/null 2>&1 && cxx_compilers+=($cxx); done
[ ${#cxx_compilers[@]} -gt 0 ] || { echo "跳过：没有 C++ 编译器"; exit 77; }
nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
[ -x "$nvcc" ] || nvcc=$(command -v nvcc || true)

compile() {  # compile CC HEADER_DIR C_FILE
  "$1" -std=c11 -pedantic -Wall -Wextra -Werror -I "$2" -c "$3" -o /dev/null 2>"$work/cc.err"
}
compile_cxx() {  # compile_cxx CXX HEADER_DIR CXX_FILE: -pedantic unless a struct has a flexible array
  local pedantic=-pedantic
  grep -q '^    .*\[\]' "$2"/*.h && pedantic=
  "$1" -std=c++17 $pedantic -Wall -Wextra -Werror -I "$2" -c "$3" -o /dev/null 2>"$work/cc.err"
}

inputs=("$source"/库/点染/测试/样例/*。着色器。豫 "$source"/test/msl/*.yir "$source"/test/wgsl/*.yir "$source"/test/ptx/*.yir)
headers=0 structs=0
for input in "${inputs[@]}"; do
  [ -e "$input" ] || continue
  name=$(basename "$input")
  stem=${name%。着色器。豫}
  stem=${stem%.yir}
  dir="$work/h/$headers"
  mkdir -p "$dir"
  (cd "$(dirname "$input")" && "$yusec" -emit=h -o-dir "$dir" "$name") >/dev/null 2>&1 || continue
  [ -s "$dir/$stem.h" ] || { fail "$name: no $stem.h"; continue; }
  printf '#include "%s.h"\n#include "%s.h"\nint main(void) { return 0; }\n' "$stem" "$stem" >"$dir/use.c"
  cp "$dir/use.c" "$dir/use.cpp"
  for cc in "${compilers[@]}"; do
    compile "$cc" "$dir" "$dir/use.c" || { fail "$cc rejects the header of $name:"; cat "$work/cc.err" >&2; }
  done
  for cxx in "${cxx_compilers[@]}"; do
    compile_cxx "$cxx" "$dir" "$dir/use.cpp" || { fail "$cxx rejects the header of $name:"; cat "$work/cc.err" >&2; }
  done
  headers=$((headers + 1))
  structs=$((structs + $(grep -c '^typedef struct' "$dir/$stem.h")))
done
[ $headers -gt 40 ] || fail "only $headers headers were made"
[ $structs -gt 10 ] || fail "only $structs structs were checked"

# The asserts are real: each mutation of the C layout breaks one.
layout="$source/test/msl/布局.yir"
"$yusec" -emit=h -o-dir "$work" "$layout" || fail "-emit=h 布局.yir"
mutate() {  # mutate NAME SED-EXPRESSION WANTED-MESSAGE
  mkdir -p "$work/$1"
  sed "$2" "$work/布局.h" >"$work/$1/布局.h"
  cmp -s "$work/布局.h" "$work/$1/布局.h" && { fail "mutation $1 changed nothing"; return; }
  printf '#include "布局.h"\n' >"$work/$1/use.c"
  cp "$work/$1/use.c" "$work/$1/use.cpp"
  for cc in "${compilers[@]}" "${cxx_compilers[@]}"; do
    local file=use.c
    [[ $cc == *++ ]] && file=use.cpp
    if { [ $file = use.c ] && compile "$cc" "$work/$1" "$work/$1/$file"; } ||
       { [ $file = use.cpp ] && compile_cxx "$cc" "$work/$1" "$work/$1/$file"; }; then
      fail "$cc accepts the wrong layout ($1)"
    else grep -qF "$3" "$work/cc.err" || { fail "$1: $cc's error does not name '$3'"; cat "$work/cc.err" >&2; }; fi
  done
}
mutate unaligned_vec3 's/YUSEC_ALIGNAS(16) float 向/float 向/' 'offsetof(布局_宽, 向) == 16'
mutate wide_f16 's/uint16_t 尾/uint32_t 尾/' 'offsetof(布局_宽, 尾) == 86'
mutate unpadded_column 's/float 阵\[3\]\[4\]/float 阵[3][3]/' 'offsetof(布局_宽, 半) == 80'
mutate vec3_stride 's/float 布局_出_element\[4\]/float 布局_出_element[3]/' 'sizeof(布局_出_element) == 16'

# The constants are the ABI's (--entries=json): bindings, MSL index, PTX parameter positions.
cat >"$work/values.c" <<'C'
#include <stdio.h>
#include "布局.h"
int main(void) {
  布局_粒子 p = {{1, 2, 3}, 4, {5, 6, 7}, 8};
  printf("%u %u %u %u %u %s %s %u %u %u\n", 布局_宽们_GROUP, 布局_宽们_BINDING, 布局_出_MSL_INDEX,
         布局_动入口_PTX_PARAM_宽们, 布局_动入口_PTX_PARAM_COUNT, 布局_动入口_FUNCTION, 布局_动入口_PTX_NAME,
         布局_动入口_WORKGROUP_SIZE_X, (unsigned)sizeof p, 布局_宽们_STRIDE);
  return p.活 == 8 ? 0 : 1;
}
C
"${compilers[0]}" -std=c11 -Wall -Wextra -Werror -I "$work" "$work/values.c" -o "$work/values" || fail "values.c"
want="0 1 2 1 3 动 $("$yusec" --entries=json "$layout" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["entries"][0]["ptx_name"])') 64 32 96"
got=$("$work/values")
[ "$got" = "$want" ] || fail "the header's constants: '$got', expected '$want'"

# nvcc's host path (C++ through the CUDA front end) includes the header of 布局, its types used
# in host and device code; skipped where the toolkit is not installed.
if [ -n "$nvcc" ] && [ -x "$nvcc" ]; then
  # (nvcc's launch stubs cannot name a non-ASCII type in a __global__ parameter: docs/generated.md)
  printf '#include "布局.h"\n__global__ void kernel(uint32_t *p) { p[0] = sizeof(布局_粒子) + YUSEC_ALIGNOF(布局_宽); }\n%s\n' \
    'int main() { 布局_粒子 q = {}; return (int)q.活 + 布局_宽们_BINDING; }' >"$work/use.cu"
  "$nvcc" -std=c++17 -I "$work" -c "$work/use.cu" -o "$work/use.o" 2>"$work/cc.err" ||
    { fail "nvcc rejects 布局.h:"; cat "$work/cc.err" >&2; }
  nvcc_note="nvcc"
else
  nvcc_note="nvcc 跳过（没有 CUDA 工具包）"
  echo "跳过：没有 nvcc（CUDA 主机路径未测）"
fi

# One front end: -emit=wgsl,h writes the header beside the text; an unchanged header keeps its mtime.
touch -d 2000-01-01 "$work/布局.h"
"$yusec" -emit=h -o-dir "$work" "$layout" || fail "-emit=h again"
[ "$(stat -c %Y "$work/布局.h")" = "$(date -d 2000-01-01 +%s)" ] || fail "an unchanged header was rewritten"

[ $failed = 0 ] && echo "通过：C 头文件 $headers 个（$structs 个结构），${compilers[*]} ${cxx_compilers[*]}，$nvcc_note；错误布局 4 种都被拒绝" || exit 1
