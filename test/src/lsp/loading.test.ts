import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { ROOT } from "../support/fixtures";
import { LanguageClient } from "../support/languageClient";

/** The server loads what a workspace needs: Ruby's front end, the import's writer and the generators only where they are used. */

const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { colection: { recent: "get" } });
});
`;

const RUBY_ROUTES = `ActionController::Routing::Routes.draw do |map|
  map.resources :posts, :colection => { :recent => :get }
end
`;

const LAZY = /server\/out\/(ruby\/(?!rubyReading|onDemandRubyReader)|import\/|format\/(browserHelpers|browserClient|helpersFiles|routeTypes|helperTypes)\.js)/;

/** The project's modules the server had loaded when it exited, after `open` opened `file` (relative to a new folder) with `text`. */
async function loadedAfterOpening(file: string, text: string): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-loading-lsp-"));
  const list = path.join(folder, "modules.txt");
  const hook = path.join(folder, "hook.js");
  fs.writeFileSync(hook, `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(list)}, Object.keys(require.cache).join("\\n")));`);
  fs.mkdirSync(path.join(folder, path.dirname(file)), { recursive: true });
  fs.writeFileSync(path.join(folder, file), text);
  const uri = URI.file(path.join(folder, file)).toString();
  const client = new LanguageClient(["-r", hook]);
  try {
    await client.start(URI.file(folder).toString());
    await client.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: file.endsWith(".rb") ? "ruby" : "typescript", version: 1, text },
    });
    await client.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === "unknown-option"), 20_000);
    await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 8 } });
    assert.strictEqual(await client.stop(), 0);
    return fs
      .readFileSync(list, "utf8")
      .split("\n")
      .map((module) => path.relative(ROOT, module).split(path.sep).join("/"));
  } finally {
    client.kill();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe("language server: what a workspace loads", function () {
  this.timeout(60_000);

  it("a TypeScript routing file: neither Ruby's front end, nor the import's writer, nor the generators", async () => {
    const modules = await loadedAfterOpening("config/routes.ts", ROUTES);
    assert.ok(modules.includes("server/out/analysis/analyze.js"), "the analyser is loaded");
    assert.deepStrictEqual(
      modules.filter((module) => LAZY.test(module)),
      [],
    );
  });

  it("a routes.rb: Ruby's front end, once it is read", async () => {
    const modules = await loadedAfterOpening("config/routes.rb", RUBY_ROUTES);
    for (const module of ["server/out/ruby/rubyReader.js", "server/out/ruby/rubyRoutingFile.js"]) assert.ok(modules.includes(module), module);
  });
});
