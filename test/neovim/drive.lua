-- Drives the language server from a real Neovim (headless): hover in the routing file, completion
-- in another file, and when the workspace has them, hover and diagnostics in a Rails 2 routes.rb,
-- a behaviour-C routing file and a modern routes.rb. Writes what the server answered to a JSON file for the mocha test to check.
-- Arguments come from the environment: RR_SERVER (the server's bin), RR_ROOT (the workspace),
-- RR_OUT (where to write the answers).
local server, root, out = os.getenv("RR_SERVER"), os.getenv("RR_ROOT"), os.getenv("RR_OUT")
local answers = {}

local client_id = vim.lsp.start_client({
  name = "resource-routes",
  cmd = { "node", server, "--stdio" },
  cmd_env = { MALLOC_MMAP_THRESHOLD_ = "131072" }, -- as the README recommends
  root_dir = root,
  settings = { resourceRoutes = { defaultBehaviour = "B" } },
})

-- Opens a file, attaches the server and asks until it answers (the first request may come before initialisation ends).
local function ask(file, method, position)
  vim.cmd("edit " .. root .. "/" .. file)
  local buffer = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buffer, client_id)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = position }
  for _ = 1, 50 do
    local responses = vim.lsp.buf_request_sync(buffer, method, params, 2000)
    local response = responses and responses[client_id]
    if response and response.result then return response.result end
    vim.wait(100)
  end
  return vim.NIL
end

local ok, problem = pcall(function()
  answers.hover = ask("config/routes.ts", "textDocument/hover", { line = 2, character = 8 })
  local completion = ask("app/views.ts", "textDocument/completion", { line = 0, character = 12 })
  local labels = {}
  for _, item in ipairs(completion.items or completion) do table.insert(labels, item.label) end
  answers.completion = labels
  if vim.fn.filereadable(root .. "/legacy/config/routes.rb") == 1 then
    answers.rubyHover = ask("legacy/config/routes.rb", "textDocument/hover", { line = 1, character = 19 })
    local buffer = vim.api.nvim_get_current_buf()
    vim.wait(10000, function() return #vim.diagnostic.get(buffer) > 0 end, 100)
    answers.rubyDiagnostics = {}
    for _, d in ipairs(vim.diagnostic.get(buffer)) do table.insert(answers.rubyDiagnostics, { line = d.lnum, col = d.col, code = d.code }) end
  end
  -- Behaviour C: a TypeScript routing file and a modern Rails routes.rb, when the workspace has them.
  for key, file in pairs({ modern = "modern/config/routes.ts", modernRuby = "shop/config/routes.rb" }) do
    if vim.fn.filereadable(root .. "/" .. file) == 1 then
      answers[key .. "Hover"] = ask(file, "textDocument/hover", { line = 1, character = 4 })
      local buffer = vim.api.nvim_get_current_buf()
      vim.wait(10000, function() return #vim.diagnostic.get(buffer) > 0 end, 100)
      answers[key .. "Diagnostics"] = {}
      for _, d in ipairs(vim.diagnostic.get(buffer)) do table.insert(answers[key .. "Diagnostics"], { line = d.lnum, col = d.col, code = d.code }) end
    end
  end
end)
if not ok then answers.error = tostring(problem) end
vim.fn.writefile({ vim.fn.json_encode(answers) }, out)
vim.lsp.stop_client(client_id)
vim.cmd("qa!")
