#!/usr/bin/env bash
# <stem>.table.h (yusec -emit=table, lib/shader_table.c): for every sample yusec translates,
# the table compiles with gcc -std=c11 -Wall -Wextra -Werror (and clang for the seed), its
# texts are byte for byte the .wgsl/.metal/.ptx files the same command wrote (one PTX per arch
# with -arch=sm_80,sm_90), and its entry table says what the manifest <stem>.json says (item,
# function, stage, PTX name, workgroup size, the lengths buffer's bindings, the PTX texture
# parameters). yusec_add_shaders' <name>_shaders.h only lists these rows (gen.cmake).
#   test_shader_table.sh YUSEC SOURCE_DIR
set -u
yusec=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
command -v gcc >/dev/null 2>&1 || { echo "跳过：没有 gcc"; exit 77; }
has_ptx=true
"$yusec" -emit-ptx "$source/examples/加倍。着色器。豫" >/dev/null 2>&1 || has_ptx=false
list=wgsl,msl,json,table
$has_ptx && list=wgsl,msl,ptx,json,table

# dump.c: writes the row's texts to files and prints its entries, one line each.
cat >"$work/dump.c" <<'C'
#include <stdio.h>
#include TABLE
static const yusec_shader shader = ROW;
static void put(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (!f) return;
    if (text) fputs(text, f);
    fclose(f);
}
int main(int argc, char **argv) {
    char path[4096];
    const char *names[] = {"wgsl", "metal", "ptx"}, *texts[] = {shader.wgsl, shader.msl, shader.ptx};
    for (int i = 0; i < 3; i++)
        if (texts[i]) {
            snprintf(path, sizeof path, "%s/got.%s", argv[1], names[i]);
            put(path, texts[i]);
        }
    for (int a = 0; shader.ptx_by_arch && a < argc - 2; a++) {
        snprintf(path, sizeof path, "%s/got.%s.ptx", argv[1], argv[a + 2]);
        put(path, shader.ptx_by_arch[a]);
    }
    printf("name %s\n", shader.name);
    for (unsigned e = 0; e < shader.entry_count; e++) {
        const yusec_shader_entry *x = &shader.entries[e];
        printf("%s %s %s %s %u %u %u", x->item, x->function, x->stage, x->ptx_name ? x->ptx_name : "-",
               x->workgroup_size[0], x->workgroup_size[1], x->workgroup_size[2]);
        for (unsigned k = 0; k < x->length_count; k++) printf(" L%u:%u", x->lengths[k][0], x->lengths[k][1]);
        for (unsigned k = 0; k < x->texture_count; k++)
            printf(" T%u,%u,%u:%u,%u:%u", x->textures[k][0], x->textures[k][1], x->textures[k][2],
                   x->textures[k][3], x->textures[k][4], x->textures[k][5]);
        printf("\n");
    }
    return 0;
}
C

# The same lines from the manifest.
expected() {
  python3 - "$1" "$2" <<'PY'
import json, sys
m = json.load(open(sys.argv[1], encoding="utf-8"))
print("name", sys.argv[2])
kinds = {"texels": 0, "sampled": 1, "compare": 2}
for e in m["entries"]:
    size = e.get("workgroup_size", [0, 0, 0]) if "ptx_name" in e else [0, 0, 0]
    line = f'{e["item"]} {e["function"]} {e["stage"]} {e.get("ptx_name", "-")} {size[0]} {size[1]} {size[2]}'
    for b in e.get("lengths", {}).get("buffers", []):
        line += f' L{b["group"]}:{b["binding"]}'
    for t in e.get("ptx_textures", []):
        sg, sb = t.get("sampler_group", t["group"]), t.get("sampler_binding", t["binding"])
        line += f' T{t["param"]},{kinds[t["kind"]]},{t["group"]}:{t["binding"]},{sg}:{sb}'
    print(line)
PY
}

row_of() { printf 'YUSEC_SHADER_ROW_%s' "$(printf '%s' "$1" | od -An -tx1 | tr -d ' \n')"; }

check() {  # check DIR STEM ARCH... (the outputs are in DIR)
  local dir=$1 stem=$2
  shift 2
  for cc in "${compilers[@]}"; do
    "$cc" -std=c11 -Wall -Wextra -Werror -I "$dir" "-DTABLE=\"$stem.table.h\"" "-DROW=$(row_of "$stem")" \
      "$work/dump.c" -o "$dir/dump" 2>"$work/cc.err" || { fail "$cc rejects $stem.table.h:"; cat "$work/cc.err" >&2; return; }
    "$dir/dump" "$dir" "$@" >"$dir/got.txt" || { fail "$stem: the dump did not run"; return; }
    expected "$dir/$stem.json" "$stem" >"$dir/want.txt"
    cmp -s "$dir/got.txt" "$dir/want.txt" || { fail "$stem: the table's entries differ from the manifest"; diff "$dir/want.txt" "$dir/got.txt" >&2; }
    for pair in wgsl:wgsl metal:metal ptx:ptx; do
      [ -e "$dir/$stem.${pair%%:*}" ] || continue
      cmp -s "$dir/got.${pair#*:}" "$dir/$stem.${pair%%:*}" || fail "$stem: the table's ${pair%%:*} text differs from $stem.${pair%%:*}"
    done
    for arch in "$@"; do
      cmp -s "$dir/got.$arch.ptx" "$dir/$stem.$arch.ptx" || fail "$stem: the table's $arch PTX differs"
    done
  done
}

tables=0
compilers=(gcc)
for input in "$source"/examples/*。着色器。豫 "$source"/库/点染/测试/样例/*。着色器。豫; do
  name=$(basename "$input")
  stem=${name%。着色器。豫}
  dir="$work/t/$tables"
  mkdir -p "$dir"
  (cd "$(dirname "$input")" && "$yusec" -emit=$list -o-dir "$dir" "$name") >/dev/null 2>&1 ||
    (cd "$(dirname "$input")" && "$yusec" -emit=msl,json,table -o-dir "$dir" "$name") >/dev/null 2>&1 || continue
  [ -s "$dir/$stem.table.h" ] || { fail "$name: no $stem.table.h"; continue; }
  check "$dir" "$stem"
  tables=$((tables + 1))
done

# The seed with clang too, and two archs.
command -v clang >/dev/null 2>&1 && compilers+=(clang)
if $has_ptx; then
  mkdir -p "$work/arch"
  "$yusec" -emit=wgsl,ptx,json,table -arch=sm_80,sm_90 -o-dir "$work/arch" "$source/examples/加倍。着色器。豫" ||
    fail "-emit=…,table -arch=sm_80,sm_90 exited $?"
  check "$work/arch" 加倍 sm_80 sm_90
  grep -q '加倍_yusec_ptx_by_arch\[\] = {加倍_yusec_ptx_0, 加倍_yusec_ptx_1, }' "$work/arch/加倍.table.h" ||
    fail "two archs: not two PTX texts"
fi
[ $tables -ge 30 ] || fail "only $tables tables checked"
[ $failed = 0 ] && echo "ok: $tables tables" || exit 1
