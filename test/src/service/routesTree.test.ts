import * as assert from "assert";
import * as rpc from "vscode-languageserver-protocol/node";

import { declarationPathHints } from "../../../server/out/service/inlayHints";
import { routesTree, RoutesTreeItem } from "../../../server/out/service/routesTree";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { conformanceCases } from "../support/fixtures";
import { LanguageClient } from "../support/languageClient";

/** The routes tree a level at a time, and the path hints of routing files. */

const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { only: ["index", "show"] }, (post) => {
    post.resources("comments", { shallow: true, only: ["index", "destroy"] });
  });
  map.namespace("admin", (admin) => {
    admin.resources("users", { only: ["index"] });
  });
  map.connect("files/*path", { controller: "files", action: "show" });
  map.connect("files/:name", { controller: "files", action: "raw" });
});
`;
const URI = "file:///app/config/routes.ts";

function workspace(routes = ROUTES): RoutingWorkspace {
  const w = new RoutingWorkspace();
  w.set({ uri: URI, version: 1, text: routes });
  w.set({ uri: "file:///app/config/controllers/posts.ts", version: 1, text: "export function index() {}\n" });
  return w;
}

const labels = (items: RoutesTreeItem[]) => items.map((i) => `${i.label}${i.description ? ` — ${i.description}` : ""}`);

describe("service: the routes tree", () => {
  it("by file: files, then declarations (namespaces, nested resources, named routes), then a declaration's own routes", () => {
    const w = workspace();
    const files = routesTree(w, { groupBy: "file" }).items;
    assert.deepStrictEqual(labels(files), ["routes.ts — 7 routes · behaviour B"]);
    const top = routesTree(w, { groupBy: "file", parent: files[0].id }).items;
    assert.deepStrictEqual(labels(top), [
      "resources posts — /posts · 2 routes, 4 with its block",
      "namespace admin — 1 route in its block",
      "connect files/*path — /files/*path · 1 route",
      "connect files/:name — /files/:name · 1 route",
    ]);
    const posts = routesTree(w, { groupBy: "file", parent: top[0].id }).items;
    assert.deepStrictEqual(labels(posts), [
      "resources comments — /posts/:post_id/comments · 2 routes",
      "GET /posts.:format — posts_path · posts#index",
      "GET /posts/:id.:format — post_path · posts#show",
    ]);
    const route = posts[1];
    assert.strictEqual(route.kind, "route");
    assert.strictEqual(route.hasChildren, false);
    assert.strictEqual(ROUTES.slice(route.location!.span.start, route.location!.span.end), `"posts"`);
    assert.strictEqual(route.action?.uri, "file:///app/config/controllers/posts.ts", "the action's location where the module defines it");
    assert.strictEqual(posts[2].action, undefined);
    assert.match(route.tooltip!, /^GET \/posts\.:format → posts#index\nhelper: posts_path/);
  });

  it("by controller: controllers, their actions, their routes; by path: first segments, their routes", () => {
    const w = workspace();
    const controllers = routesTree(w, { groupBy: "controller" }).items;
    assert.deepStrictEqual(
      controllers.map((c) => `${c.label} ${c.routes}`),
      ["admin/users 1", "comments 2", "files 2", "posts 2"],
    );
    const actions = routesTree(w, { groupBy: "controller", parent: controllers[2].id }).items;
    assert.deepStrictEqual(
      actions.map((a) => a.label),
      ["show", "raw"],
    );
    assert.deepStrictEqual(labels(routesTree(w, { groupBy: "controller", parent: actions[0].id }).items), ["ANY /files/*path — files#show"]);
    const paths = routesTree(w, { groupBy: "path" }).items;
    assert.deepStrictEqual(
      paths.map((p) => `${p.label} ${p.routes}`),
      ["/admin 1", "/comments 1", "/files 2", "/posts 3"],
    );
    assert.strictEqual(routesTree(w, { groupBy: "path", parent: paths[3].id }).items.length, 3);
  });

  it("by controller, behaviour C's redirects and routes to an application of their own are groups of their own, each entry where the route goes", () => {
    const w = workspace(`import { draw, redirect } from "resource-routes";
