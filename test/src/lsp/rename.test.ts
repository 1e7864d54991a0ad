import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", (post) => post.resources("comments"));
});
`;
const VIEW = `export const links = [routes.helpers.post_comments_path(1), routes.helpers.edit_post_path(2)];\n`;

describe("language server: rename", function () {
  this.timeout(30_000);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-rename-"));
  const routesUri = URI.file(path.join(root, "routes.ts")).toString();
  const viewUri = URI.file(path.join(root, "view.ts")).toString();
  let client: LanguageClient;

  const controllerUri = URI.file(path.join(root, "controllers", "posts.ts")).toString();

  before(async () => {
    fs.mkdirSync(path.join(root, "controllers"));
    fs.writeFileSync(path.join(root, "controllers", "posts.ts"), "export function show() {}\n");
    fs.writeFileSync(path.join(root, "routes.ts"), ROUTES);
    fs.writeFileSync(path.join(root, "view.ts"), VIEW);
    client = new LanguageClient();
    await client.start(URI.file(root).toString());
    await client.open(routesUri, ROUTES);
    await client.open(viewUri, VIEW);
    // The controllers folder indexed: the posts module is read (it lacks most actions).
    await client.waitForDiagnostics(routesUri, (ds) => ds.some((d) => d.code === "missing-action"));
  });
  after(async () => {
    await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("prepareRename and rename give a WorkspaceEdit that, applied, leaves no unknown-helper", async () => {
    const position = { line: 2, character: ROUTES.split("\n")[2].indexOf("posts") + 2 };
    const prepared = (await client.connection.sendRequest(rpc.PrepareRenameRequest.type, { textDocument: { uri: routesUri }, position })) as {
      range: rpc.Range;
      placeholder: string;
    };
    assert.strictEqual(prepared.placeholder, "posts");
    const edit = (await client.connection.sendRequest(rpc.RenameRequest.type, { textDocument: { uri: routesUri }, position, newName: "articles" }))!;
    // The controller changes with the name: the edit says so, without asking for a confirmation that would leave it unapplied.
    const changes = edit.documentChanges!.filter((change): change is rpc.TextDocumentEdit => "textDocument" in change);
    const [annotation] = Object.values(edit.changeAnnotations!);
    assert.match(annotation.description!, /posts → articles \(posts\.ts is renamed articles\.ts\)/);
    assert.strictEqual(annotation.needsConfirmation, false);
    // And where the user sees it: an annotation shows only in a refactoring preview.
    await client.waitFor(() => client.messages.find((m) => /posts → articles \(posts\.ts is renamed articles\.ts\)/.test(m)), "the rename's note shown");
    // The controller module follows, after the edits, so that the routes keep reaching it.
    assert.deepStrictEqual(
      edit.documentChanges!.filter((change) => "kind" in change),
      [
        {
          kind: "rename",
          oldUri: controllerUri,
          newUri: controllerUri.replace(/posts\.ts$/, "articles.ts"),
          options: { overwrite: false, ignoreIfExists: true },
          annotationId: "resourceRoutes.rename",
        },
      ],
    );
    const texts: Record<string, string> = { [routesUri]: ROUTES, [viewUri]: VIEW };
    let version = 1;
    for (const change of changes) {
      const uri = change.textDocument.uri;
      texts[uri] = TextDocument.applyEdits(TextDocument.create(uri, "typescript", 1, texts[uri]), change.edits as rpc.TextEdit[]);
      await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: ++version },
        contentChanges: [{ text: texts[uri] }],
      });
    }
    assert.strictEqual(texts[viewUri], `export const links = [routes.helpers.article_comments_path(1), routes.helpers.edit_article_path(2)];\n`);
    const diagnostics = await client.waitForDiagnostics(viewUri, (ds) => !ds.some((d) => d.code === "unknown-helper"));
    assert.deepStrictEqual(
      diagnostics.filter((d) => d.code === "unknown-helper"),
      [],
    );
  });

  it("a client without change annotations gets plain edits", async () => {
    const plain = new LanguageClient();
    try {
      await plain.start(URI.file(root).toString(), { workspace: { configuration: true } });
      await plain.open(routesUri, ROUTES);
      const position = { line: 2, character: ROUTES.split("\n")[2].indexOf("posts") + 2 };
      const edit = (await plain.connection.sendRequest(rpc.RenameRequest.type, { textDocument: { uri: routesUri }, position, newName: "stories" }))!;
      assert.deepStrictEqual(
        edit.changes![routesUri].map((e) => e.newText),
        ["stories"],
      );
    } finally {
      await plain.stop();
    }
  });

  it("a refused rename is an error with its reason", async () => {
    const position = { line: 2, character: ROUTES.split("\n")[2].indexOf("posts") + 2 };
    await assert.rejects(
      client.connection.sendRequest(rpc.RenameRequest.type, { textDocument: { uri: routesUri }, position, newName: "not a name" }),
      /not a name a route can have/,
    );
  });
});
