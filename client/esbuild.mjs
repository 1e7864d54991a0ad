// Bundles the extension and the language server into client/dist, so the .vsix needs no node_modules.
import * as esbuild from "esbuild";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const common = { bundle: true, platform: "node", target: "node20", format: "cjs", minify: true, sourcemap: false, logLevel: "warning" };

await esbuild.build({ ...common, entryPoints: [path.join(root, "client/src/extension.ts")], outfile: path.join(root, "client/dist/extension.js"), external: ["vscode"] });
await esbuild.build({
  ...common,
  // The same entry as the bin resource-routes-language-server; the connection picks IPC from the arguments.
  stdin: { contents: 'require("./server/out/lsp/serverProcess.js").runServerProcess();', resolveDir: root, loader: "js" },
  outfile: path.join(root, "client/dist/server.js"),
});
// The worker the server reads a routes.rb in (started from beside server.js), with Prism inside it:
// Prism, an ES module, finds its WebAssembly beside itself through import.meta.url, which a CommonJS
// bundle does not have; the bundle's own file stands for it, and prism.wasm is copied beside it.
await esbuild.build({
  ...common,
  entryPoints: [path.join(root, "server/out/ruby/importWorker.js")],
  outfile: path.join(root, "client/dist/importWorker.js"),
  // The reader tells Prism's nodes apart by their class names, which minifying would change.
  keepNames: true,
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});
fs.copyFileSync(path.join(root, "node_modules/@ruby/prism/src/prism.wasm"), path.join(root, "client/dist/prism.wasm"));
