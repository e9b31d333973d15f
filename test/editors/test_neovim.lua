-- Neovim's own LSP client on `yusec lsp` (issue 35), through editors/neovim/yusec.lua: run by
-- test_neovim.sh as  nvim --headless -u NONE -i NONE -c 'luafile test_neovim.lua'  with
-- YUSEC (the binary), SOURCE_DIR and WORK (a scratch directory holding a copy of 加倍 whose
-- 「读数组」 is misspelt 「读数祖」 and whose body lines lost their indentation).
-- Checks, each through the editor's API: the diagnostic of the misspelt name; after the fix
-- typed into the buffer, none; hover of 「读数组」 (its signature); go to definition of
-- 「数据」 (the cursor jumps to its 者); rename of 「序」 (every use in the buffer); formatting
-- (the buffer becomes the sample as committed). Exit status 0, or 1 with the failure printed.

local yusec, source_dir, work = os.getenv('YUSEC'), os.getenv('SOURCE_DIR'), os.getenv('WORK')
local TIMEOUT = 20000

local function finish(failure)
  if failure then
    io.stderr:write('FAIL: ' .. failure .. '\n')
    vim.cmd('cquit 1')
  end
  io.stderr:write('通过：Neovim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) ..
                  ' 的 LSP 客户端：诊断、悬停、跳转定义、改名、格式化\n')
  vim.cmd('qall!')
end

local function check(condition, what)
  if not condition then finish(what) end
end

local function text()
  return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n') .. '\n'
end

local function read(path)
  local file = assert(io.open(path, 'rb'))
  local content = file:read('*a')
  file:close()
  return content
end

-- Puts the cursor on the nth (1-based) occurrence of needle, one character into it.
local function cursor_on(needle, nth)
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local seen = 0
  for row, line in ipairs(lines) do
    local from = 1
    while true do
      local at = line:find(needle, from, true)
      if not at then break end
      seen = seen + 1
      if seen == (nth or 1) then
        vim.api.nvim_win_set_cursor(0, { row, at - 1 + #'「' })
        return row
      end
      from = at + #needle
    end
  end
  finish('no ' .. needle .. ' in the buffer')
end

local function request(method)
  local params = vim.lsp.util.make_position_params()
  local answers = vim.lsp.buf_request_sync(0, method, params, TIMEOUT)
  check(answers, method .. ': no answer')
  for _, answer in pairs(answers) do
    check(not answer.err, method .. ': ' .. vim.inspect(answer.err))
    return answer.result
  end
  finish(method .. ': no client answered')
end

vim.g.yusec_path = yusec
dofile(source_dir .. '/editors/neovim/yusec.lua')
local sample = work .. '/加倍。着色器。豫'
vim.cmd('edit ' .. vim.fn.fnameescape(sample))
check(vim.bo.filetype == 'yuyan', 'file type: ' .. vim.bo.filetype)
check(vim.wait(TIMEOUT, function() return next(vim.lsp.buf_get_clients(0)) ~= nil end), 'no client attached')

-- diagnostics: the misspelt name, where it is
local function misspelt()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.message:find('读数祖', 1, true) then return d end
  end
end
check(vim.wait(TIMEOUT, function() return misspelt() ~= nil end),
      'no diagnostic for 「读数祖」: ' .. vim.inspect(vim.diagnostic.get(0)))
local d = misspelt()
local row = cursor_on('「读数祖」')
check(d.lnum == row - 1 and d.severity == vim.diagnostic.severity.ERROR, 'the diagnostic: ' .. vim.inspect(d))
-- the fix typed into the buffer (didChange): the diagnostics go
local line = vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1]
local at = line:find('读数祖', 1, true)
vim.api.nvim_buf_set_text(0, row - 1, at - 1, row - 1, at - 1 + #'读数祖', { '读数组' })
check(vim.wait(TIMEOUT, function() return #vim.diagnostic.get(0) == 0 end),
      'diagnostics after the fix: ' .. vim.inspect(vim.diagnostic.get(0)))

-- hover: the builtin's signature from the interface
cursor_on('「读数组」')
local hover = request('textDocument/hover')
local shown = hover and hover.contents and (hover.contents.value or vim.inspect(hover.contents)) or ''
check(shown:find('「读数组」乃', 1, true) and shown:find('WGSL', 1, true), 'hover: ' .. shown)

-- go to definition: from a use in the body the cursor jumps to 「数据」's 者 (line 4), as the
-- server defines a resource
cursor_on('「数据」', 3)
vim.lsp.buf.definition()
check(vim.wait(TIMEOUT, function() return vim.api.nvim_win_get_cursor(0)[1] == 4 end),
      'definition: the cursor is at ' .. vim.inspect(vim.api.nvim_win_get_cursor(0)))
check(vim.api.nvim_get_current_line():find('^「数据」者'), 'definition line: ' .. vim.api.nvim_get_current_line())

-- rename 「序」 → 「位」: every use changes in the buffer, nothing else
local before = text()
cursor_on('「序」')
vim.lsp.buf.rename('位')
check(vim.wait(TIMEOUT, function() return text():find('「位」', 1, true) ~= nil end), 'rename: nothing changed')
local _, renamed = text():gsub('「位」', '')
local _, originally = before:gsub('「序」', '')
check(renamed == originally and originally == 3 and not text():find('「序」', 1, true), 'rename: ' .. text())
check(text():gsub('「位」', '「序」') == before, 'rename changed more than the name')
vim.lsp.buf.rename('序')
check(vim.wait(TIMEOUT, function() return text() == before end), 'rename back')

-- formatting: the lost indentation comes back, as yusec fmt lays it out (the committed sample)
check(text() ~= read(source_dir .. '/examples/加倍。着色器。豫'), 'the buffer starts unformatted')
if vim.lsp.buf.format then
  vim.lsp.buf.format({ timeout_ms = TIMEOUT })
else
  vim.lsp.buf.formatting_sync(nil, TIMEOUT)
end
check(text() == read(source_dir .. '/examples/加倍。着色器。豫'), 'formatting gave:\n' .. text())
finish(nil)
