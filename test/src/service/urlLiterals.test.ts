import * as assert from "assert";
import { codeActions } from "../../../server/out/service/codeActions";
import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { readSettings } from "../../../server/out/service/settings";
import { references } from "../../../server/out/service/references";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** The url-literal diagnostic in the editor, and its quick fix. */

const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts");
});
`;
const VIEW_URI = "file:///app/src/views/post.ts";
const VIEW = `import { api } from "../api.js";\nexport const load = (id: number) => api(\`/posts/\${id}\`);\n`;

function workspace(settings: unknown = {}): RoutingWorkspace {
  const w = new RoutingWorkspace();
  w.configure(readSettings(settings).settings);
  w.set({ uri: "file:///app/src/routes.ts", version: 1, text: ROUTES });
  w.set({ uri: VIEW_URI, version: 1, text: VIEW });
  return w;
}

describe("service: URLs written by hand", () => {
  it("a hint says which helper generates the URL; its quick fix writes the call and imports the routing file", () => {
    const w = workspace();
    const [diagnostic] = documentDiagnostics(w, VIEW_URI).filter((d) => d.code === "url-literal");
    assert.deepStrictEqual([diagnostic.severity, VIEW.slice(diagnostic.span!.start, diagnostic.span!.end)], ["hint", "`/posts/${id}`"]);
    assert.match(diagnostic.message, /^`\/posts\/\$\{id\}` is post_path\(id\) \(posts#show\)/);
    const [fix] = codeActions(w, VIEW_URI, diagnostic.span!);
    assert.strictEqual(fix.title, "Replace with routes.helpers.post_path(id)");
    let text = VIEW;
    for (const edit of [...fix.edits].sort((a, b) => b.span.start - a.span.start))
      text = text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.end);
    assert.strictEqual(
      text,
      `import { api } from "../api.js";\nimport routes from "../routes.js";\nexport const load = (id: number) => api(routes.helpers.post_path(id));\n`,
    );
  });

  it("its severity is a setting, off included", () => {
    assert.strictEqual(
      documentDiagnostics(workspace({ urlLiterals: { severity: "warning" } }), VIEW_URI).find((d) => d.code === "url-literal")?.severity,
      "warning",
    );
    assert.strictEqual(documentDiagnostics(workspace({ urlLiterals: { severity: "off" } }), VIEW_URI).filter((d) => d.code === "url-literal").length, 0);
    assert.deepStrictEqual(readSettings({ urlLiterals: { severity: "loud" } }).problems, [
      'resourceRoutes.urlLiterals.severity must be "off", "hint", "information" or "warning"; the default is used',
    ]);
  });

  it("unknown-url, when asked for: a URL no route recognises, with the nearest route's path", () => {
    const w = workspace({ urlLiterals: { unknown: true } });
    w.set({ uri: VIEW_URI, version: 2, text: 'export const a = () => fetch("/post/1");\nexport const b = () => fetch("/posts");\n' });
    const unknown = documentDiagnostics(w, VIEW_URI).filter((d) => d.code === "unknown-url");
    assert.deepStrictEqual(
      unknown.map((d) => [d.severity, d.message]),
      [["warning", "No route recognises GET /post/1; did you mean /posts/:id?"]],
    );
    assert.strictEqual(documentDiagnostics(workspace(), VIEW_URI).filter((d) => d.code === "unknown-url").length, 0, "off by default");
  });

  it("find references from a declaration lists the URLs written by hand that its routes' helpers generate", () => {
    const w = workspace();
    const routesText = w.document("file:///app/src/routes.ts")!.text.toString();
    const found = references(w, "file:///app/src/routes.ts", routesText.indexOf('"posts"') + 2, false);
    assert.deepStrictEqual(
      found.map((l) => [l.uri, w.document(l.uri)!.text.toString().slice(l.span.start, l.span.end)]),
      [[VIEW_URI, "`/posts/${id}`"]],
    );
  });

  it("leaves alone tests' files and the URL paths the asset globs name, both settings", () => {
    const w = workspace();
    w.set({ uri: "file:///app/src/views/post.test.ts", version: 1, text: VIEW });
    assert.strictEqual(documentDiagnostics(w, "file:///app/src/views/post.test.ts").filter((d) => d.code === "url-literal").length, 0);
    const assets = workspace({ urlLiterals: { assets: ["/posts/**"] } });
    assert.strictEqual(documentDiagnostics(assets, VIEW_URI).filter((d) => d.code === "url-literal").length, 0);
    const tests = workspace({ urlLiterals: { tests: [] } });
    tests.set({ uri: "file:///app/src/views/post.test.ts", version: 1, text: VIEW });
    assert.strictEqual(documentDiagnostics(tests, "file:///app/src/views/post.test.ts").filter((d) => d.code === "url-literal").length, 1);
  });

  it("a kept answer follows the routing file, the settings and the document: each change is seen", () => {
    const w = workspace();
    const literals = () =>
      documentDiagnostics(w, VIEW_URI)
        .filter((d) => d.code === "url-literal")
        .map((d) => d.message.split(":")[0]);
    assert.deepStrictEqual(literals(), ["`/posts/${id}` is post_path(id) (posts#show)"]);
    assert.deepStrictEqual(literals(), ["`/posts/${id}` is post_path(id) (posts#show)"], "asked again, the same");
    w.set({ uri: "file:///app/src/routes.ts", version: 2, text: ROUTES.replace('"posts"', '"posts", { only: ["index"] }') });
    assert.deepStrictEqual(literals(), [], "the show route gone");
    w.set({ uri: "file:///app/src/routes.ts", version: 3, text: ROUTES });
    assert.strictEqual(literals().length, 1);
    w.configure(readSettings({ urlLiterals: { severity: "off" } }).settings);
    assert.deepStrictEqual(literals(), [], "turned off");
    w.configure(readSettings({}).settings);
    w.set({ uri: VIEW_URI, version: 2, text: VIEW.replace("/posts/", "/nothing/") });
    assert.deepStrictEqual(literals(), [], "the document edited");
  });
});
