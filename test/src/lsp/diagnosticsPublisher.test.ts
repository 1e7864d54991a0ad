import * as assert from "assert";
import type * as lsp from "vscode-languageserver/node";

import { DiagnosticsPublisher } from "../../../server/out/lsp/diagnosticsPublisher";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** The publisher sends a document's diagnostics when they change, and only then: a large routing file's are a large message. */

const ROUTES_URI = "file:///app/src/routes.ts";
const VIEW_URI = "file:///app/src/views/post.ts";
const routes = (extra: string) => `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { colection: { search: "get" } });${extra}
});
`;
const VIEW = `import routes from "../routes";\nexport const link = (id: number) => [routes.helpers.post_pth(id), \`/posts/\${id}\`];\n`;

describe("diagnostics publisher", () => {
  let sent: lsp.PublishDiagnosticsParams[];
  let workspace: RoutingWorkspace;
  let publisher: DiagnosticsPublisher;

  beforeEach(() => {
    sent = [];
    workspace = new RoutingWorkspace();
    const connection = { sendDiagnostics: async (params: lsp.PublishDiagnosticsParams) => void sent.push(params) } as unknown as lsp.Connection;
    publisher = new DiagnosticsPublisher(connection, workspace, (what, error) => assert.fail(`${what}: ${String(error)}`));
    workspace.set({ uri: ROUTES_URI, version: 1, text: routes("") });
    workspace.set({ uri: VIEW_URI, version: 1, text: VIEW });
  });

  const codes = (uri: string) => sent.filter((p) => p.uri === uri).map((p) => p.diagnostics.map((d) => d.code));

  it("sends each document's diagnostics once, and again only where they changed", async () => {
    await publisher.publishNow();
    assert.deepStrictEqual(codes(ROUTES_URI), [["unknown-option"]]);
    assert.deepStrictEqual(
      codes(VIEW_URI).map((list) => [...list].sort()),
      [["unknown-helper", "url-literal"]],
    );
    sent = [];
    await publisher.publishNow();
    assert.deepStrictEqual(
      sent.map((p) => p.uri),
      [],
      "nothing changed: nothing sent",
    );

    // A route added after everything reported: the routing file's diagnostics keep their ranges, the view's its matches.
    workspace.set({ uri: ROUTES_URI, version: 2, text: routes('\n  map.resources("tags");') });
    await publisher.publishNow();
    assert.deepStrictEqual(
      sent.map((p) => p.uri),
      [],
      "the same diagnostics, made again or kept: not sent again",
    );

    // A line inserted above the unknown option moves its range: sent again, the view's still not.
    workspace.set({
      uri: ROUTES_URI,
      version: 3,
      text: routes('\n  map.resources("tags");').replace("draw((map) => {\n", 'draw((map) => {\n  map.resource("session");\n'),
    });
    await publisher.publishNow();
    assert.deepStrictEqual(
      sent.map((p) => [p.uri, p.diagnostics.map((d) => d.range.start.line)]),
      [[ROUTES_URI, [3]]],
    );
  });

  it("clears a document whose diagnostics are gone, once", async () => {
    await publisher.publishNow();
    workspace.set({ uri: ROUTES_URI, version: 2, text: routes("").replace("colection", "collection") });
    sent = [];
    await publisher.publishNow();
    assert.deepStrictEqual(codes(ROUTES_URI), [[]]);
    sent = [];
    await publisher.publishNow();
    assert.deepStrictEqual(codes(ROUTES_URI), []);
  });
});
