import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

/** The real server over stdio: a URL written by hand is a hint, and its quick fix writes the helper call and the import. */

const ROUTES_URI = "file:///app/src/routes.ts";
const VIEW_URI = "file:///app/src/views/links.ts";
const ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", (post) => post.resources("comments"));
});
`;
const VIEW = 'export const comments = (id: number) => fetch("/posts/" + id + "/comments");\n';

describe("language server over stdio: URLs written by hand", function () {
  this.timeout(30_000);

  it("publishes a url-literal hint, and the quick fix replaces the literal and imports the routing file", async () => {
    const client = new LanguageClient();
    try {
      await client.start(null);
      await client.open(ROUTES_URI, ROUTES);
      await client.open(VIEW_URI, VIEW);
      const [hint] = await client.waitForDiagnostics(VIEW_URI, (ds) => ds.some((d) => d.code === "url-literal"));
      assert.deepStrictEqual(
        [hint.severity, hint.range, hint.message],
        [
          rpc.DiagnosticSeverity.Hint,
          { start: { line: 0, character: 46 }, end: { line: 0, character: 74 } },
          '"/posts/" + id + "/comments" is post_comments_path(id) (comments#index): the helper generates this URL and follows the route when it changes',
        ],
      );
      const actions = (await client.connection.sendRequest(rpc.CodeActionRequest.type, {
        textDocument: { uri: VIEW_URI },
        range: hint.range,
        context: { diagnostics: [hint], only: [rpc.CodeActionKind.QuickFix] },
      })) as rpc.CodeAction[];
      assert.deepStrictEqual(
        actions.map((a) => [a.title, a.kind, a.isPreferred]),
        [["Replace with routes.helpers.post_comments_path(id)", rpc.CodeActionKind.QuickFix, true]],
      );
      assert.deepStrictEqual(actions[0].edit, {
        changes: {
          [VIEW_URI]: [
            { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'import routes from "../routes";\n\n' },
            { range: hint.range, newText: "routes.helpers.post_comments_path(id)" },
          ],
        },
      });
    } finally {
      assert.strictEqual(await client.stop(), 0);
    }
  });

  it("a file created while the editor runs counts once closed, though no watcher event came: references list its URL", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-created-"));
    const client = new LanguageClient();
    try {
      fs.mkdirSync(path.join(folder, "src"));
      fs.writeFileSync(path.join(folder, "src", "routes.ts"), ROUTES);
      const routesUri = URI.file(path.join(folder, "src", "routes.ts")).toString();
      const created = path.join(folder, "src", "created.ts");
      const createdUri = URI.file(created).toString();
      await client.start(URI.file(folder).toString());
      await client.waitFor(() => (client.progress.some((p) => p.kind === "end") ? true : undefined), "indexing");
      await client.open(routesUri, ROUTES);
      // Opened before it is on disk (a new file), saved, closed: the editor's watcher event may never come, or come before the text is written.
      const text = 'export const first = () => fetch("/posts/1");\n';
      await client.open(createdUri, text);
      fs.writeFileSync(created, text);
      await client.connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri: createdUri } });
      const at = {
        line: ROUTES.split("\n").findIndex((l) => l.includes('"posts"')),
        character:
          ROUTES.split("\n")
            .find((l) => l.includes('"posts"'))!
            .indexOf('"posts"') + 2,
      };
      // Asked again while the server reads the closed file (a request is answered in order, the read is not).
      let uses: rpc.Location[] = [];
      for (let tries = 0; tries < 50 && !uses.some((location) => location.uri === createdUri); tries++) {
        if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
        uses =
          (await client.connection.sendRequest(rpc.ReferencesRequest.type, {
            textDocument: { uri: routesUri },
            position: at,
            context: { includeDeclaration: false },
          })) ?? [];
      }
      assert.deepStrictEqual(
        uses
          .filter((location) => location.uri === createdUri)
          .map((location) => text.split("\n")[location.range.start.line].slice(location.range.start.character, location.range.end.character)),
        ['"/posts/1"'],
      );
    } finally {
      assert.strictEqual(await client.stop(), 0);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
