#!/usr/bin/env bash
# PTX start-up (issue 16 item 5), whole processes seen through the dynamic loader
# (LD_DEBUG=files lists every object it maps):
#  - -emit-wgsl and -emit-msl map neither the PTX plugin nor libLLVM;
#  - -emit-ptx maps the plugin, and with the plugin linked against LLVM's static
#    components (LINKAGE=static, the default build) no shared libLLVM at all, nor the
#    shared C++ runtime (libstdc++, libgcc_s: linked into the plugin, so dlopen relocates
#    and initialises no second library and looks up no typeinfo symbols).
#   startup.sh YUSEC SAMPLE LINKAGE(static|shared)
set -u
yusec=$1
sample=$2
linkage=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
loaded() {  # loaded FLAG: the objects the loader maps for yusec FLAG SAMPLE, one per line
  LD_DEBUG=files LD_DEBUG_OUTPUT="$work/ld" "$yusec" "$1" "$sample" -o "$work/out" 2>/dev/null ||
    fail "yusec $1 $sample failed"
  cat "$work"/ld.* 2>/dev/null | grep -o 'file=[^ ]*' | sort -u
  rm -f "$work"/ld.*
}
for flag in -emit-wgsl -emit-msl; do
  loaded "$flag" >"$work/files"
  grep -q 'libyusec-ptx' "$work/files" && fail "$flag maps the PTX plugin"
  grep -q 'libLLVM' "$work/files" && fail "$flag maps libLLVM"
done
# what yusec maps before any plugin (the sanitizer runtimes of the ASan build bring libgcc_s and
# libstdc++ themselves): the C++ runtime check below counts only what -emit-ptx adds
cp "$work/files" "$work/without_plugin"
loaded -emit-ptx >"$work/files"
grep -q 'libyusec-ptx' "$work/files" || fail "-emit-ptx does not map the PTX plugin (LD_DEBUG saw: $(tr '\n' ' ' <"$work/files"))"
if [ "$linkage" = static ]; then
  grep -q 'libLLVM' "$work/files" && fail "-emit-ptx maps the shared libLLVM although the plugin links LLVM statically"
  added=$(grep -vxF -f "$work/without_plugin" "$work/files" | grep -E 'libstdc\+\+|libgcc_s' | tr '\n' ' ')
  [ -n "$added" ] && fail "-emit-ptx maps the shared C++ runtime ($added)"
fi
[ "$failed" = 0 ] || { echo "FAIL: $failed start-up checks" >&2; exit 1; }
echo ok
