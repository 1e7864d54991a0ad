import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

/** A workspace folder on disk whose routing file is never opened: everything comes from indexing. */
const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { colection: { rss: "get" } }, (post) => {
    post.resources("comments", { shallow: true });
  });
});
`;
const VIEW = "export const show = (p) => post_comments_path(p, );\n";
const MAILER = "const link = post_comments_url(1);\nconst other = posts_path();\n";

describe("language server over stdio: a workspace folder on disk", function () {
  this.timeout(20_000);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-ws-"));
  const uriOf = (relative: string) => URI.file(path.join(root, relative)).toString();
  const routesUri = uriOf("config/routes.ts");
  const viewUri = uriOf("app/views/posts.ts");
  // Started in before(), so that a run that filters this suite out starts no server.
  let client: LanguageClient;
  let connection: LanguageClient["connection"];

  before(async () => {
    client = new LanguageClient();
    connection = client.connection;
    for (const [relative, text] of [
      ["config/routes.ts", ROUTES],
      ["app/views/posts.ts", VIEW],
      ["app/mailers/mailer.js", MAILER],
      ["node_modules/x/routes.ts", ROUTES],
    ]) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
    await client.start(URI.file(root).toString());
    await client.open(viewUri, VIEW);
  });

  after(async () => {
    assert.strictEqual(await client.stop(), 0);
    assert.deepStrictEqual(client.errors, []);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("reports indexing as work-done progress and registers its file watcher and settings", async () => {
    await client.waitFor(() => (client.progress.some((p) => p.kind === "end") ? true : undefined), "indexing never ended");
    assert.strictEqual(client.progress[0].kind, "begin");
    const methods = client.registrations.map((r) => r.method).sort();
    assert.deepStrictEqual(methods, ["workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles"]);
  });

  it("publishes diagnostics for the routing file nobody opened, and none for node_modules", async () => {
    const [d] = await client.waitForDiagnostics(routesUri, (ds) => ds.length > 0);
    assert.deepStrictEqual([d.code, d.range.start], ["unknown-option", { line: 2, character: 27 }]);
    assert.ok(![...client.diagnostics.keys()].some((uri) => uri.includes("node_modules")));
  });

  it("completes, hovers and gives signatures from the unopened routing file", async () => {
    const position = { line: 0, character: VIEW.indexOf("(p, )") - 3 };
    const items = ((await connection.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri: viewUri }, position })) as rpc.CompletionList).items;
    assert.ok(items.some((i) => i.label === "post_comments_path"));
    const hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: viewUri }, position });
    assert.match((hover!.contents as rpc.MarkupContent).value, /GET `\/posts\/:post_id\/comments\.:format`/);
    const help = await connection.sendRequest(rpc.SignatureHelpRequest.type, {
      textDocument: { uri: viewUri },
      position: { line: 0, character: VIEW.indexOf(", )") + 2 },
    });
    assert.deepStrictEqual([help!.signatures[0].label, help!.activeParameter], ["post_comments_path(post_id, format?, options?)", 1]);
  });

  it("finds references across files that are not open, and workspace symbols", async () => {
    const position = { line: 0, character: VIEW.indexOf("post_comments_path") + 2 };
    const refs = await connection.sendRequest(rpc.ReferencesRequest.type, { textDocument: { uri: viewUri }, position, context: { includeDeclaration: true } });
    assert.deepStrictEqual(refs!.map((r) => [path.relative(root, URI.parse(r.uri).fsPath), r.range.start.line]).sort(), [
      ["app/mailers/mailer.js", 0],
      ["app/views/posts.ts", 0],
      ["config/routes.ts", 3],
    ]);
    const symbols = (await connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: "postcommentsurl" })) as rpc.SymbolInformation[];
    assert.deepStrictEqual(
      symbols.map((s) => [s.name, s.location.uri]),
      [["post_comments_url", routesUri]],
    );
  });

  it("offers the quick fix for an unknown option", async () => {
    const range = { start: { line: 2, character: 30 }, end: { line: 2, character: 30 } };
    const diagnostics = client.diagnostics.get(routesUri)!;
    const actions = (await connection.sendRequest(rpc.CodeActionRequest.type, {
      textDocument: { uri: routesUri },
      range,
      context: { diagnostics },
    })) as rpc.CodeAction[];
    assert.deepStrictEqual(
      actions.map((a) => [a.title, a.kind, a.edit!.changes![routesUri][0].newText]),
      [["Change to collection", "quickfix", "collection"]],
    );
    const none = await connection.sendRequest(rpc.CodeActionRequest.type, {
      textDocument: { uri: routesUri },
      range,
      context: { diagnostics, only: ["refactor"] },
    });
    assert.deepStrictEqual(none, []);
  });

  it("follows a change on disk reported by the file watcher", async () => {
    fs.writeFileSync(path.join(root, "config/routes.ts"), ROUTES.replace("colection", "collection"));
    await connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, { changes: [{ uri: routesUri, type: rpc.FileChangeType.Changed }] });
    await client.waitForDiagnostics(routesUri, (ds) => ds.length === 0);
    const symbols = (await connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: "rss_posts_path" })) as rpc.SymbolInformation[];
    assert.deepStrictEqual(
      symbols.map((s) => s.name),
      ["rss_posts_path"],
    );
  });

  it("applies a configuration change: the default behaviour", async () => {
    const position = { line: 1, character: MAILER.split("\n")[1].indexOf("posts_path") };
    const complete = async () =>
      (
        (await connection.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri: uriOf("app/mailers/mailer.js") }, position })) as rpc.CompletionList
      ).items.map((i) => i.label);
    assert.ok(!(await complete()).includes("formatted_posts_path"));
    client.settings = { defaultBehaviour: "A" };
    // The server says the routes changed, so a client's status bar asks again, and then answers with the new behaviour.
    const changed = new Promise<void>((resolve) => connection.onNotification("resourceRoutes/routesChanged", () => resolve()));
    await connection.sendNotification(rpc.DidChangeConfigurationNotification.type, { settings: null });
    await changed;
    const info = (await connection.sendRequest("resourceRoutes/fileInfo", { uri: routesUri })) as { behaviour: string } | null;
    assert.strictEqual(info?.behaviour, "A");
    const labels = await waitUntil(complete, (l) => l.includes("formatted_posts_path"));
    assert.ok(labels.includes("formatted_posts_path"));
  });

  it("drops a deleted routing file", async () => {
    fs.rmSync(path.join(root, "config/routes.ts"));
    await connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, { changes: [{ uri: routesUri, type: rpc.FileChangeType.Deleted }] });
    const symbols = await waitUntil(
      async () => (await connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: "posts" })) as rpc.SymbolInformation[],
      (s) => s.length === 0,
    );
    assert.deepStrictEqual(symbols, []);
  });
});

/** Asks until the answer passes `test` (a notification's effect arrives after it is sent); the last answer otherwise. */
async function waitUntil<T>(ask: () => Promise<T>, test: (answer: T) => boolean, timeout = 20_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let answer = await ask();
  while (!test(answer) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer = await ask();
  }
  return answer;
}
