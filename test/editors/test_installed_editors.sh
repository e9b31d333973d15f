#!/usr/bin/env bash
# cmake --install puts the editor files under <prefix>/share/yusec/editors (issue 29 item 5):
# every file of editors/vscode but node_modules and .vsix packages, byte for byte, and the
# grammar and language configuration package.json names are there; editors/neovim/yusec.lua and
# editors/helix/languages.toml beside it (issue 35).
#   test_installed_editors.sh BUILD_DIR SOURCE_DIR
set -u
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }
installed=$work/prefix/share/yusec/editors/vscode
[ -d "$installed" ] || fail "no share/yusec/editors/vscode in the install tree"
count=0
while IFS= read -r -d '' file; do
  relative=${file#"$source/editors/vscode/"}
  cmp -s "$file" "$installed/$relative" || fail "share/yusec/editors/vscode/$relative is missing or differs"
  count=$((count + 1))
done < <(find "$source/editors/vscode" -path '*/node_modules' -prune -o -type f ! -name '*.vsix' -print0)
[ $count -ge 4 ] || fail "only $count editor files found in the source"
[ -e "$installed/node_modules" ] && fail "node_modules was installed"
for path in $(python3 -c 'import json, sys
p = json.load(open(sys.argv[1]))["contributes"]
print(" ".join([g["path"] for g in p["grammars"]] + [l["configuration"] for l in p["languages"] if "configuration" in l]))' \
    "$installed/package.json"); do
  [ -s "$installed/$path" ] || fail "package.json names $path, which is not installed"
done
# Neovim's and Helix's configuration files, byte for byte
for file in neovim/yusec.lua helix/languages.toml; do
  cmp -s "$source/editors/$file" "$work/prefix/share/yusec/editors/$file" ||
    fail "share/yusec/editors/$file is missing or differs"
done
echo "通过：编辑器文件 $count 个装在 share/yusec/editors/vscode，另有 neovim/yusec.lua 与 helix/languages.toml"
