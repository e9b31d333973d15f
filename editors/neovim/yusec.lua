-- 豫言 in Neovim 0.7 and later (docs/editor.md): the file type `yuyan` for `名。着色器。豫`
-- sources, and the language server `yusec lsp` through Neovim's built-in LSP client — no plugin
-- needed. Load it from init.lua:
--
--     vim.g.yusec_path = 'yusec'                  -- the command (optional)
--     vim.g.yusec_include_dirs = { '/path/库' }   -- -I package paths (optional)
--     vim.g.yusec_settings = { targetDiagnostics = 'warning' }   -- the server's settings (optional)
--     dofile('/usr/local/share/yusec/editors/neovim/yusec.lua')
--
-- Then diagnostics show as you type, and Neovim's LSP commands work: vim.lsp.buf.hover(),
-- definition(), references(), rename(), formatting (0.7: formatting_sync(); 0.8+: format()),
-- code_action(), document_symbol(), incoming_calls(), outgoing_calls().
-- test/editors/test_neovim.lua drives exactly this file in a headless Neovim.

-- (an autocommand rather than vim.filetype.add, which 0.7 applies only with do_filetype_lua)
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*。豫',
  command = 'setfiletype yuyan',
})

local client_id = nil  -- one server for every 豫言 buffer

-- The package root: the nearest directory above the file with 包。清单, else the file's.
local function root_of(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local found = vim.fn.findfile('包。清单', dir .. ';')
  if found ~= '' then return vim.fn.fnamemodify(found, ':p:h') end
  return dir
end

local function command()
  local cmd = { vim.g.yusec_path or 'yusec', 'lsp' }
  for _, dir in ipairs(vim.g.yusec_include_dirs or {}) do
    table.insert(cmd, '-I')
    table.insert(cmd, dir)
  end
  return cmd
end

local function attach(buffer)
  if not client_id or not vim.lsp.get_client_by_id(client_id) then
    client_id = vim.lsp.start_client({
      name = 'yusec',
      cmd = command(),
      root_dir = root_of(vim.api.nvim_buf_get_name(buffer)),
      init_options = vim.g.yusec_settings or vim.empty_dict(),
    })
  end
  if client_id then vim.lsp.buf_attach_client(buffer, client_id) end
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yuyan',
  callback = function(args) attach(args.buf) end,
})

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yuyan',
  callback = function(args) vim.bo[args.buf].commentstring = '「：%s：」' end,
})
