import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

/**
 * Diagnostics are published one document at a time with the event loop turning in between, so a
 * request that arrives during a long round of publishing is answered before the round ends.
 */
const FILES = 30;
const routing = (_: number, body: string) =>
  `import { draw } from "resource-routes";\n// uses routes.helpers.widget_path of routes0.ts\nexport default draw((map) => {\n${body}\n});\n`;
const many = (i: number) =>
  Array.from({ length: 20 }, (_, k) => `  map.resources("things${i}_${k}", { member: { publish: "put" }, has_many: ["notes"] });`).join("\n");

describe("language server: a request during a long round of diagnostics", function () {
  this.timeout(60_000);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-slices-"));
  const uriOf = (name: string) => URI.file(path.join(root, name)).toString();
  let client: LanguageClient;

  before(async () => {
    for (let i = 0; i < FILES; i++)
      fs.writeFileSync(path.join(root, `routes${i}.ts`), routing(i, i === 0 ? `  map.resources("widgets");\n${many(0)}` : many(i)));
    fs.writeFileSync(path.join(root, "view.ts"), "link(things1_1_path);\n");
    client = new LanguageClient();
    await client.start(URI.file(root).toString());
    await client.waitFor(() => (client.progress.some((p) => p.kind === "end") ? true : undefined), "indexing", 60_000);
    await client.open(uriOf("routes0.ts"), routing(0, `  map.resources("widgets");\n${many(0)}`));
    await client.open(uriOf("view.ts"), "link(things1_1_path);\n");
  });
  after(async () => {
    await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("a hover on another file is answered before the round has published every file", async () => {
    const order: string[] = [];
    let published = 0;
    let firstPublish!: () => void;
    let allPublished!: () => void;
    const first = new Promise<void>((resolve) => (firstPublish = resolve));
    const all = new Promise<void>((resolve) => (allPublished = resolve));
    // (This replaces the test client's own handler: its waiters are not used below.)
    client.connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
      if (!params.diagnostics.some((d) => d.code === "unknown-helper")) return;
      order.push(`publish ${path.basename(URI.parse(params.uri).fsPath)}`);
      if (++published === 1) firstPublish();
      if (published === FILES) allPublished();
    });
    // Removing widgets makes every routing file's use of widget_path unknown: each file's diagnostics change.
    await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uriOf("routes0.ts"), version: 2 },
      contentChanges: [{ text: routing(0, many(0)) }],
    });
    await first;
    await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: uriOf("view.ts") }, position: { line: 0, character: 8 } });
    order.push("hover answered");
    await all;
    const hover = order.indexOf("hover answered");
    assert.ok(hover < order.length - 1, `the hover waited for the whole round: ${order.join(", ")}`);
  });
});
