import * as assert from "assert";
import * as rpc from "vscode-languageserver-protocol/node";
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
});
