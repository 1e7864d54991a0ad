import * as assert from "assert";

import { helpersModuleOf } from "../../../server/out/format/browserHelpers";
import { helpersModuleHead } from "../../../server/out/format/helpersRecipe";
import { codeActions } from "../../../server/out/service/codeActions";
import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { references } from "../../../server/out/service/references";
import { readSettings } from "../../../server/out/service/settings";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import ts = require("typescript");
import { KeptLiteralMatches } from "../../../server/out/literals/keptLiteralMatches";
import { urlLiterals } from "../../../server/out/literals/urlLiterals";
import { runs } from "../support/runs";

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

/** A document set in the workspace, its first url-literal's quick fix, and the text once the fix's edits are made: `[title, text]`. */
function fixed(w: RoutingWorkspace, uri: string, text: string): [string, string] {
  w.set({ uri, version: 1, text });
  const [diagnostic] = documentDiagnostics(w, uri).filter((d) => d.code === "url-literal");
  const [fix] = codeActions(w, uri, diagnostic.span!);
  let result = text;
  for (const edit of [...fix.edits].sort((a, b) => b.span.start - a.span.start))
    result = result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end);
  return [fix.title, result];
}

describe("service: URLs written by hand", () => {
  it("a hint says which helper generates the URL; its quick fix writes the call and imports the routing file", () => {
    const w = workspace();
    const [diagnostic] = documentDiagnostics(w, VIEW_URI).filter((d) => d.code === "url-literal");
    assert.deepStrictEqual([diagnostic.severity, VIEW.slice(diagnostic.span!.start, diagnostic.span!.end)], ["hint", "`/posts/${id}`"]);
    assert.match(diagnostic.message, /^`\/posts\/\$\{id\}` is post_path\(id\) \(posts#show\)/);
    assert.deepStrictEqual(fixed(w, VIEW_URI, VIEW), [
      "Replace with routes.helpers.post_path(id)",
      `import { api } from "../api.js";\nimport routes from "../routes.js";\nexport const load = (id: number) => api(routes.helpers.post_path(id));\n`,
    ]);
  });

  it("the fix's import carries the extension the workspace's tsconfig.json requires (nodenext: .js), else follows the file's own imports", () => {
    const w = workspace();
    const view = 'import { api } from "../api";\nexport const load = () => api("/posts");\n';
    assert.match(fixed(w, "file:///app/src/views/plain.ts", view)[1], /import routes from "\.\.\/routes";/);
    w.set({ uri: "file:///app/tsconfig.base.json", version: 1, text: '{ "compilerOptions": { "module": "NodeNext" } }' });
    w.set({ uri: "file:///app/tsconfig.json", version: 1, text: '{ "extends": "./tsconfig.base.json", "include": ["src"] }' });
    assert.match(fixed(w, "file:///app/src/views/esm.ts", view)[1], /import routes from "\.\.\/routes\.js";/);
  });

  it("a literal its helper may write otherwise for some values is said with why, and offers no fix", () => {
    const w = workspace();
    const uri = "file:///app/src/views/slug.ts";
    const text = "export const load = (slug: string) => fetch(`/posts/${slug}`);\n";
    w.set({ uri, version: 1, text });
    const [diagnostic] = documentDiagnostics(w, uri).filter((d) => d.code === "url-literal");
    assert.match(
      diagnostic.message,
      /^`\/posts\/\$\{slug\}` goes to posts#show; not replaced by post_path\(slug\): post_path: with slug = "a\/b" the literal writes \/posts\/a\/b/,
    );
    assert.strictEqual(diagnostic.replacement, undefined);
    assert.deepStrictEqual(codeActions(w, uri, diagnostic.span!), []);
  });

  it("in a front-end file, with a helpers module in the workspace, the fix imports the helper from it by name", () => {
    const w = workspace();
    const helpers = helpersModuleOf(w.routingFile("file:///app/src/routes.ts")!.routes, { routes: "./routes.ts" });
    w.set({ uri: "file:///app/src/routes.helpers.js", version: 1, text: helpers.js });
    const component = 'import { post_path } from "../routes.helpers";\nexport const Post = ({ id }: { id: number }) => <a href="/posts">{post_path(id)}</a>;\n';
    // The module is imported already: the helper joins its import.
    assert.deepStrictEqual(fixed(w, "file:///app/src/views/post.tsx", component), [
      "Replace with posts_path()",
      'import { post_path, posts_path } from "../routes.helpers";\nexport const Post = ({ id }: { id: number }) => <a href={posts_path()}>{post_path(id)}</a>;\n',
    ]);
    // A front-end file (*.tsx) that imports nothing yet: a new import of the helper.
    assert.deepStrictEqual(fixed(w, "file:///app/src/views/list.tsx", 'export const List = () => <a href="/posts">All</a>;\n'), [
      "Replace with posts_path()",
      'import { posts_path } from "../routes.helpers";\n\nexport const List = () => <a href={posts_path()}>All</a>;\n',
    ]);
    // A file that declares the name for something else of its own keeps to routes.helpers.
    assert.deepStrictEqual(
      fixed(w, "file:///app/src/views/own.tsx", 'const posts_path = "x";\nexport const Own = () => <a href="/posts">{posts_path}</a>;\n')[1],
      'import routes from "../routes";\n\nconst posts_path = "x";\nexport const Own = () => <a href={routes.helpers.posts_path()}>{posts_path}</a>;\n',
    );
    // A server file (not front-end) keeps to the routing file.
    assert.strictEqual(
      fixed(w, "file:///app/src/server/redirect.ts", 'export const go = () => fetch("/posts");\n')[0],
      "Replace with routes.helpers.posts_path()",
    );
  });

  it("with a split helpers module in the workspace (its head, as the indexer keeps it), the fix imports from the route's controller's module", () => {
    const w = workspace();
    const helpers = helpersModuleOf(w.routingFile("file:///app/src/routes.ts")!.routes, { routes: "./routes.ts", split: true }, "routes.helpers.js");
    w.set({ uri: "file:///app/src/routes.helpers.js", version: 1, text: helpersModuleHead("file:///app/src/routes.helpers.js", helpers.js)! });
    assert.deepStrictEqual(fixed(w, "file:///app/src/views/list.tsx", 'export const List = () => <a href="/posts">All</a>;\n'), [
      "Replace with posts_path()",
      'import { posts_path } from "../routes.helpers/posts";\n\nexport const List = () => <a href={posts_path()}>All</a>;\n',
    ]);
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

  it("kept across edits of the routing file, the matches equal a fresh workspace's after every edit (the fast path against the slow one)", () => {
    // Declarations that insert, remove and change routes before, after and among those the URLs name.
    const pieces = [
      '  map.resources("posts", { member: { publish: "put" } }, (post) => post.resources("comments", { shallow: true }));',
      '  map.resources("photos", (photo) => photo.resources("comments", { shallow: true }));',
      '  map.named_route("login", "login", { controller: "sessions", action: "new" });',
      '  map.resources("tags", { only: ["index", "show"] });',
      '  map.connect("posts/:id/preview", { controller: "previews", action: "show" });',
      '  map.resource("account");',
      '  map.resources("posts", { as: "articles" });',
    ];
    const urls = [
      "/posts",
      "/posts/1",
      "/posts/1/publish",
      "/comments/3",
      "/photos/2/comments",
      "/login",
      "/tags/9",
      "/account",
      "/articles/4",
      "/posts/1/preview",
    ];
    const view = urls.map((url) => `fetch(${JSON.stringify(url)});`).join("\n") + "\n";
    const routing = (lines: string[]) =>
      `import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => {\n${lines.join("\n")}\n});\n`;
    const literalsOf = (w: RoutingWorkspace) =>
      documentDiagnostics(w, VIEW_URI)
        .filter((d) => d.code === "url-literal")
        .map((d) => `${view.slice(d.span!.start, d.span!.end)} ${d.message.split(" is ")[1]}`);
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const kept = new RoutingWorkspace();
    let lines = [pieces[0], pieces[2]];
    kept.set({ uri: "file:///app/src/routes.ts", version: 1, text: routing(lines) });
    kept.set({ uri: VIEW_URI, version: 1, text: view });
    for (let edit = 0; edit < runs(60); edit++) {
      const at = random(lines.length + 1);
      if (lines.length > 1 && random(3) === 0) lines = lines.filter((_, i) => i !== at % lines.length);
      else lines = [...lines.slice(0, at), pieces[random(pieces.length)], ...lines.slice(at)];
      kept.set({ uri: "file:///app/src/routes.ts", version: edit + 2, text: routing(lines) });
      const fresh = new RoutingWorkspace();
      fresh.set({ uri: "file:///app/src/routes.ts", version: 1, text: routing(lines) });
      fresh.set({ uri: VIEW_URI, version: 1, text: view });
      assert.deepStrictEqual(literalsOf(kept), literalsOf(fresh), `after edit ${edit}:\n${lines.join("\n")}`);
    }
  });
});

describe("service: literal matches kept across versions of the routes", () => {
  const routing = (extra: string) =>
    `import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => {\n  map.resources("posts");\n${extra}\n});\n`;
  const literals = () => {
    const file = ts.createSourceFile("view.ts", 'fetch("/posts");\nfetch("/posts/1");\nfetch("/tags/2");\n', ts.ScriptTarget.Latest, true);
    return urlLiterals(file);
  };

  it("edits that add or change routes after the matched ones match nothing anew; one that adds a route before them matches the URLs it takes", () => {
    const workspace = new RoutingWorkspace();
    const uri = "file:///app/src/routes.ts";
    const kept = new KeptLiteralMatches();
    const all = literals();
    const matchAll = () => all.map((literal) => kept.matchOf(literal, { uri, routes: workspace.routingFile(uri)!.routes })?.helper);
    workspace.set({ uri, version: 1, text: routing("") });
    workspace.onNewRoutes((_, file) => kept.advance(file.routes));
    assert.deepStrictEqual(matchAll(), ["posts_path", "post_path", undefined]);
    assert.strictEqual(kept.matched, 3);
    // Three versions worked out one after another, none of them matched against: the chain of edits holds.
    for (const [version, extra] of [
      '  map.resources("tags");',
      '  map.resources("tags", { only: ["index"] });',
      '  map.resources("tags", { only: ["show"] });',
    ].entries()) {
      workspace.set({ uri, version: version + 2, text: routing(extra) });
      workspace.routingFile(uri);
    }
    assert.deepStrictEqual(matchAll(), ["posts_path", "post_path", "tag_path"]);
    // Only the URL the added routes take was matched again.
    assert.strictEqual(kept.matched, 4);
    // A route added before posts' takes /posts/1: that URL is matched again, and now goes to it.
    workspace.set({
      uri,
      version: 9,
      text: routing("").replace('  map.resources("posts");', '  map.connect("posts/:x", { controller: "pages", action: "show" });\n  map.resources("posts");'),
    });
    workspace.routingFile(uri);
    assert.deepStrictEqual(matchAll(), ["posts_path", undefined, undefined]);
  });
});