const health = () => new Response("ok");
export default draw({ behaviour: "C" }, (r) => {
  r.get("about", { to: "pages#about" });
  r.get("old", { to: redirect("/about") });
  r.mount(health, { at: "/jobs", as: "jobs" });
  r.get("health", { to: health });
});
`);
    const controllers = routesTree(w, { groupBy: "controller" }).items;
    assert.deepStrictEqual(
      controllers.map((c) => `${c.label} ${c.routes}`),
      ["(applications) 2", "(redirects) 1", "pages 1"],
    );
    assert.deepStrictEqual(labels(routesTree(w, { groupBy: "controller", parent: controllers[0].id }).items), [
      "mounted app /jobs — mounted app /jobs · 1 route",
      "app /health(.:format) — app /health(.:format) · 1 route",
    ]);
  });

  it("by path, a route's group is its path's first segment up to a dot, over every conformance case", () => {
    for (const c of conformanceCases()) {
      const w = new RoutingWorkspace();
      w.set({ uri: URI, version: 1, text: c.ts });
      const expected = new Map<string, number>();
      for (const route of w.routingFile(URI)?.routes.routes ?? []) {
        const first = /^\/[^/.]*/.exec(route.path)![0];
        expected.set(first, (expected.get(first) ?? 0) + 1);
      }
      const groups = routesTree(w, { groupBy: "path" }).items.map((item) => [item.label, item.routes]);
      assert.deepStrictEqual(
        groups,
        [...expected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        c.id,
      );
    }
  });

  it("the filter keeps the routes whose verb, path, helper or controller#action match, and the groups that hold them", () => {
    const w = workspace();
    const files = routesTree(w, { groupBy: "file", filter: "DELETE" }).items;
    assert.deepStrictEqual(
      files.map((f) => f.routes),
      [1],
    );
    const top = routesTree(w, { groupBy: "file", filter: "delete", parent: files[0].id }).items;
    assert.deepStrictEqual(
      top.map((t) => t.label),
      ["resources posts"],
    );
    const comments = routesTree(w, {
      groupBy: "file",
      filter: "delete",
      parent: routesTree(w, { groupBy: "file", filter: "delete", parent: top[0].id }).items[0].id,
    }).items;
    assert.deepStrictEqual(labels(comments), ["DELETE /comments/:id.:format — comment_path · comments#destroy"]);
    assert.deepStrictEqual(
      routesTree(w, { groupBy: "controller", filter: "post_path" }).items.map((c) => c.label),
      ["posts"],
    );
  });

  it("under a filter a declaration's row counts and warns of the routes the filter keeps alone", () => {
    const w = workspace();
    const rows = (filter?: string) => {
      const files = routesTree(w, { groupBy: "file", filter }).items;
      return routesTree(w, { groupBy: "file", filter, parent: files[0].id }).items;
    };
    const all = rows().find((row) => row.label === "resources posts")!;
    assert.strictEqual(all.description, "/posts · 2 routes, 4 with its block");
    // posts#show has no action in the posts module, and the comments controller has no module.
    assert.deepStrictEqual(all.diagnostics?.map((d) => d.code).sort(), ["missing-action", "missing-controller"]);
    const index = rows("posts#index").find((row) => row.label === "resources posts")!;
    assert.strictEqual(index.description, "/posts · 1 route");
    assert.strictEqual(index.diagnostics, undefined, "posts#index exists: no hidden route's problem is repeated");
    const show = rows("posts#show").find((row) => row.label === "resources posts")!;
    assert.deepStrictEqual(
      show.diagnostics?.map((d) => d.code),
      ["missing-action"],
    );
  });

  it("routes carry their problems: an unreachable route has the warning and its message", () => {
    const w = workspace();
    const files = routesTree(w, { groupBy: "file" }).items;
    const top = routesTree(w, { groupBy: "file", parent: files[0].id }).items;
    const raw = routesTree(w, { groupBy: "file", parent: top[3].id }).items[0];
    // The controllers folder has no files module either: both problems are on the route.
    assert.deepStrictEqual(
      raw.diagnostics?.map((d) => d.code),
      ["unreachable-route", "missing-controller"],
    );
    assert.match(raw.tooltip!, /unreachable-route: /);
  });

  it("each route carries only its own problems: a missing action on the route that reaches it, none on routes whose actions exist", () => {
    const w = new RoutingWorkspace();
    w.set({
      uri: URI,
      version: 1,
      text: `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("products", { collection: { search: "get" }, member: { publish: "put" } });\n});\n`,
    });
    w.set({
      uri: "file:///app/config/controllers/products.ts",
      version: 1,
      text: "export function index() {}\nexport function show() {}\nexport function search() {}\nexport function create() {}\n",
    });
    const files = routesTree(w, { groupBy: "file" }).items;
    const declaration = routesTree(w, { groupBy: "file", parent: files[0].id }).items[0];
    const routes = routesTree(w, { groupBy: "file", parent: declaration.id }).items;
    const shown = Object.fromEntries(routes.map((r) => [r.label, (r.diagnostics ?? []).map((d) => d.message.match(/action "(\w+)"/)?.[1])]));
    assert.deepStrictEqual(shown, {
      "GET /products.:format": [],
      "POST /products.:format": [],
      "GET /products/search.:format": [],
      "GET /products/new.:format": ["new"],
      "GET /products/:id/edit.:format": ["edit"],
      "GET /products/:id.:format": [],
      "PUT /products/:id.:format": ["update"],
      "DELETE /products/:id.:format": ["destroy"],
      "PUT /products/:id/publish.:format": ["publish"],
    });
  });

  it("routing files are listed by path, whatever order they were read in", () => {
    const body = (name: string) => `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("${name}"); });\n`;
    const labels = (order: string[]) => {
      const w = new RoutingWorkspace();
      for (const app of order) w.set({ uri: `file:///work/${app}/config/routes.ts`, version: 1, text: body(app) });
      return routesTree(w, { groupBy: "file" }).items.map((item) => item.label);
    };
    assert.deepStrictEqual(labels(["shop", "blog", "admin"]), labels(["admin", "shop", "blog"]));
    assert.deepStrictEqual(labels(["shop", "blog", "admin"]), ["admin/config/routes.ts", "blog/config/routes.ts", "shop/config/routes.ts"]);
  });

  it("pages: a level of 20,000 routes answers a page of items and says how many are left, without making the rest", () => {
    const body = Array.from(
      { length: 2_000 },
      (_, i) =>
        `  map.resources("r${i}", { only: ["index", "show", "create", "update", "destroy"] }, (r) => r.resources("c${i}", { only: ["index", "show", "create", "update", "destroy"] }));`,
    ).join("\n");
    const w = workspace(`import { draw } from "resource-routes";\nexport default draw((map) => {\n${body}\n});\n`);
    const files = routesTree(w, { groupBy: "file" });
    assert.deepStrictEqual([files.items.length, files.items[0].routes], [1, 20_000]);
    const page = routesTree(w, { groupBy: "file", parent: files.items[0].id, limit: 100 });
    assert.deepStrictEqual([page.items.length, page.more], [100, 1_900]);
    const next = routesTree(w, { groupBy: "file", parent: files.items[0].id, offset: 1_950, limit: 100 });
    assert.deepStrictEqual([next.items.length, next.more, next.items[0].label], [50, 0, "resources r1950"]);
    const capped = routesTree(w, { groupBy: "file", parent: files.items[0].id, limit: 1e9 });
    assert.deepStrictEqual([capped.items.length, capped.more], [1_000, 1_000], "a page is at most 1,000 items, whatever is asked");
    const byPath = routesTree(w, { groupBy: "path", limit: 10 });
    assert.deepStrictEqual([byPath.items.length, byPath.more], [10, 1_990]);
  });
});

