#!/usr/bin/env bash
# Neovim headless with its built-in LSP client on `yusec lsp` (issue 35): test_neovim.lua
# through editors/neovim/yusec.lua. Skipped (77) with a message when nvim is absent (CI
# installs Debian's neovim: scripts/setup.sh).
#   test_neovim.sh YUSEC SOURCE_DIR
set -u
yusec=$1
source_dir=$2
if ! command -v nvim >/dev/null 2>&1; then
  echo "跳过：没有 nvim（Debian 的 neovim 包；scripts/setup.sh 会装）"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 加倍 with 「读数组」 misspelt and the body's indentation lost
sed -e 's/「读数组」/「读数祖」/' -e 's/^　//' "$source_dir/examples/加倍。着色器。豫" >"$work/加倍。着色器。豫"
cmp -s "$work/加倍。着色器。豫" "$source_dir/examples/加倍。着色器。豫" && { echo "FAIL: the copy is unchanged"; exit 1; }
export YUSEC=$yusec SOURCE_DIR=$source_dir WORK=$work HOME=$work XDG_STATE_HOME=$work XDG_CACHE_HOME=$work
timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $source_dir/test/editors/test_neovim.lua" </dev/null
status=$?
[ $status -eq 0 ] || echo "FAIL: nvim exited with $status"
exit $status
