#!/usr/bin/env node
void require("../dist/cli.js").main(process.argv.slice(2)).then((code) => (process.exitCode = code));
