#!/usr/bin/env bash
# PTX start-up (issue 16 item 5), whole processes seen through the dynamic loader
# (LD_DEBUG=files lists every object it maps):
#  - -emit-wgsl and -emit-msl map neither the PTX plugin nor libLLVM;
#  - -emit-ptx maps the plugin, and with the plugin linked against LLVM's static
#    components (LINKAGE=static, the default build) no shared libLLVM at all, nor the
#    shared C++ runtime (libstdc++, libgcc_s: linked into the plugin, so dlopen relocates
#    and initialises no second library and looks up no typeinfo symbols);
#  - the plugin is bound lazily: -emit-ptx binds fewer of its symbols than it imports
#    functions (RTLD_NOW binds every import at load, most of them never called);
#  - one malloc arena: the deep-stack thread allocates from the main heap, so -emit-ptx makes
#    a few mprotect calls (the loader's), not one per step of a thread heap's growth (strace;
#    not in a sanitizer build: its allocator is its own, and LeakSanitizer refuses ptrace);
#  - a compile ends without exit handlers: the loader calls no library's fini, the plugin's
#    static destructors included; a sanitizer build keeps them for LeakSanitizer.
#   startup.sh YUSEC SAMPLE LINKAGE(static|shared) [BUILD(plain|sanitizer)]
set -u
yusec=$1
sample=$2
linkage=$3
build=${4:-plain}
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
plugin=$(sed -n 's/.*file=\([^ ]*libyusec-ptx[^ ]*\).*/\1/p' "$work/files" | head -n 1)
run_ld_debug() {  # run_ld_debug WHAT: the loader's LD_DEBUG=WHAT lines for yusec -emit-ptx SAMPLE
  LD_DEBUG=$1 LD_DEBUG_OUTPUT="$work/dbg" "$yusec" -emit-ptx "$sample" -o "$work/out" 2>/dev/null ||
    fail "yusec -emit-ptx $sample failed (LD_DEBUG=$1)"
  cat "$work"/dbg.* 2>/dev/null
  rm -f "$work"/dbg.*
}
if [ -n "$plugin" ] && command -v readelf >/dev/null; then
  imports=$(readelf -rW "$plugin" | grep -c JUMP_SLOT)
  bound=$(run_ld_debug bindings | grep -c "binding file [^ ]*libyusec-ptx")
  [ "$bound" -lt "$imports" ] ||
    fail "-emit-ptx binds $bound of the plugin's symbols, not fewer than its $imports imported functions (bound at load, not lazily)"
fi
if [ "$build" = sanitizer ]; then
  :
elif command -v strace >/dev/null; then
  strace -f -qq -e trace=mprotect -o "$work/strace" "$yusec" -emit-ptx "$sample" -o "$work/out" 2>/dev/null ||
    fail "yusec -emit-ptx $sample failed under strace"
  calls=$(grep -c mprotect "$work/strace")
  [ "$calls" -le 40 ] || fail "-emit-ptx makes $calls mprotect calls (a malloc arena of the deep-stack thread's own?)"
else
  echo "note: no strace, the malloc arena is not checked"
fi
fini=$(run_ld_debug libs | grep -c 'calling fini')
if [ "$build" = plain ]; then
  [ "$fini" = 0 ] || fail "-emit-ptx ran exit handlers: the loader called $fini fini functions"
else
  [ "$fini" -gt 0 ] || fail "-emit-ptx skipped the exit handlers a sanitizer build needs"
fi
[ "$failed" = 0 ] || { echo "FAIL: $failed start-up checks" >&2; exit 1; }
echo ok
