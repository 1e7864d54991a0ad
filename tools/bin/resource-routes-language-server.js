#!/usr/bin/env node
// The language server over stdio: the same as `resource-routes lsp --stdio`.
require("../dist/cli.js").runServerProcess();
