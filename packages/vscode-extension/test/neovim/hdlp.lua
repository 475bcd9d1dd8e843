-- hdlp: the TOOL.hdlp language server in Neovim's built-in LSP client (Neovim 0.7 or later).
-- Needs `hdlp-language-server` on PATH (or write its full path in `cmd`).
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.hdlp",
  command = "setfiletype hdlp",
})

-- The workspace is the folder that holds `tools/`, so the cross-file rules see every tool.
local function hdlp_root(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  local tools = vim.fn.finddir("tools", dir .. ";")
  if tools == "" then return dir end
  return vim.fn.fnamemodify(tools, ":p:h:h")
end

local hdlp_clients = {}

vim.api.nvim_create_autocmd("FileType", {
  pattern = "hdlp",
  callback = function(args)
    local root = hdlp_root(vim.api.nvim_buf_get_name(args.buf))
    local config = {
      name = "hdlp",
      cmd = { "hdlp-language-server", "--stdio" },
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    }
    if vim.lsp.start then
      vim.lsp.start(config, { bufnr = args.buf }) -- Neovim 0.8+: one client per root, reused
    else
      hdlp_clients[root] = hdlp_clients[root] or vim.lsp.start_client(config)
      vim.lsp.buf_attach_client(args.buf, hdlp_clients[root])
    end
  end,
})
