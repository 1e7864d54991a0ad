// Bundles the CLI, the analyser and the language server (server/out, built by tsc) into one file
// for the resource-routes-tools package. Its dependencies stay outside the bundle and install with
// it: TypeScript (the package's own version, whatever the application's is), the protocol, URIs
// and globs.
import * as esbuild from "esbuild";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await esbuild.build({
  stdin: {
    contents: 'exports.main = require("./server/out/cli/main.js").main;\nexports.runServerProcess = require("./server/out/lsp/serverProcess.js").runServerProcess;\n',
    resolveDir: root,
    loader: "js",
  },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  external: ["typescript", "vscode-languageserver", "vscode-languageserver/*", "vscode-uri", "picomatch", "@ruby/prism"],
  outfile: path.join(root, "tools", "dist", "cli.js"),
  logLevel: "warning",
});

// The TypeScript server plugin (the package's main): VS Code's TypeScript loads it from the
// extension, another editor's tsserver from a tsconfig's plugins. It needs nothing but the
// TypeScript that loads it.
await esbuild.build({
  stdin: { contents: 'module.exports = require("./server/out/typescriptPlugin/plugin.js").init;\n', resolveDir: root, loader: "js" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  outfile: path.join(root, "tools", "dist", "typescriptPlugin.js"),
  logLevel: "warning",
});

// The worker thread an import reads Ruby in (server/out/ruby/readInWorker.js starts it from beside
// itself, so in the bundle from beside cli.js).
await esbuild.build({
  entryPoints: [path.join(root, "server", "out", "ruby", "importWorker.js")],
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  external: ["@ruby/prism"],
  outfile: path.join(root, "tools", "dist", "importWorker.js"),
  logLevel: "warning",
});
