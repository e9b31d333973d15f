#!/usr/bin/env bash
# examples/cpp_host (issue 29 item 3): a C++17 program built with find_package(yusec) and
# yusec_add_shaders against an install of BUILD_DIR includes the generated 加倍.h and the shader
# table, runs, and prints the facts the manifest (--entries=json) gives.
#   test_cpp_host.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
source=$2
command -v c++ >/dev/null 2>&1 || { echo "跳过：没有 C++ 编译器"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }
cmake -S "$source/examples/cpp_host" -B "$work/b" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log" >&2; fail "configure examples/cpp_host"; }
cmake --build "$work/b" -j2 >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "build examples/cpp_host"; }
"$work/b/cpp_host" >"$work/run.txt" || fail "cpp_host exited $?"
want=$(python3 - "$work/prefix/bin/yusec" "$source/examples/加倍。着色器。豫" <<'PY'
import json, subprocess, sys
m = json.loads(subprocess.run([sys.argv[1], "--entries=json", sys.argv[2]], check=True,
                              capture_output=True, text=True).stdout)
e = m["entries"][0]
r = m["resources"][0]
stride = {l["type"]: l for l in m["layouts"]}[r["type"]]["stride"]
groups = (10 + e["workgroup_size"][0] - 1) // e["workgroup_size"][0]
print(f'entry {e["function"]} workgroup {" ".join(map(str, e["workgroup_size"]))} groups {groups}')
print(f'ptx {e["ptx_name"]} params {len(e["ptx_params"])} {r["name"]} {r["ptx_param"][e["item"]]}')
print(f'{r["name"]} group {r["group"]} binding {r["binding"]} msl {r["msl_index"]} stride {stride}')
print(f'shader 加倍 entries {len(m["entries"])} wgsl yes msl yes ptx yes')
print("data " + " ".join(str(2 * i) for i in range(10)))
PY
) || fail "the manifest"
[ "$(cat "$work/run.txt")" = "$want" ] || { diff <(echo "$want") "$work/run.txt" >&2; fail "cpp_host's output"; }
echo "通过：C++ 宿主程序 examples/cpp_host 与清单一致"
