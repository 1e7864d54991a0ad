import * as assert from "assert";

import type { DeclarationSymbol } from "../../../server/out/service/outline";
import { ROUTES, service, workspaceWith } from "../support/serviceFixture";

/** The language service, through its entry point: going from helpers to routes and back: definitions, references, symbols, the outline. */

describe("service: go to definition", () => {
  it("from a helper use to the name of the declaration that made its route", () => {
    const { workspace, offset, uri } = workspaceWith(`redirect(comme|nt_url(c))`);
    const [location] = service(workspace).definitions(uri, offset);
    assert.strictEqual(location.uri, "file:///app/routes.ts");
    assert.strictEqual(ROUTES.slice(location.span.start, location.span.end), `"comments"`);
  });
  it("from a has_one helper to the has_one value", () => {
    const { workspace, offset, uri } = workspaceWith(`post_aut|hor_path(1)`);
    const [location] = service(workspace).definitions(uri, offset);
    assert.strictEqual(ROUTES.slice(location.span.start, location.span.end), `"author"`);
  });
});

describe("service: find references", () => {
  const VIEW = `link(post_comments_path(p)); redirect(comment_url(c));\nposts_path(); post_comments_path(q);|`;
  const USES = VIEW.replace("|", "");
  it("from a declaration's name: the uses of its routes' helpers in every document, and the declaration (the string's content, as TypeScript's own reference has it)", () => {
    const { workspace } = workspaceWith(VIEW);
    const offset = ROUTES.indexOf(`"comments"`) + 3;
    const found = service(workspace).references("file:///app/routes.ts", offset, true);
    const text = (uri: string) => workspace.document(uri)!.text;
    assert.deepStrictEqual(
      found.map((l) => [l.uri.replace("file:///app/", ""), text(l.uri).slice(l.span.start, l.span.end)]),
      [
        ["routes.ts", `comments`],
        ["views.ts", "post_comments_path"],
        ["views.ts", "comment_url"],
        ["views.ts", "post_comments_path"],
      ],
    );
  });
  it("from a helper use: the uses of that route only, without the declaration when not asked", () => {
    const { workspace, uri } = workspaceWith(VIEW);
    const found = service(workspace).references(uri, USES.indexOf("posts_path") + 2, false);
    assert.deepStrictEqual(
      found.map((l) => USES.slice(l.span.start, l.span.end)),
      ["posts_path"],
    );
  });
  it("nothing from a word that is no helper", () => {
    const { workspace, uri } = workspaceWith(`const x = 1;|`);
    assert.deepStrictEqual(service(workspace).references(uri, 7, true), []);
  });
});

describe("service: workspace symbols", () => {
  it("helper names whose letters contain the query in order, leading to their declaration", () => {
    const { workspace } = workspaceWith(`|`);
    const symbols = service(workspace).workspaceSymbols("admus");
    assert.deepStrictEqual(
      symbols.map((s) => [s.name, s.detail]),
      [
        ["admin_users_path", "GET /admin/users.:format"],
        ["admin_users_url", "GET /admin/users.:format"],
      ],
    );
    assert.strictEqual(ROUTES.slice(symbols[0].span.start, symbols[0].span.end), `"users"`);
  });
  it("the query's letters in order through the name and its suffix, in any case, as a filter over every helper name would find them", () => {
    const { workspace } = workspaceWith(`|`);
    const everyHelper = [...workspace.namedRoutes()].flatMap(([name]) => [`${name}_path`, `${name}_url`]);
    for (const query of ["PATH", "_url", "surl", "admUSp", "pp", "hp", "xyz", "", "admin_users_path", "admin_users_path_"]) {
      const letters = [...query.toLowerCase()];
      const expected = everyHelper.filter((helper) => {
        let at = 0;
        return letters.every((char) => (at = helper.indexOf(char, at) + 1) > 0);
      });
      assert.deepStrictEqual(
        service(workspace)
          .workspaceSymbols(query)
          .map((s) => s.name),
        expected,
        query,
      );
    }
    assert.ok(
      service(workspace).workspaceSymbols("PATH").length > 0 &&
        service(workspace)
          .workspaceSymbols("surl")
          .some((s) => s.name === "posts_url"),
    );
  });
});

describe("service: outline", () => {
  it("document symbols are the declaration tree with route counts", () => {
    const { workspace, uri } = workspaceWith(`${ROUTES}|`, "file:///app/routes.ts");
    const symbols = service(workspace).documentSymbols(uri);
    const shape = (s: DeclarationSymbol): unknown => [s.name, s.detail, s.children.map(shape)];
    assert.deepStrictEqual(symbols.map(shape), [
      ["resources posts", "14 routes, 16 with its block", [["resources comments", "2 routes", []]]],
      ["namespace admin", "1 route in its block", [["resources users", "1 route", []]]],
    ]);
    assert.strictEqual(ROUTES.slice(symbols[0].selection.start, symbols[0].selection.end), `"posts"`);
  });
  it("code lenses count the routes of each declaration on its method name", () => {
    const { workspace, uri } = workspaceWith(`${ROUTES}|`, "file:///app/routes.ts");
    const lenses = service(workspace).routeCountLenses(uri);
    assert.deepStrictEqual(
      lenses.map((l) => [ROUTES.slice(l.span.start, l.span.end), l.title]),
      [
        ["resources", "14 routes, 16 with its block"],
        ["resources", "2 routes"],
        ["resources", "1 route"],
      ],
    );
  });
});
