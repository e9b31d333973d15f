#!/usr/bin/env bash
# Installs what yusec needs to build and test on Debian 12 (bookworm), then configures and
# builds the default preset. Safe to run again: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build: cmake ninja gcc, libjansson-dev and libyajl-dev (JSON-RPC of `yusec lsp`: jansson's values, yajl reading message bodies); PTX target: llvm-19-dev, and for its plugin linked against LLVM's
# static components zlib1g-dev and libstdc++-12-dev (libz.so, libstdc++.so; zstd needs only
# the runtime library, which LLVM already depends on); tests: cmocka, clang (MSL syntax checks,
# fuzzing), Mesa's EGL/GLES for running WGSL on llvmpipe, unicode-data (the identifier sweep
# and the check that targets/ident_ranges.inc is current), groff/man-db/col (the man page
# renders), graphviz (-emit-dot renders) with fonts-noto-cjk (the family -emit-dot names, Noto
# Sans Mono CJK SC: without a CJK font every name is drawn as boxes), gnuplot (bench charts), python3-jsonschema (the SARIF
# log against its schema), neovim (editors.neovim: its LSP client on yusec lsp); Node.js only where none is installed.
packages=(cmake ninja-build gcc clang llvm-19-dev zlib1g-dev libstdc++-12-dev libcmocka-dev libjansson-dev libyajl-dev
          libegl1 libegl-mesa0 libgl1-mesa-dri libgles2 unicode-data
          groff-base man-db bsdextrautils graphviz fonts-noto-cjk gnuplot-nox python3-jsonschema neovim)
if ! command -v node >/dev/null 2>&1; then packages+=(nodejs npm); fi
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Test tools pinned by test/tools/package-lock.json (Dawn/Tint for WGSL).
if [ ! -d test/tools/node_modules/webgpu ]; then
  npm ci --prefix test/tools --no-audit --no-fund
fi

# The VS Code extension's client library and packager, pinned by editors/vscode/package-lock.json
# (editors.vsix packages the .vsix with them).
if [ ! -x editors/vscode/node_modules/.bin/vsce ]; then
  npm ci --prefix editors/vscode --no-audit --no-fund
fi

# The SARIF 2.1.0 schema, pinned by test/diag/schema/package-lock.json (test/diag).
if [ ! -d test/diag/schema/node_modules/@microsoft/jest-sarif ]; then
  npm ci --prefix test/diag/schema --no-audit --no-fund
fi

cmake --preset default >/dev/null
cmake --build --preset default
