// Bundles the extension and the language server into client/dist, so the .vsix needs no node_modules.
import * as esbuild from "esbuild";
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
