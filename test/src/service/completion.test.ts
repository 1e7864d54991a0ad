import * as assert from "assert";

import { helperDetails, MAX_HELPER_ITEMS } from "../../../server/out/service/completion";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { ROUTES, service, workspaceWith } from "../support/serviceFixture";

/** The language service, through its entry point: completion of helpers and of declarations' options, and signature help. */

describe("service: completion", () => {
  it("offers the workspace's helpers that start with the typed word, never others", () => {
    const { workspace, offset, uri } = workspaceWith(`redirect(admin_u|)`);
    const items = service(workspace).completions(uri, offset);
    assert.deepStrictEqual(items.map((i) => i.label).sort(), ["admin_users_path", "admin_users_url"]);
    const path = items.find((i) => i.label === "admin_users_path")!;
    assert.strictEqual(path.snippet, "admin_users_path()", "an optional format is no placeholder");
    assert.strictEqual(path.detail, undefined, "the detail comes when the item is resolved");
    assert.strictEqual(helperDetails(workspace, "admin_users_path")?.detail, "GET /admin/users.:format");
  });
  it("snippets take the required positional arguments in path order; optional ones stay out", () => {
    const { workspace, offset, uri } = workspaceWith(`publish_p|`);
    const [item] = service(workspace)
      .completions(uri, offset)
      .filter((i) => i.label === "publish_post_path");
    assert.strictEqual(item.snippet, "publish_post_path(${1:id})");
    assert.match(helperDetails(workspace, item.label)!.documentation, /^`posts#publish` — arguments: `id, format\?`$/);
  });
  it("a long list is cut at MAX_HELPER_ITEMS, in name order, starting at the typed prefix", () => {
    const many = Array.from({ length: 80 }, (_, i) => `map.resources("things${i}");`).join("\n");
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///r.ts", version: 1, text: `import { draw } from "resource-routes";\nexport default draw((map) => {\n${many}\n});` });
    workspace.set({ uri: "file:///v.ts", version: 1, text: "thing" });
    const labels = service(workspace)
      .completions("file:///v.ts", 5)
      .map((i) => i.label);
    assert.strictEqual(labels.length, MAX_HELPER_ITEMS);
    assert.deepStrictEqual(labels, [...labels].sort());
    assert.ok(labels.every((l) => l.startsWith("thing")));
  });
  it("hash_for_ helpers are offered too", () => {
    const { workspace, offset, uri } = workspaceWith(`hash_for_comment_|`);
    assert.deepStrictEqual(
      service(workspace)
        .completions(uri, offset)
        .map((i) => i.label)
        .sort(),
      ["hash_for_comment_path", "hash_for_comment_url"],
    );
  });
});

