#!/usr/bin/env node
// The repository's language server over stdio: the same as `resource-routes lsp --stdio`.
require("../out/lsp/serverProcess.js").runServerProcess();
