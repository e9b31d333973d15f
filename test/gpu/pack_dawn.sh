#!/usr/bin/env bash
# On a development machine: packs what test/gpu/run_dawn_vulkan.sh needs on the GPU machine
# (which has no Node, no Dawn and no Vulkan loader) into DIR (default .dev/dawn, an ignored
# folder the device tool carries):
#   node.xz                     this machine's Node binary (self-contained apart from glibc/libstdc++)
#   webgpu/                     npm webgpu's index.js and package.json, dist/linux-x64/dawn.node.xz
#   debs/*.deb                  Debian's libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2
#   bash test/gpu/pack_dawn.sh [DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/.dev/dawn}
webgpu=$root/test/tools/node_modules/webgpu
[ -f "$webgpu/dist/linux-x64/dawn.node" ] || { echo "no npm webgpu in $webgpu (npm ci --prefix test/tools)" >&2; exit 2; }
rm -rf "$dir"
mkdir -p "$dir/webgpu/dist/linux-x64" "$dir/debs"
xz -T2 -6 -c "$(readlink -f "$(command -v node)")" >"$dir/node.xz"
cp "$webgpu/index.js" "$webgpu/package.json" "$dir/webgpu/"
xz -T2 -6 -c "$webgpu/dist/linux-x64/dawn.node" >"$dir/webgpu/dist/linux-x64/dawn.node.xz"
(cd "$dir/debs" && apt-get download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 2>/dev/null)
node --version >"$dir/node.version"
du -sh "$dir"
