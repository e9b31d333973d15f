#!/usr/bin/env bash
# Installs yusec from BUILD_DIR into a temporary prefix, builds test/cmake/consumer against it
# with Ninja (find_package(yusec), yusec_add_shaders) and checks issue 18's build integration:
# one yusec command per shader, several ARCH, OPTIONS passed through, the per-source C headers'
# structs and constants, the dependencies (a second build does nothing, the builtin interface
# is a dependency through the depfile) and restat (touching a shader without changing it reruns
# only its yusec command; changing it rebuilds what includes the header).
#   test_consumer.sh BUILD_DIR SOURCE_DIR [cuda|make]
# With `cuda`: FORMATS cubin fatbin (exit 77, skipped, without ptxas) and the configure-time
# error without the toolkit. With `make`: the same checks under Unix Makefiles, which have no
# restat (touching a shader remakes its dependents once, and the build after that does nothing;
# issue 29 item 2).
set -u
build=$1
source=$2
mode=${3:-plain}
if [ "$mode" = make ]; then
  generator="Unix Makefiles"
  command -v make >/dev/null 2>&1 || { echo "跳过：没有 make"; exit 77; }
else
  generator=Ninja
  command -v ninja >/dev/null 2>&1 || { echo "跳过：没有 ninja"; exit 77; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }
cp -r "$source/test/cmake/consumer" "$work/src"
samples="$source/库/点染/测试/样例"
cp "$source/examples/加倍。着色器。豫" "$samples/边界钳位。着色器。豫" "$samples/纹理读取。着色器。豫" \
   "$samples/点变换。着色器。豫" "$work/src/"
configure() {
  cmake -S "$work/src" -B "$work/b" -G "$generator" -DCMAKE_PREFIX_PATH="$work/prefix" "$@" >"$work/configure.log" 2>&1
}
# build LOG: one build of the consumer, its output in LOG.
build() { cmake --build "$work/b" -j2 >"$1" 2>&1; }
# The lines of a build log that did work: a yusec command, a compile, a link.
work_done() { grep -E '(^|\] )(yusec |Building C|Linking|Generating)' "$1"; }

if [ "$mode" = cuda ]; then
  # No toolkit where CUDA_PATH points: configuring stops and says what is missing.
  CUDA_PATH=$work/no-cuda configure -DWITH_CUDA=ON && fail "configure with cubin and no toolkit succeeded"
  grep -q "FORMATS cubin/fatbin need the CUDA" "$work/configure.log" && grep -q "ptxas" "$work/configure.log" ||
    { cat "$work/configure.log" >&2; fail "the missing-toolkit message"; }
  rm -rf "$work/b"
  ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  [ -n "${CUDA_PATH:-}" ] && ptxas=$CUDA_PATH/bin/ptxas
  [ -x "$ptxas" ] || { echo "跳过：没有 ptxas（cubin/fatbin 未测；缺工具包时的配置错误已测）"; exit 77; }
  configure -DWITH_CUDA=ON || { cat "$work/configure.log" >&2; fail "configure with cubin"; }
  ninja -C "$work/b" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "build with cubin"; }
  [ -s "$work/b/binaries_shaders/加倍.cubin" ] && [ -s "$work/b/binaries_shaders/加倍.fatbin" ] ||
    fail "no 加倍.cubin / 加倍.fatbin"
  got=$("$work/b/binaries_consumer")
  [ "$got" = "加倍 sm_90 cubin=elf fatbin=fatbin" ] || fail "the embedded binaries: $got"
  [ "$(ninja -C "$work/b" -n 2>&1 | grep -c '^\[')" = 0 ] || fail "a second build with cubin is not empty"
  echo "ok: cubin/fatbin"
  exit 0
fi

configure || { cat "$work/configure.log" >&2; fail "configure"; }
build "$work/build.log" || { cat "$work/build.log" >&2; fail "first build"; }
# One command per shader: each source's yusec runs once, for every format and arch.
if [ "$mode" = make ]; then
  [ "$(grep -c '加倍。着色器。豫 -o-dir' "$work/b/CMakeFiles/demo_generate.dir/build.make")" = 1 ] || fail "加倍 is not one command"
else
  [ "$(ninja -C "$work/b" -t commands | grep -c '加倍。着色器。豫 -o-dir')" = 1 ] || fail "加倍 is not one command"
fi
[ "$(grep -c '^\[.*yusec 加倍' "$work/build.log")" = 1 ] || { cat "$work/build.log" >&2; fail "加倍's command ran more than once"; }
out=$work/b/demo_shaders
for f in 加倍.wgsl 加倍.metal 加倍.sm_80.ptx 加倍.sm_90.ptx 加倍.json 加倍.h 加倍.table.h 点变换.h; do
  [ -s "$out/$f" ] || fail "no $f"
