#!/usr/bin/env bash
# Builds the VS Code extension's package (docs/editor.md): editors/vscode → OUT_DIR/yuyan-shaders-VERSION.vsix
# with npm's @vscode/vsce, pinned by editors/vscode/package-lock.json (a devDependency, so the
# package holds only the client library). Installs the pinned packages with `npm ci` when
# editors/vscode/node_modules lacks them (network needed once; scripts/setup.sh does it).
#   package_vsix.sh OUT_DIR [--no-install]
# Exit 0: packaged (the path is printed); 77: npm is absent, or --no-install and the packages
# are not installed (the reason is printed); else vsce's failure.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: package_vsix.sh OUT_DIR [--no-install]}
install=yes
[ "${2:-}" = --no-install ] && install=no
extension=$source_dir/editors/vscode
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "跳过：没有 npm/node，无法打包 VS Code 扩展（装 nodejs 与 npm，或运行 scripts/setup.sh）"
  exit 77
fi
if [ ! -x "$extension/node_modules/.bin/vsce" ] || [ ! -d "$extension/node_modules/vscode-languageclient" ]; then
  if [ $install = no ]; then
    echo "跳过：editors/vscode/node_modules 里没有 @vscode/vsce（先运行 npm ci --prefix editors/vscode 或 scripts/setup.sh）"
    exit 77
  fi
  npm ci --prefix "$extension" --no-audit --no-fund
fi
mkdir -p "$out"
version=$(node -p 'require(process.argv[1]).version' "$extension/package.json")
vsix=$(cd "$out" && pwd)/yuyan-shaders-$version.vsix
(cd "$extension" && ./node_modules/.bin/vsce package --allow-missing-repository --skip-license -o "$vsix" >/dev/null)
echo "$vsix"
