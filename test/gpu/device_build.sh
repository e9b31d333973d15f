# Sourced by the scripts that run on the GPU machine (no LLVM there, often no Ninja): builds
# yusec in Debug without tests and the language server, warnings not fatal (no_werror.sh: the
# machine's compiler may warn where ours does not).
#   device_build BUILD_DIR LLVM(ON|OFF) LOG  → 0 when built; else the log's tail and non-zero
device_build() {
  local build=$1 llvm=$2 log=$3 generator=Ninja
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  command -v ninja >/dev/null 2>&1 || generator="Unix Makefiles"
  cmake -S "$root" -B "$build" -G "$generator" -DCMAKE_BUILD_TYPE=Debug -DYUSEC_BUILD_TESTS=OFF -DYUSEC_WITH_LSP=OFF \
        -DYUSEC_WITH_LLVM="$llvm" -DCMAKE_C_COMPILER_LAUNCHER="$root/test/gpu/no_werror.sh" >"$log" 2>&1 &&
    cmake --build "$build" -j "$(nproc)" >>"$log" 2>&1 || { tail -30 "$log"; return 1; }
}