done
[ -e "$out/加倍.msl" ] && fail "an MSL file named .msl (the quickstart's name is .metal)"
grep -q '^\.version 8\.3' "$out/加倍.sm_90.ptx" || fail "OPTIONS -ptx-version=8.3 did not reach yusec"
# demo_shaders.h only lists yusec's rows: no text, byte or entry of its own.
[ "$(grep -c '^  YUSEC_SHADER_ROW_[0-9a-f]*,$' "$out/demo_shaders.h")" = 4 ] || { cat "$out/demo_shaders.h" >&2; fail "demo_shaders.h does not list the four rows"; }
grep -qE '\\[0-7x]|_entries|"[^"]*入口' "$out/demo_shaders.h" && fail "demo_shaders.h holds shader facts of its own"
"$work/b/consumer" >"$work/run.txt" || fail "consumer did not run"
expect() { grep -qxF "$1" "$work/run.txt" || { cat "$work/run.txt" >&2; fail "$2 ($1)"; }; }
expect "加倍 wgsl=1 msl=1 ptx=1" "texts"
expect "加倍 sm_80 ptx=1" "the sm_80 PTX"
expect "加倍 sm_90 ptx=1" "the sm_90 PTX"
expect "加倍入口 加倍 compute yy_e5_8a_a0_e5_80_8d 4" "entries"
expect "钳位入口 lengths[0] = bytes of 0:0" "the lengths buffer of 边界钳位"
[ "$(grep -c lengths "$work/run.txt")" = 1 ] || { cat "$work/run.txt" >&2; fail "加倍 has no lengths"; }
for want in "读取入口 textures[0] = param 5 kind 0 0:0 0:0" "读取入口 textures[1] = param 6 kind 1 0:0 0:1" \
            "读取入口 textures[2] = param 7 kind 0 0:2 0:2"; do
  expect "$want" "the texture parameters of 纹理读取"
done
# The struct and constants of 点变换.h against the manifest.
want=$(python3 - "$out/点变换.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
lay = {l["type"]: l for l in m["layouts"]}["$变换"]
r = [r for r in m["resources"] if r["name"] == "常量"][0]
e = m["entries"][0]
off = [f["offset"] for f in lay["fields"] if f["name"] == "缩放"][0]
print(f'点变换 变换 size={lay["size"]} align={lay["align"]} 缩放@{off} 常量={r["group"]}:{r["binding"]} '
      f'msl={r["msl_index"]} ptx={r["ptx_param"]["变换入口"]}/{len(e["ptx_params"])} {e["ptx_name"]}')
PY
)
expect "$want" "the 点变换 header's struct and constants"

# nothing_to_do WHAT: a build now does no work (Ninja: nothing planned; Make: nothing done).
nothing_to_do() {
  if [ "$mode" = make ]; then
    build "$work/again.log" || { cat "$work/again.log" >&2; fail "$1: the build failed"; return; }
    ! work_done "$work/again.log" >/dev/null || { cat "$work/again.log" >&2; fail "$1 is not empty"; }
  else
    [ "$(ninja -C "$work/b" -n 2>&1 | grep -c '^\[')" = 0 ] || { ninja -C "$work/b" -n -d explain >&2; fail "$1 is not empty"; }
  fi
}
nothing_to_do "a second build"

# restat: touching a shader without changing it reruns its yusec command only; yusec leaves its
# unchanged outputs untouched (<stem>.table.h included), so the C code is not rebuilt.
table_mtime=$(stat -c %Y "$out/加倍.table.h")
table_sum=$(md5sum <"$out/加倍.table.h")
sleep 1
touch "$work/src/加倍。着色器。豫"
build "$work/restat.log" || { cat "$work/restat.log" >&2; fail "rebuild after touch"; }
grep -q '^\[.*yusec 加倍' "$work/restat.log" || { cat "$work/restat.log" >&2; fail "touching the shader did not rerun yusec"; }
[ "$(grep -c '^\[.*yusec ' "$work/restat.log")" = 1 ] || { cat "$work/restat.log" >&2; fail "touching one shader reran another's yusec"; }
# The build after it does nothing (Unix Makefiles reran yusec at every build: issue 29 item 2).
nothing_to_do "the build after touching a shader"
if [ "$mode" != make ]; then  # Ninja's restat; Make remakes the dependents (once)
  grep -q 'yusec header\|Building C object\|Linking' "$work/restat.log" &&
    { cat "$work/restat.log" >&2; fail "an unchanged shader rebuilt its dependents (no restat)"; }
  [ "$(stat -c %Y "$out/加倍.table.h")" = "$table_mtime" ] || fail "an unchanged 加倍.table.h was rewritten"
fi

# Changing the shader's bytes rebuilds its outputs (its table too) and the consumer.
sleep 1
sed -i 's/（「新无三二」于「二」）/（「新无三二」于「四」）/' "$work/src/加倍。着色器。豫"
build "$work/change.log" || { cat "$work/change.log" >&2; fail "rebuild after a change"; }
grep -q 'Building C object' "$work/change.log" ||
  { cat "$work/change.log" >&2; fail "a changed shader did not rebuild its C code"; }
[ "$(md5sum <"$out/加倍.table.h")" != "$table_sum" ] || fail "a changed shader left 加倍.table.h as it was"
nothing_to_do "the build after changing a shader"

# The builtin interface is known only through the depfiles.
sleep 1
touch "$work/prefix/share/yusec/库/点染/点染本。着色器。接口。豫"
if [ "$mode" = make ]; then build "$work/plan.txt"; else ninja -C "$work/b" -n >"$work/plan.txt" 2>&1; fi
grep -q "yusec 加倍" "$work/plan.txt" || { cat "$work/plan.txt" >&2; fail "the depfile does not name the interface"; }
echo "ok ($generator)"
