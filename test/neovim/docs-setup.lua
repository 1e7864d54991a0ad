-- Runs the Neovim 0.7-0.9 setup of docs/editor.md as it stands (RR_SETUP, the block written to a
-- file), then opens two files of the project (RR_ROOT): the server must start once, attach to
-- both, and answer a hover. Writes what it saw to RR_OUT.
local root, out = os.getenv("RR_ROOT"), os.getenv("RR_OUT")
local answers = {}
local ok, problem = pcall(function()
  dofile(os.getenv("RR_SETUP"))
  vim.cmd("edit " .. root .. "/config/routes.ts")
  local routes = vim.api.nvim_get_current_buf()
  local params = { textDocument = { uri = vim.uri_from_bufnr(routes) }, position = { line = 2, character = 8 } }
  for _ = 1, 100 do
    local responses = vim.lsp.buf_request_sync(routes, "textDocument/hover", params, 2000) or {}
    for _, response in pairs(responses) do
      if response.result then answers.hover = response.result end
    end
    if answers.hover then break end
    vim.wait(100)
  end
  vim.cmd("edit " .. root .. "/app/views.ts")
  local clients = vim.lsp.get_active_clients()
  answers.clients = #clients
  answers.attached = {}
  for _, buffer in ipairs({ routes, vim.api.nvim_get_current_buf() }) do
    table.insert(answers.attached, #vim.tbl_keys(vim.lsp.buf_get_clients(buffer)))
  end
end)
if not ok then answers.error = tostring(problem) end
vim.fn.writefile({ vim.fn.json_encode(answers) }, out)
for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
vim.cmd("qa!")
