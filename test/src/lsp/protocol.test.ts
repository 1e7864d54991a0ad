import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { ROOT } from "../support/fixtures";

/** The real server over stdio, driven by the protocol's client side. */
const ROUTES_URI = "file:///app/config/routes.ts";
const VIEW_URI = "file:///app/views/posts.ts";
const ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { colection: { rss: "get" } }, (post) => {
    post.resources("comments");
  });
});
`;

describe("language server over stdio", function () {
  let server: cp.ChildProcess;
  let connection: rpc.ProtocolConnection;
  const diagnostics = new Map<string, rpc.Diagnostic[]>();
  /** Each returns true once satisfied; the others keep waiting for the next notification. */
  let waiters: Array<() => boolean> = [];

  const waitForDiagnostics = (uri: string, test: (d: rpc.Diagnostic[]) => boolean) =>
    new Promise<rpc.Diagnostic[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri}`)), 10_000);
      const check = () => {
        const current = diagnostics.get(uri);
        if (current && test(current)) {
          clearTimeout(timer);
          resolve(current);
          return true;
        }
        return false;
      };
      if (!check()) waiters.push(check);
    });

  before(async () => {
    server = cp.spawn(process.execPath, [path.join(ROOT, "server", "bin", "resource-routes.js"), "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(server.stdout!), new rpc.StreamMessageWriter(server.stdin!));
    connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
      diagnostics.set(params.uri, params.diagnostics);
      waiters = waiters.filter((waiter) => !waiter());
    });
    connection.listen();
    const init = await connection.sendRequest(rpc.InitializeRequest.type, { processId: process.pid, rootUri: "file:///app", capabilities: {} });
    assert.strictEqual(init.capabilities.hoverProvider, true);
    await connection.sendNotification(rpc.InitializedNotification.type, {});
    await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri: ROUTES_URI, languageId: "typescript", version: 1, text: ROUTES } });
    await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: VIEW_URI, languageId: "typescript", version: 1, text: "redirect(routes.helpers.post_comments_path(1));\nroutes.helpers.pots_path();\n" },
    });
  });

  after(async () => {
    await connection.sendRequest(rpc.ShutdownRequest.type);
    await connection.sendNotification(rpc.ExitNotification.type);
    await new Promise((resolve) => server.once("exit", resolve));
    connection.dispose();
  });

  it("publishes the analyser's diagnostics for the routing file", async () => {
    const [d] = await waitForDiagnostics(ROUTES_URI, (ds) => ds.length > 0);
    assert.strictEqual(d.code, "unknown-option");
    assert.deepStrictEqual(d.range, { start: { line: 2, character: 27 }, end: { line: 2, character: 36 } });
  });

  it("publishes unknown-helper on a use in another file", async () => {
    const [d] = await waitForDiagnostics(VIEW_URI, (ds) => ds.length > 0);
    assert.strictEqual(d.code, "unknown-helper");
    assert.match(d.message as string, /did you mean "posts_path"/);
  });

  it("hovers a declaration with its routes", async () => {
    const hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: ROUTES_URI }, position: { line: 3, character: 22 } });
    assert.match((hover!.contents as rpc.MarkupContent).value, /`comments`: 7 routes/);
  });

  it("completes helper names in another file", async () => {
    const items = (await connection.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri: VIEW_URI }, position: { line: 0, character: 30 } })) as rpc.CompletionItem[];
    assert.ok(items.some((i) => i.label === "post_comments_path"));
    assert.ok(items.every((i) => i.label.startsWith("post_c")), items.map((i) => i.label).join());
  });

  it("goes to the definition of a helper", async () => {
    const location = (await connection.sendRequest(rpc.DefinitionRequest.type, { textDocument: { uri: VIEW_URI }, position: { line: 0, character: 30 } })) as rpc.Location;
    assert.strictEqual(location.uri, ROUTES_URI);
    assert.deepStrictEqual(location.range.start, { line: 3, character: 19 });
  });

  it("answers document symbols and code lenses for the routing file", async () => {
    const symbols = (await connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri: ROUTES_URI } })) as rpc.DocumentSymbol[];
    assert.deepStrictEqual(symbols.map((s) => [s.name, s.detail, s.children!.map((c) => c.name)]), [["resources posts", "7 routes", ["resources comments"]]]); // the misspelt `colection` adds no route
    const lenses = await connection.sendRequest(rpc.CodeLensRequest.type, { textDocument: { uri: ROUTES_URI } });
    assert.deepStrictEqual(lenses!.map((l) => [l.range.start.line, l.command!.title]), [[2, "7 routes"], [3, "7 routes"]]);
  });

  it("follows incremental changes and survives a half-typed document", async () => {
    await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: ROUTES_URI, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 27 }, end: { line: 2, character: 36 } }, text: "collection" }],
    });
    await waitForDiagnostics(ROUTES_URI, (ds) => ds.length === 0);
    await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: ROUTES_URI, version: 3 },
      contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 6, character: 0 } }, text: "    post.resources(\"comm" }],
    });
    await waitForDiagnostics(ROUTES_URI, (ds) => ds.some((d) => d.code === "syntax-error"));
    const hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: ROUTES_URI }, position: { line: 2, character: 8 } });
    assert.match((hover!.contents as rpc.MarkupContent).value, /`posts`: \d+ routes/);
  });
});
