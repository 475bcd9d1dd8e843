-- Test driver, run after hdlp.lua on a TOOL.hdlp: waits for the server's
-- diagnostics, asks for a completion at HDLP_COMPLETE_AT ("line:character",
-- 0-based), and writes what Neovim received to HDLP_REPORT as JSON.
local report = { diagnostics = {}, completion = {}, errors = {} }
local buf = vim.api.nvim_get_current_buf()

-- vim.lsp.get_clients arrived in 0.10, where buf_get_clients became deprecated.
local function clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  return vim.lsp.buf_get_clients(buf)
end

local attached = vim.wait(30000, function()
  return next(clients()) ~= nil
end, 50)
if not attached then table.insert(report.errors, "no LSP client attached to the buffer") end

local published = vim.wait(30000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
if not published then table.insert(report.errors, "no diagnostics within 30 s") end

for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(report.diagnostics, {
    line = d.lnum, character = d.col, severity = d.severity, message = d.message,
    code = code, source = d.source,
  })
end

local line, character = string.match(os.getenv("HDLP_COMPLETE_AT") or "", "^(%d+):(%d+)$")
if line then
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(),
    position = { line = tonumber(line), character = tonumber(character) },
  }
  local responses, err = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 20000)
  if not responses then table.insert(report.errors, "completion: " .. tostring(err)) end
  for _, response in pairs(responses or {}) do
    if response.err then table.insert(report.errors, "completion: " .. vim.inspect(response.err)) end
    local items = response.result and (response.result.items or response.result) or {}
    for _, item in ipairs(items) do table.insert(report.completion, item.label) end
  end
end

local file = assert(io.open(os.getenv("HDLP_REPORT"), "w"))
file:write(vim.fn.json_encode(report))
file:close()
vim.cmd("qall!")
