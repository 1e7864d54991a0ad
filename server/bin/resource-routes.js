#!/usr/bin/env node
// Launcher kept outside out/ so that npm can link it before the first build.
void require("../out/cli/main.js").main(process.argv.slice(2)).then((code) => (process.exitCode = code));