describe("service: completion inside declarations", () => {
  const at = (text: string) => {
    const { workspace, offset, uri } = workspaceWith(text, "file:///app/routes.ts");
    return service(workspace).completions(uri, offset);
  };
  it("option keys not yet written, at a key of the options object", () => {
    const items = at(ROUTES.replace(`{ shallow: true, only: ["index", "show"] }`, `{ shallow: true, | }`));
    const labels = items.map((i) => i.label);
    assert.ok(labels.includes("member") && labels.includes("except") && !labels.includes("shallow"), labels.join());
    assert.ok(items.every((i) => i.kind === "option"));
    assert.match(items.find((i) => i.label === "has_many")!.documentation!, /nests collection resources/);
  });
  it("a half-typed key is replaced whole", () => {
    const text = ROUTES.replace(`{ shallow: true, only: ["index", "show"] }`, `{ sha|llo }`);
    const items = at(text);
    const shallow = items.find((i) => i.label === "shallow")!;
    assert.strictEqual(text.replace("|", "").slice(shallow.replace.start, shallow.replace.end), "shallo");
  });
  it("action names inside only/except; a singleton has no index", () => {
    assert.deepStrictEqual(
      at(ROUTES.replace(`only: ["index", "show"]`, `only: ["index", "|"]`)).map((i) => i.label),
      ["index", "create", "new", "edit", "show", "update", "destroy", "all", "none"],
    );
    const singleton = at(ROUTES.replace(`has_one: "author" }`, `has_one: "author" }); map.resource("account", { except: "|" }`));
    assert.ok(!singleton.some((i) => i.label === "index") && singleton.some((i) => i.label === "show"));
  });
  it("methods as the values of member, collection and new actions", () => {
    const items = at(ROUTES.replace(`publish: "put"`, `publish: "|"`));
    assert.deepStrictEqual(
      items.map((i) => i.label),
      ["get", "post", "put", "delete", "options", "any"],
    );
    assert.ok(items.every((i) => i.kind === "method"));
  });
  it("after an edit inside the declaration, its statement alone is parsed for the completion: the file's tree is not made", () => {
    const uri = "file:///app/routes.ts";
    const workspace = new RoutingWorkspace();
    workspace.set({ uri, version: 1, text: ROUTES });
    // The file's tree as the first analysis made it: no newer one may be made.
    const tree = workspace.routingFile(uri)!.analysis.reuse!.trees.current;
    const text = ROUTES.replace(`{ shallow: true, only: ["index", "show"] }`, `{ shallow: true, o }`);
    workspace.set({ uri, version: 2, text });
    const offset = text.indexOf("true, o") + "true, o".length;
    const items = service(workspace).completions(uri, offset);
    const only = items.find((i) => i.label === "only");
    assert.ok(only && only.kind === "option" && !items.some((i) => i.label === "shallow"), items.map((i) => i.label).join());
    assert.deepStrictEqual(only.replace, { start: offset - 1, end: offset });
    const file = workspace.routingFile(uri)!;
    assert.strictEqual(file.analysis.reuse!.trees.current, tree);
  });
  it("an idle moment merges the helper names of the declarations edited since the last merge; completion is the same", () => {
    const uri = "file:///app/routes.ts";
    const workspace = new RoutingWorkspace();
    // Enough declarations that one edited is searched on its own until the next merge.
    const text = ROUTES.replace(
      `  map.namespace`,
      `  map.resources("a");\n  map.resources("b");\n  map.resources("c");\n  map.resources("d");\n  map.namespace`,
    );
    workspace.set({ uri, version: 1, text });
    workspace.set({ uri: "file:///app/views.ts", version: 1, text: "post_" });
    const complete = () =>
      service(workspace)
        .completions("file:///app/views.ts", "post_".length)
        .map((i) => i.label);
    const before = complete();
    workspace.set({ uri, version: 2, text: text.replace(`"comments"`, `"remarks"`) });
    const table = workspace.routingFile(uri)!.routes.table;
    const edited = complete();
    assert.ok(workspace.index.helpers.lists(table).length > 1, "the edited declaration's names are searched on their own");
    workspace.prepareHelperIndex();
    assert.strictEqual(workspace.index.helpers.lists(table).length, 1);
    assert.deepStrictEqual(complete(), edited);
    assert.notDeepStrictEqual(edited, before);
  });
  it("outside the options, helpers as anywhere else", () => {
    const items = at(ROUTES.replace(`map.namespace`, `posts_p|; map.namespace`));
    assert.deepStrictEqual(
      items.map((i) => [i.kind, i.label]),
      [["helper", "posts_path"]],
    );
  });
});

describe("service: signature help", () => {
  it("inside a helper call: its positional arguments, the one under the cursor active", () => {
    const { workspace, offset, uri } = workspaceWith(`go(post_comments_path(post, |))`);
    const help = service(workspace).signatureHelp(uri, offset)!;
    assert.strictEqual(help.label, "post_comments_path(post_id, format?, options?)");
    assert.strictEqual(help.activeParameter, 1);
    assert.match(help.documentation, /GET \/posts\/:post_id\/comments\.:format → comments#index/);
  });
  it("commas inside an object or call argument do not move the active argument", () => {
    const { workspace, offset, uri } = workspaceWith(`publish_post_path(f(a, b), { anchor: "x", |`);
    assert.strictEqual(service(workspace).signatureHelp(uri, offset)!.activeParameter, 1);
  });
  it("nothing outside a helper call", () => {
    const { workspace, offset, uri } = workspaceWith(`foo(1, |)`);
    assert.strictEqual(service(workspace).signatureHelp(uri, offset), undefined);
  });
});
