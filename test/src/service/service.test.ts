import * as assert from "assert";
import { doComplete } from "../../../server/out/service/completion";
import { findDefinition } from "../../../server/out/service/definition";
import { helperUseDiagnostics } from "../../../server/out/service/helperUses";
import { doHover } from "../../../server/out/service/hover";
import { DeclarationSymbol, documentSymbols, routeCountLenses } from "../../../server/out/service/outline";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** The language service on plain strings; `|` marks the cursor. */
const ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" }, has_one: "author" }, (post) => {
    post.resources("comments", { shallow: true, only: ["index", "show"] });
  });
  map.namespace("admin", (admin) => admin.resources("users", { only: "index" }));
});
`;

function workspaceWith(cursorText: string, uri = "file:///app/views.ts"): { workspace: RoutingWorkspace; offset: number; uri: string } {
  const offset = cursorText.indexOf("|");
  const workspace = new RoutingWorkspace();
  workspace.set({ uri: "file:///app/routes.ts", version: 1, text: ROUTES.replace("|", "") });
  if (uri !== "file:///app/routes.ts") workspace.set({ uri, version: 1, text: cursorText.replace("|", "") });
  else workspace.set({ uri, version: 2, text: cursorText.replace("|", "") });
  return { workspace, offset, uri };
}

describe("service: hover", () => {
  it("on a declaration lists the routes it generates, has_one children included", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`map.resources("posts"`, `map.resour|ces("posts"`), "file:///app/routes.ts");
    const hover = doHover(workspace, uri, offset)!;
    // 8 of its own and 6 of has_one: "author"; the block's resources are declarations of their own
    assert.match(hover.contents, /^\*\*resources\*\* `posts`: 14 routes/);
    assert.match(hover.contents, /\| PUT \| `\/posts\/:id\/publish\.:format` \| `publish_post_path` \| `posts#publish` \|/);
    assert.match(hover.contents, /`\/posts\/:post_id\/author\.:format` \| `post_author_path`/);
    assert.doesNotMatch(hover.contents, /comments#/);
  });
  it("on a nested declaration's name lists only its routes, with shallow names", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`"comments"`, `"comm|ents"`), "file:///app/routes.ts");
    const hover = doHover(workspace, uri, offset)!;
    assert.match(hover.contents, /`comments`: 2 routes/);
    assert.match(hover.contents, /`post_comments_path`[\s\S]*`comment_path`/);
  });
  it("on an option key explains the option", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`shallow: true`, `shal|low: true`), "file:///app/routes.ts");
    assert.match(doHover(workspace, uri, offset)!.contents, /leave out the parent prefix/);
  });
  it("on a helper name in another file: its route, arguments and declaration", () => {
    const { workspace, offset, uri } = workspaceWith(`link(post_comm|ents_path(post));`);
    const hover = doHover(workspace, uri, offset)!;
    assert.match(hover.contents, /^`post_comments_path\(post_id, format\?\)`/);
    assert.match(hover.contents, /GET `\/posts\/:post_id\/comments\.:format` → `comments#index`/);
    assert.match(hover.contents, /file:\/\/\/app\/routes\.ts/);
  });
  it("nothing on a name that is no helper", () => {
    const { workspace, offset, uri } = workspaceWith(`link(artcle_pa|th(1));`);
    assert.strictEqual(doHover(workspace, uri, offset), undefined);
  });
});

describe("service: completion", () => {
  it("offers the workspace's helpers that start with the typed word, never others", () => {
    const { workspace, offset, uri } = workspaceWith(`redirect(admin_u|)`);
    const items = doComplete(workspace, uri, offset);
    assert.deepStrictEqual(items.map((i) => i.label).sort(), ["admin_users_path", "admin_users_url"]);
    const path = items.find((i) => i.label === "admin_users_path")!;
    assert.strictEqual(path.detail, "GET /admin/users.:format");
    assert.strictEqual(path.snippet, "admin_users_path(${1:format})");
  });
  it("snippets take the positional arguments in path order", () => {
    const { workspace, offset, uri } = workspaceWith(`publish_p|`);
    const [item] = doComplete(workspace, uri, offset).filter((i) => i.label === "publish_post_path");
    assert.strictEqual(item.snippet, "publish_post_path(${1:id}, ${2:format})");
    assert.match(item.documentation, /posts#publish — arguments: id, format\?/);
  });
  it("hash_for_ helpers are offered too", () => {
    const { workspace, offset, uri } = workspaceWith(`hash_for_comment_|`);
    assert.deepStrictEqual(doComplete(workspace, uri, offset).map((i) => i.label).sort(), ["hash_for_comment_path", "hash_for_comment_url"]);
  });
});

describe("service: go to definition", () => {
  it("from a helper use to the name of the declaration that made its route", () => {
    const { workspace, offset, uri } = workspaceWith(`redirect(comme|nt_url(c))`);
    const location = findDefinition(workspace, uri, offset)!;
    assert.strictEqual(location.uri, "file:///app/routes.ts");
    assert.strictEqual(ROUTES.slice(location.span.start, location.span.end), `"comments"`);
  });
  it("from a has_one helper to the has_one value", () => {
    const { workspace, offset, uri } = workspaceWith(`post_aut|hor_path(1)`);
    const location = findDefinition(workspace, uri, offset)!;
    assert.strictEqual(ROUTES.slice(location.span.start, location.span.end), `"author"`);
  });
});

describe("service: helper-use diagnostics", () => {
  it("an unknown helper gets a warning with the nearest existing name", () => {
    const { workspace, uri } = workspaceWith(`routes.helpers.pots_path(); routes.helpers["post_path"](1);|`);
    const [d] = helperUseDiagnostics(workspace, uri);
    assert.strictEqual(d.code, "unknown-helper");
    assert.strictEqual(d.replacement, "posts_path");
    assert.strictEqual(workspace.document(uri)!.text.slice(d.span!.start, d.span!.end), "pots_path");
  });
  it("behaviour B: formatted_ helpers are deprecated", () => {
    const { workspace, uri } = workspaceWith(`routes.helpers.formatted_post_path(1, "xml");|`);
    const [d] = helperUseDiagnostics(workspace, uri);
    assert.strictEqual(d.code, "deprecated-formatted-helper");
    assert.strictEqual(d.replacement, "post_path");
  });
});

describe("service: outline", () => {
  it("document symbols are the declaration tree with route counts", () => {
    const { workspace, uri } = workspaceWith(`${ROUTES}|`, "file:///app/routes.ts");
    const symbols = documentSymbols(workspace, uri);
    const shape = (s: DeclarationSymbol): unknown => [s.name, s.detail, s.children.map(shape)];
    assert.deepStrictEqual(symbols.map(shape), [
      ["resources posts", "14 routes", [["resources comments", "2 routes", []]]],
      ["namespace admin", "0 routes", [["resources users", "1 route", []]]],
    ]);
    assert.strictEqual(ROUTES.slice(symbols[0].selection.start, symbols[0].selection.end), `"posts"`);
  });
  it("code lenses count the routes of each declaration on its method name", () => {
    const { workspace, uri } = workspaceWith(`${ROUTES}|`, "file:///app/routes.ts");
    const lenses = routeCountLenses(workspace, uri);
    assert.deepStrictEqual(lenses.map((l) => [ROUTES.slice(l.span.start, l.span.end), l.title]), [
      ["resources", "14 routes"],
      ["resources", "2 routes"],
      ["resources", "1 route"],
    ]);
  });
});
