#!/usr/bin/env bash
# Installs yusec from BUILD_DIR into a temporary prefix, builds examples/host against the
# INSTALLED library twice — with pkg-config and with find_package(yusec) (yusec::yusec) — runs
# both, and checks that each one's WGSL, MSL and PTX equal the yusec command's byte for byte,
# that the shared library exports only the API and carries its soname, and that the static
# library links too.
#   test_installed.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
source=$2
consumer_flags=${3:-}   # what a consumer of a sanitized libyusec must link as well (its runtimes)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v pkg-config >/dev/null 2>&1 || { echo "跳过：没有 pkg-config"; exit 0; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }
prefix=$work/prefix
libdir=$(dirname "$(find "$prefix" -name 'libyusec.so.0' | head -1)")
[ -n "$libdir" ] || fail "no libyusec.so.0 installed"
[ -f "$prefix/include/yusec/yusec.h" ] || fail "no include/yusec/yusec.h installed"
[ -f "$libdir/libyusec.a" ] || fail "no libyusec.a installed"
soname=$(objdump -p "$libdir/libyusec.so.0" | awk '/SONAME/ {print $2}')
[ "$soname" = libyusec.so.0 ] || fail "soname is '$soname'"
if nm -D --defined-only "$libdir/libyusec.so.0" | awk '{print $3}' | grep -v '^yusec_' | grep .; then
  fail "libyusec.so.0 exports more than the API"
fi
# The static library too: its only global definitions are the API (the rest is local).
if nm -g --defined-only "$libdir/libyusec.a" | awk 'NF == 3 {print $3}' | grep -v '^yusec_' | head -5 | grep .; then
  fail "libyusec.a defines global symbols beyond the API"
fi

export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc -std=c11 -Wall -Wextra -Werror "$source/examples/host/host.c" -o "$work/host-pc" \
   $(pkg-config --cflags --libs yusec) -Wl,-rpath,"$libdir" $consumer_flags || fail "build with pkg-config"
# Statically linked, the library finds 点染 and the PTX plugin next to the program: installed
# into <prefix>/bin, as an application beside yusec would be.
cc -std=c11 -Wall -Wextra -Werror "$source/examples/host/host.c" -o "$prefix/bin/host-static" \
   $(pkg-config --cflags yusec) "$libdir/libyusec.a" $(pkg-config --libs-only-l --static yusec | sed 's/-lyusec//') $consumer_flags ||
  fail "build against libyusec.a"

# A program using names of yusec's internals links against libyusec.a and runs.
cc -std=c11 -Wall -Wextra -Werror "$source/test/library/clash.c" -o "$prefix/bin/clash" \
   $(pkg-config --cflags yusec) "$libdir/libyusec.a" $(pkg-config --libs-only-l --static yusec | sed 's/-lyusec//') $consumer_flags ||
  fail "a program with its own arena_alloc/mem_alloc/diag_error does not link against libyusec.a"
"$prefix/bin/clash" || fail "the program linked with libyusec.a failed (status $?)"

cmake -S "$source/examples/host" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_EXE_LINKER_FLAGS="$consumer_flags" \
      >"$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; fail "find_package configure"; }
cmake --build "$work/cmake-build" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "find_package build"; }

seed="$source/examples/加倍。着色器。豫"
for flag in wgsl msl ptx; do
  "$prefix/bin/yusec" -emit-$flag "$seed" >"$work/cli.$flag" 2>/dev/null || fail "yusec -emit-$flag"
  for host in "$work/host-pc" "$work/cmake-build/host"; do
    "$host" $flag >"$work/host.$flag" || fail "$host $flag exited $?"
    cmp "$work/cli.$flag" "$work/host.$flag" || fail "$host: $flag differs from yusec -emit-$flag"
  done
done
"$prefix/bin/host-static" wgsl >"$work/static.wgsl" || fail "static host"
cmp "$work/cli.wgsl" "$work/static.wgsl" || fail "static host: WGSL differs"
"$work/host-pc" >"$work/all.txt" || fail "host (all)"
grep -q "PTX kernel yy_e5_8a_a0_e5_80_8d" "$work/all.txt" || { cat "$work/all.txt" >&2; fail "entry table"; }
grep -q "PTX parameter 0: p_g0_b0" "$work/all.txt" || fail "PTX parameters"
echo "通过：pkg-config、find_package 与静态库所建的宿主程序与 yusec 逐字节一致"
