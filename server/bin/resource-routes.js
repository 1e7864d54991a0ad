#!/usr/bin/env node
// The repository's launcher of the built CLI (tests, benchmarks, scripts). The published command is
// the resource-routes-tools package's (tools/), a bundle of the same code.
void require("../out/cli/main.js").main(process.argv.slice(2)).then((code) => (process.exitCode = code));
