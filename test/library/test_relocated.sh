#!/usr/bin/env bash
# An install moved to another prefix (issue 29 item 4): installs BUILD_DIR into one prefix, moves
# it to another, links test/library/relocated.c against the moved libyusec.a into a directory
# without yusec, and checks that
#   - pkg-config's builtindir and ptxplugin and the CMake package's YUSEC_BUILTIN_DIR and
#     YUSEC_PTX_PLUGIN name the moved files, and with them as yusec_options.builtin_dir and
#     .ptx_plugin the program's WGSL and PTX equal the moved yusec's;
#   - left to its own search (nothing beside it, nothing at the configure prefix), the compile
#     fails with a note naming the option to set: builtin_dir, ptx_plugin.
#   test_relocated.sh BUILD_DIR SOURCE_DIR [CONSUMER_FLAGS]
set -u
build=$1
source=$2
consumer_flags=${3:-}
command -v pkg-config >/dev/null 2>&1 || { echo "跳过：没有 pkg-config"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset YUSEC_PTX_PLUGIN

cmake --install "$build" --prefix "$work/first" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }
mv "$work/first" "$work/moved"
prefix=$work/moved
libdir=$(dirname "$(find "$prefix" -name libyusec.a | head -1)")
[ -f "$libdir/libyusec.a" ] || fail "no libyusec.a installed"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
mkdir "$work/elsewhere"
program=$work/elsewhere/relocated
cc -std=c11 -Wall -Wextra -Werror "$source/test/library/relocated.c" -o "$program" \
   $(pkg-config --cflags yusec) "$libdir/libyusec.a" $(pkg-config --libs-only-l --static yusec | sed 's/-lyusec//') \
   $consumer_flags || fail "linking relocated.c against the moved libyusec.a"
seed=$source/examples/加倍。着色器。豫
interface=点染本。着色器。接口。豫

# Where the moved install's files are: pkg-config and the CMake package say it.
builtin=$(pkg-config --variable=builtindir yusec)
plugin=$(pkg-config --variable=ptxplugin yusec)
[ -f "$builtin/$interface" ] || fail "pkg-config --variable=builtindir yusec is '$builtin', without $interface"
mkdir "$work/probe"
cat >"$work/probe/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(probe NONE)
find_package(yusec 0.1 REQUIRED)
file(WRITE "${CMAKE_BINARY_DIR}/where.txt" "${YUSEC_BUILTIN_DIR}\n${YUSEC_PTX_PLUGIN}\n")
CMAKE
cmake -S "$work/probe" -B "$work/probe/b" -DCMAKE_PREFIX_PATH="$prefix" >"$work/probe.log" 2>&1 ||
  { cat "$work/probe.log" >&2; fail "find_package(yusec) from the moved install"; }
[ "$(realpath "$(sed -n 1p "$work/probe/b/where.txt")")" = "$(realpath "$builtin")" ] ||
  fail "YUSEC_BUILTIN_DIR is '$(sed -n 1p "$work/probe/b/where.txt")', not $builtin"
[ "$(realpath -m "$(sed -n 2p "$work/probe/b/where.txt")")" = "$(realpath -m "$plugin")" ] ||
  fail "YUSEC_PTX_PLUGIN is '$(sed -n 2p "$work/probe/b/where.txt")', not $plugin"

# With those as the options, the program compiles as the moved yusec does.
"$prefix/bin/yusec" -emit-wgsl -q "$seed" >"$work/cli.wgsl" || fail "the moved yusec -emit-wgsl"
"$program" wgsl "$seed" "$builtin" - >"$work/lib.wgsl" 2>"$work/err" || { cat "$work/err" >&2; fail "builtin_dir from pkg-config"; }
cmp -s "$work/cli.wgsl" "$work/lib.wgsl" || fail "the relocated program's WGSL differs from yusec's"
if [ -f "$plugin" ]; then
  "$prefix/bin/yusec" -emit-ptx -q "$seed" >"$work/cli.ptx" || fail "the moved yusec -emit-ptx"
  "$program" ptx "$seed" "$builtin" "$plugin" >"$work/lib.ptx" 2>"$work/err" || { cat "$work/err" >&2; fail "ptx_plugin from pkg-config"; }
  cmp -s "$work/cli.ptx" "$work/lib.ptx" || fail "the relocated program's PTX differs from yusec's"
  # Left to its search, the plugin is not found; the note names the option.
  configured=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
  if [ ! -e "$configured/lib/yusec" ] && [ ! -e "$configured/lib64/yusec" ]; then
    "$program" ptx "$seed" "$builtin" - >/dev/null 2>"$work/err" && fail "the plugin was found with nothing to find it by"
    grep -q "yusec_options.ptx_plugin" "$work/err" && grep -q "pkg-config --variable=ptxplugin yusec" "$work/err" ||
      { cat "$work/err" >&2; fail "the missing plugin's message does not name ptx_plugin"; }
  fi
fi

# Left to its search, 点染 is not found (nothing beside the program, nothing at the configure
# prefix); the note names the option to set.
configured=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
if [ -e "$configured/share/yusec/库/点染/$interface" ]; then
  echo "（配置前缀 $configured 里装着 点染：找不到 点染 的情形未测）"
else
  "$program" wgsl "$seed" - - >/dev/null 2>"$work/err" && fail "点染 was found with nothing to find it by"
  grep -q "找不到包「点染」" "$work/err" && grep -q "yusec_options.builtin_dir" "$work/err" &&
    grep -q "pkg-config --variable=builtindir yusec" "$work/err" ||
    { cat "$work/err" >&2; fail "the missing 点染's message does not name builtin_dir"; }
fi
echo "通过：移到别处的安装，由 builtin_dir 与 ptx_plugin 找到 点染 与 PTX 插件；不设时报错说出该设的选项"
