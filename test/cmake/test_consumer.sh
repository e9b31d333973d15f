#!/usr/bin/env bash
# Installs yusec from BUILD_DIR into a temporary prefix, builds test/cmake/consumer against it
# with Ninja (find_package(yusec), yusec_add_shaders), and checks the dependencies: a second
# build does nothing, touching the shader rebuilds its outputs, touching the builtin
# interface (read through the depfile) does too.
#   test_consumer.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
source=$2
command -v ninja >/dev/null 2>&1 || { echo "跳过：没有 ninja"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }
cp -r "$source/test/cmake/consumer" "$work/src"
cp "$source/examples/加倍。着色器。豫" "$source/库/点染/测试/样例/边界钳位。着色器。豫" \
   "$source/库/点染/测试/样例/纹理读取。着色器。豫" "$work/src/"
cmake -S "$work/src" -B "$work/b" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
      >"$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; fail "configure"; }
ninja -C "$work/b" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "first build"; }
"$work/b/consumer" >"$work/run.txt" || fail "consumer did not run"
grep -qx "加倍 wgsl=1 msl=1 ptx=1" "$work/run.txt" || { cat "$work/run.txt" >&2; fail "texts"; }
grep -qx "加倍入口 加倍 compute yy_e5_8a_a0_e5_80_8d 4" "$work/run.txt" ||
  { cat "$work/run.txt" >&2; fail "entries"; }
grep -qx "钳位入口 lengths\[0\] = bytes of 0:0" "$work/run.txt" ||
  { cat "$work/run.txt" >&2; fail "the lengths buffer of 边界钳位"; }
[ "$(grep -c lengths "$work/run.txt")" = 1 ] || { cat "$work/run.txt" >&2; fail "加倍 has no lengths"; }
for want in "读取入口 textures[0] = param 5 kind 0 0:0 0:0" "读取入口 textures[1] = param 6 kind 1 0:0 0:1" \
            "读取入口 textures[2] = param 7 kind 0 0:2 0:2"; do
  grep -qxF "$want" "$work/run.txt" || { cat "$work/run.txt" >&2; fail "the texture parameters of 纹理读取 ($want)"; }
done

# would_run: the commands ninja -n would run now.
would_run() { ninja -C "$work/b" -n 2>&1 | grep -c '^\[' ; }
[ "$(would_run)" = 0 ] || { ninja -C "$work/b" -n -d explain >&2; fail "a second build is not empty"; }

sleep 1
touch "$work/src/加倍。着色器。豫"
ninja -C "$work/b" -n >"$work/plan.txt" 2>&1
for format in wgsl msl ptx json; do
  grep -q "yusec $format 加倍" "$work/plan.txt" || { cat "$work/plan.txt" >&2; fail "touching the shader does not rebuild $format"; }
done
ninja -C "$work/b" >/dev/null 2>&1 || fail "rebuild"
[ "$(would_run)" = 0 ] || fail "the rebuild left work"

# The builtin interface is known only through the depfiles.
sleep 1
touch "$work/prefix/share/yusec/库/点染/点染本。着色器。接口。豫"
ninja -C "$work/b" -n >"$work/plan.txt" 2>&1
grep -q "yusec wgsl 加倍" "$work/plan.txt" || { cat "$work/plan.txt" >&2; fail "the depfile does not name the interface"; }
echo ok
