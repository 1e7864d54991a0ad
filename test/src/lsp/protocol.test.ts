import * as assert from "assert";
import * as rpc from "vscode-languageserver-protocol/node";

import { LanguageClient } from "../support/languageClient";

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

describe("language server over stdio: a client without list-wide completion defaults", function () {
  this.timeout(30_000);

  it("gets each item's edit, and a completion in options its documentation at once", async () => {
    const client = new LanguageClient();
    try {
      await client.start(null, { textDocument: { completion: { completionItem: { snippetSupport: true } } } });
      await client.open(ROUTES_URI, ROUTES);
      await client.open(VIEW_URI, "post_c");
      const list = (await client.connection.sendRequest(rpc.CompletionRequest.type, {
        textDocument: { uri: VIEW_URI },
        position: { line: 0, character: 6 },
      })) as rpc.CompletionList;
      assert.strictEqual(list.itemDefaults, undefined);
      const item = list.items.find((i) => i.label === "post_comments_url")!;
      assert.deepStrictEqual(item, {
        label: "post_comments_url",
        kind: rpc.CompletionItemKind.Function,
        insertTextFormat: rpc.InsertTextFormat.Snippet,
        textEdit: { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } }, newText: "post_comments_url(${1:post_id})" },
        data: "helper",
      });
      // `map.resources("posts", { colection: … })`: inside the options, keys not yet written, each with its documentation.
      const options = (await client.connection.sendRequest(rpc.CompletionRequest.type, {
        textDocument: { uri: ROUTES_URI },
        position: { line: 2, character: 27 },
      })) as rpc.CompletionList;
      const only = options.items.find((i) => i.label === "only")!;
      assert.strictEqual(only.kind, rpc.CompletionItemKind.Property);
      // Ranked before anything TypeScript offers there (its sortTexts begin with "1"), in the server's order.
      const sortTexts = options.items.map((i) => i.sortText!);
      assert.ok(
        sortTexts.every((text) => text < "1"),
        sortTexts.join(" "),
      );
      assert.deepStrictEqual(sortTexts, [...sortTexts].sort());
      // None preselected: with one, the e2e's later steps in VS Code failed.
      assert.deepStrictEqual(
        options.items.filter((i) => i.preselect),
        [],
      );
      assert.ok(only.textEdit && (only.documentation as rpc.MarkupContent).value.length > 0, JSON.stringify(only));
      assert.strictEqual(only.data, undefined);
    } finally {
      assert.strictEqual(await client.stop(), 0);
    }
  });
});