describe("service: declaration path hints", () => {
  it("at the end of each declaration's first line, the base path its routes share", () => {
    const w = workspace();
    const hints = declarationPathHints(w, URI, { start: 0, end: ROUTES.length });
    const at = (offset: number) => ROUTES.slice(ROUTES.lastIndexOf("\n", offset - 1) + 1, offset).trim();
    assert.deepStrictEqual(
      hints.map((h) => `${at(h.offset)} ▸ ${h.label}`),
      [
        `map.resources("posts", { only: ["index", "show"] }, (post) => { ▸ /posts`,
        `post.resources("comments", { shallow: true, only: ["index", "destroy"] }); ▸ /posts/:post_id/comments`,
        `admin.resources("users", { only: ["index"] }); ▸ /admin/users`,
        `map.connect("files/*path", { controller: "files", action: "show" }); ▸ /files/*path`,
        `map.connect("files/:name", { controller: "files", action: "raw" }); ▸ /files/:name`,
      ],
    );
    assert.deepStrictEqual(declarationPathHints(w, "file:///app/views/x.ts", { start: 0, end: 10 }), []);
  });
});

describe("language server: resourceRoutes/routesTree and path hints", function () {
  this.timeout(30_000);
  it("answers the tree a level at a time and shows path hints in routing files, on by default", async () => {
    const client = new LanguageClient();
    try {
      await client.start(null);
      await client.open(URI, ROUTES);
      const first = (await client.connection.sendRequest("resourceRoutes/routesTree", { groupBy: "file" })) as {
        items: Array<{ id: string; label: string }>;
        more: number;
      };
      assert.deepStrictEqual([first.items.map((i) => i.label), first.more], [["routes.ts"], 0]);
      const top = (await client.connection.sendRequest("resourceRoutes/routesTree", { groupBy: "file", parent: first.items[0].id })) as {
        items: Array<{ label: string; location: rpc.Location }>;
      };
      assert.deepStrictEqual(top.items[0].location, { uri: URI, range: { start: { line: 2, character: 2 }, end: { line: 4, character: 4 } } });
      const hints = (await client.connection.sendRequest(rpc.InlayHintRequest.type, {
        textDocument: { uri: URI },
        range: { start: { line: 0, character: 0 }, end: { line: 11, character: 0 } },
      })) as rpc.InlayHint[];
      assert.deepStrictEqual(
        hints.map((h) => [h.position.line, h.label]),
        [
          [2, "/posts"],
          [3, "/posts/:post_id/comments"],
          [6, "/admin/users"],
          [8, "/files/*path"],
          [9, "/files/:name"],
        ],
      );
    } finally {
      client.kill();
    }
  });
});

describe("service: the routes tree of several applications", () => {
  it("labels each routing file by its path below the folder they share", () => {
    const w = new RoutingWorkspace();
    const routing = `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts"); });\n`;
    w.set({ uri: "file:///repo/blog/config/routes.ts", version: 1, text: routing });
    w.set({ uri: "file:///repo/shop/config/routes.ts", version: 1, text: routing });
    assert.deepStrictEqual(
      routesTree(w, { groupBy: "file" })
        .items.map((i) => i.label)
        .sort(),
      ["blog/config/routes.ts", "shop/config/routes.ts"],
    );
    assert.deepStrictEqual(routesTree(new RoutingWorkspace(), { groupBy: "file" }), { items: [], more: 0 }, "a workspace without routing files");
  });
});
