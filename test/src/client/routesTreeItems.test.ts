import * as assert from "assert";

import { helperCall, searchLabel, treeItemSpec } from "../../../client/out/routesTreeItems";

/** The Routes view's items, as the extension builds them from the server's routes tree (no editor needed). */

const location = { uri: "file:///app/routes.ts", range: { start: { line: 3, character: 2 }, end: { line: 3, character: 30 } } };

describe("client: the Routes view's items", () => {
  it("a route: verb and path as its label, helper and controller#action beside, a click goes to its declaration", () => {
    const spec = treeItemSpec({
      label: "GET /posts/:id.:format",
      description: "post_path · posts#show",
      kind: "route",
      routes: 1,
      hasChildren: false,
      location,
      action: { uri: "file:///app/controllers/posts.ts", range: location.range },
      route: { verb: "GET", path: "/posts/:id.:format", helper: "post_path", target: "posts#show" },
    });
    assert.deepStrictEqual(
      [spec.label, spec.description, spec.icon, spec.collapsible, spec.contextValue],
      ["GET /posts/:id.:format", "post_path · posts#show", "arrow-right", false, "route.action"],
    );
    assert.deepStrictEqual(spec.command, { command: "resourceRoutes.openLocation", title: "Go to Declaration", arguments: ["file:///app/routes.ts", 3, 2] });
    assert.ok(spec.id, "routes get an id from their declaration, so expansion and selection survive a refresh");
  });

  it("a route with a problem carries its icon and message; a group expands and has no click", () => {
    const warned = treeItemSpec({
      label: "ANY /files/:name",
      kind: "route",
      routes: 1,
      hasChildren: false,
      route: { verb: "ANY", path: "/files/:name", target: "files#raw" },
      diagnostics: [{ severity: "warning", code: "unreachable-route", message: "never reached" }],
    });
    assert.deepStrictEqual([warned.icon, warned.description, warned.contextValue], ["warning", "⚠ never reached", "route"]);
    // Each row as its most severe problem is: information is no warning.
    const row = (severities: string[]) =>
      treeItemSpec({
        label: "GET /x",
        kind: "route",
        routes: 1,
        hasChildren: false,
        route: { verb: "GET", path: "/x", target: "x#show" },
        diagnostics: severities.map((severity) => ({ severity, code: severity, message: `a ${severity}` })),
      });
    assert.deepStrictEqual([row(["information"]).icon, row(["information"]).description], ["info", "ⓘ a information"]);
    assert.deepStrictEqual([row(["information", "error", "warning"]).icon, row(["information", "error", "warning"]).description], ["error", "✖ a error"]);
    assert.deepStrictEqual(row(["hint", "warning"]).icon, "warning");
    const group = treeItemSpec({ id: "c|posts", label: "posts", kind: "controller", routes: 7, hasChildren: true });
    assert.deepStrictEqual(
      [group.id, group.icon, group.collapsible, group.contextValue, group.command],
      ["c|posts", "symbol-module", true, "group", undefined],
    );
    assert.strictEqual(
      treeItemSpec({ id: "d|u|0", label: "resources posts", kind: "resources", routes: 7, hasChildren: true, location }).contextValue,
      "declaration",
    );
  });

  it("the helper call to copy names the path's segments; Search Routes matches on verb, path, helper and action", () => {
    assert.strictEqual(helperCall({ path: "/posts/:post_id/comments/:id.:format", helper: "post_comment_path" }), "post_comment_path(post_id, id)");
    assert.strictEqual(helperCall({ path: "/files/*path", helper: "files_path" }), "files_path(path)");
    assert.strictEqual(helperCall({ path: "/x" }), undefined);
    assert.deepStrictEqual(searchLabel({ verb: "PUT", path: "/posts/:id.:format", helper: "post_path", target: "posts#update" }), {
      label: "PUT /posts/:id.:format",
      description: "post_path · posts#update",
    });
  });
});