describe("language server over stdio: open documents", function () {
  // Started in before(), so that a run that filters this suite out starts no server.
  let client: LanguageClient;
  let connection: LanguageClient["connection"];
  const waitForDiagnostics: LanguageClient["waitForDiagnostics"] = (...args) => client.waitForDiagnostics(...args);

  before(async () => {
    client = new LanguageClient();
    connection = client.connection;
    const init = await client.start(null);
    assert.strictEqual(init.capabilities.hoverProvider, true);
    await client.open(ROUTES_URI, ROUTES);
    await client.open(VIEW_URI, "redirect(routes.helpers.post_comments_path(1));\nroutes.helpers.pots_path();\n");
  });

  after(async () => {
    assert.strictEqual(await client.stop(), 0);
    assert.deepStrictEqual(client.errors, []);
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
    const items = (
      (await connection.sendRequest(rpc.CompletionRequest.type, {
        textDocument: { uri: VIEW_URI },
        position: { line: 0, character: 30 },
      })) as rpc.CompletionList
    ).items;
    assert.ok(items.some((i) => i.label === "post_comments_path"));
    assert.ok(
      items.every((i) => i.label.startsWith("post_c")),
      items.map((i) => i.label).join(),
    );
  });

  it("sends what a list's items share once, and a helper's detail and documentation when the item is resolved", async () => {
    const list = (await connection.sendRequest(rpc.CompletionRequest.type, {
      textDocument: { uri: VIEW_URI },
      position: { line: 0, character: 30 },
    })) as rpc.CompletionList;
    // `post_c|omments_path`: the word at the cursor is what an item replaces.
    assert.deepStrictEqual(list.itemDefaults, {
      editRange: { start: { line: 0, character: 24 }, end: { line: 0, character: 42 } },
      insertTextFormat: rpc.InsertTextFormat.Snippet,
      data: "helper",
    });
    const item = list.items.find((i) => i.label === "post_comments_path")!;
    assert.deepStrictEqual(item, { label: "post_comments_path", kind: rpc.CompletionItemKind.Function, textEditText: "post_comments_path(${1:post_id})" });
    const resolved = await connection.sendRequest(rpc.CompletionResolveRequest.type, { ...item, data: list.itemDefaults!.data });
    assert.strictEqual(resolved.detail, "GET /posts/:post_id/comments.:format");
    assert.deepStrictEqual(resolved.documentation, { kind: rpc.MarkupKind.Markdown, value: "`comments#index` — arguments: `post_id, format?`" });
    // A word no helper begins: an empty list, with nothing to share.
    const none = await connection.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri: VIEW_URI }, position: { line: 0, character: 8 } });
    assert.deepStrictEqual(none, { isIncomplete: false, items: [] });
    // An item the server did not make a helper's comes back as it went.
    const other = { label: "post_comments_path", data: { from: "another extension" } };
    assert.deepStrictEqual(await connection.sendRequest(rpc.CompletionResolveRequest.type, other), other);
  });

  it("goes to the definition of a helper", async () => {
    const [location] = (await connection.sendRequest(rpc.DefinitionRequest.type, {
      textDocument: { uri: VIEW_URI },
      position: { line: 0, character: 30 },
    })) as rpc.Location[];
    assert.strictEqual(location.uri, ROUTES_URI);
    assert.deepStrictEqual(location.range.start, { line: 3, character: 19 });
  });

  it("answers document symbols and code lenses for the routing file", async () => {
    const symbols = (await connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri: ROUTES_URI } })) as rpc.DocumentSymbol[];
    assert.deepStrictEqual(
      symbols.map((s) => [s.name, s.detail, s.children!.map((c) => c.name)]),
      [["resources posts", "7 routes, 14 with its block", ["resources comments"]]],
    ); // the misspelt `colection` adds no route
    const lenses = await connection.sendRequest(rpc.CodeLensRequest.type, { textDocument: { uri: ROUTES_URI } });
    assert.deepStrictEqual(
      lenses!.map((l) => [l.range.start.line, l.command!.title]),
      [
        [2, "7 routes, 14 with its block"],
        [3, "7 routes"],
      ],
    );
    // A lens opens the table at its declaration's own rows: it passes its file and position, which the table request takes.
    const [uri, reveal] = lenses![1].command!.arguments!;
    assert.deepStrictEqual([uri, reveal], [ROUTES_URI, lenses![1].range.start]);
    const table = await connection.sendRequest<{ rows: Array<{ helper?: string; revealed?: boolean }> }>("resourceRoutes/routesTable", { uri, reveal });
    const revealed = table.rows.filter((r) => r.revealed);
    assert.strictEqual(revealed.length, 7);
    assert.deepStrictEqual(
      [...new Set(revealed.flatMap((r) => r.helper ?? []))],
      ["post_comments_path", "new_post_comment_path", "edit_post_comment_path", "post_comment_path"],
    );
  });

  it("answers the custom requests: routes table, recognize, file info", async () => {
    const table = await connection.sendRequest<{ text: string; rows: Array<{ line: number; helper?: string; location?: rpc.Location }> }>(
      "resourceRoutes/routesTable",
      { filter: "comments#index" },
    );
    assert.deepStrictEqual(
      table.rows.map((r) => [r.helper, r.location!.range.start]),
      [["post_comments_path", { line: 3, character: 19 }]],
    );
    assert.match(table.text.split("\n")[table.rows[0].line], /post_comments GET/);
    const found = await connection.sendRequest<{ matched: boolean; route: string; params: object }>("resourceRoutes/recognize", {
      method: "GET",
      path: "/posts/3/comments",
    });
    assert.deepStrictEqual([found.matched, found.route, found.params], [true, "post_comments", { post_id: "3" }]);
    type Explained = { explanation: { routes: Array<{ line: string; passedOver?: string; location?: rpc.Location }>; more: number } };
    const explained = await connection.sendRequest<{ matched: boolean } & Explained>("resourceRoutes/recognize", {
      method: "GET",
      path: "/posts/3/comments",
      explain: true,
    });
    const last = explained.explanation.routes[explained.explanation.routes.length - 1];
    assert.deepStrictEqual(
      [last.line, last.passedOver, last.location?.uri, last.location?.range.start],
      ["GET /posts/:post_id/comments.:format comments#index", undefined, ROUTES_URI, { line: 3, character: 19 }],
    );
    const missed = await connection.sendRequest<{ matched: boolean; error: string } & Explained>("resourceRoutes/recognize", {
      method: "GET",
      path: "/nowhere",
      explain: true,
    });
    assert.ok(!missed.matched && missed.error && missed.explanation.routes.length === 14 && missed.explanation.routes.every((r) => r.passedOver && r.location));
    assert.deepStrictEqual(await connection.sendRequest("resourceRoutes/fileInfo", { uri: ROUTES_URI }), { behaviour: "B", routes: 14 });
    assert.strictEqual(await connection.sendRequest("resourceRoutes/fileInfo", { uri: VIEW_URI }), null);
  });

  it("answers requests cancelled while they wait as cancelled, without computing them", async () => {
    // A long file makes the first hover after a change take a while; the hovers queued behind it are cancelled meanwhile.
    const uri = "file:///app/config/long.ts";
    const body = Array.from({ length: 3_000 }, (_, i) => `  map.resources("things${i}", { member: { publish: "put" } });`).join("\n");
    await client.open(uri, `import { draw } from "resource-routes";\nexport default draw((map) => {\n${body}\n});\n`);
    const at = { textDocument: { uri }, position: { line: 2, character: 8 } };
    const sources = Array.from({ length: 10 }, () => new rpc.CancellationTokenSource());
    const answers = sources.map((source) =>
      connection.sendRequest(rpc.HoverRequest.type, at, source.token).then(
        () => "answered",
        (error: rpc.ResponseError<void>) => error.code,
      ),
    );
    for (const source of sources.slice(1)) source.cancel();
    const results = await Promise.all(answers);
    assert.strictEqual(results[0], "answered");
    assert.ok(results.slice(1).includes(rpc.LSPErrorCodes.RequestCancelled), results.join());
  });

  it("follows incremental changes and survives a half-typed document", async () => {
    await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: ROUTES_URI, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 27 }, end: { line: 2, character: 36 } }, text: "collection" }],
    });
    await waitForDiagnostics(ROUTES_URI, (ds) => ds.length === 0);
    await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: ROUTES_URI, version: 3 },
      contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 6, character: 0 } }, text: '    post.resources("comm' }],
    });
    await waitForDiagnostics(ROUTES_URI, (ds) => ds.some((d) => d.code === "syntax-error"));
    const hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: ROUTES_URI }, position: { line: 2, character: 8 } });
    assert.match((hover!.contents as rpc.MarkupContent).value, /`posts`: \d+ routes/);
  });
});
