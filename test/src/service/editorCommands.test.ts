import * as assert from "assert";

import { helperWords } from "../../../server/out/service/references";
import { DEFAULT_SETTINGS, readSettings } from "../../../server/out/service/settings";
import { ROUTES, service, workspaceWith } from "../support/serviceFixture";

/** The language service, through its entry point: the editor's commands (routes table, recognition) and inlay hints. */

describe("service: routes table and recognition (the editor commands)", () => {
  it("the table has a heading per routing file and a row per route, each linked to its declaration", () => {
    const { workspace } = workspaceWith(`|`);
    const table = service(workspace).routesTable();
    const lines = table.text.split("\n");
    assert.strictEqual(lines[0], "# file:///app/routes.ts — behaviour B, 17 of 17 routes");
    const row = table.rows.find((r) => r.helper === "admin_users_path")!;
    assert.match(lines[row.line], /^\s*admin_users GET\s+\/admin\/users\.:format\s+admin\/users#index$/);
    assert.strictEqual(ROUTES.slice(row.span!.start, row.span!.end), `"users"`);
  });
  it("headings name files relative to their workspace folder", () => {
    const { workspace } = workspaceWith(`|`);
    assert.match(service(workspace).routesTable({ folders: ["file:///app"] }).text, /^# routes\.ts — behaviour B/);
  });
  it("a filter keeps the rows containing it, ignoring case", () => {
    const { workspace } = workspaceWith(`|`);
    const table = service(workspace).routesTable({ filter: "PUBLISH" });
    assert.deepStrictEqual(
      table.rows.map((r) => r.helper),
      ["publish_post_path"],
    );
    assert.match(table.text, /1 of 17 routes/);
  });
  it("reveal marks the rows of the declaration written at an offset: its own routes, not its block's", () => {
    const { workspace } = workspaceWith(`|`);
    const at = (text: string) =>
      service(workspace)
        .routesTable({ uri: "file:///app/routes.ts", reveal: ROUTES.indexOf(text) })
        .rows.filter((r) => r.revealed)
        .map((r) => r.helper ?? "");
    const posts = at('resources("posts"');
    // posts' 8 routes and has_one author's 6 (declared in its options), none of comments'
    assert.deepStrictEqual(
      posts.filter((h) => h.startsWith("post_comment")),
      [],
    );
    assert.ok(posts.includes("publish_post_path") && posts.includes("post_author_path"), posts.join());
    assert.strictEqual(posts.length, 14);
    assert.deepStrictEqual(at('resources("comments"'), ["post_comments_path", "comment_path"]);
    // Outside any declaration, or asked of no file, nothing is marked.
    assert.deepStrictEqual(at("import"), []);
    assert.strictEqual(
      service(workspace)
        .routesTable({ reveal: ROUTES.indexOf("comments") })
        .rows.filter((r) => r.revealed).length,
      0,
    );
  });
  it("recognition names the route, its parameters and its declaration; a routing error says why", () => {
    const { workspace } = workspaceWith(`|`);
    const found = service(workspace).recognize("PUT", "/posts/7/publish");
    assert.deepStrictEqual(found.matched && [found.route, found.controller, found.action, found.params], ["publish_post", "posts", "publish", { id: "7" }]);
    assert.deepStrictEqual(service(workspace).recognize("GET", "/nowhere"), { matched: false, error: `No route matches "/nowhere" with {:method=>:get}` });
  });
  it("recognition explained: the routes in order up to the match, each with why it was passed over, and where it is declared", () => {
    const { workspace } = workspaceWith(`|`);
    const found = service(workspace).recognize("PUT", "/posts/7/publish", true);
    const routes = found.explanation!.routes;
    assert.strictEqual(routes[routes.length - 1].line, "PUT /posts/:id/publish.:format posts#publish");
    assert.strictEqual(routes[routes.length - 1].passedOver, undefined);
    assert.ok(
      routes.slice(0, -1).every((r) => r.passedOver && r.span),
      JSON.stringify(routes),
    );
    assert.strictEqual(found.explanation!.uri, "file:///app/routes.ts");
    const missed = service(workspace).recognize("GET", "/nowhere", true);
    assert.ok(!missed.matched && missed.explanation!.routes.length === 17 && missed.explanation!.routes.every((r) => r.passedOver));
  });
  it("file info: the behaviour and route count of a routing file, nothing for other files", () => {
    const { workspace, uri } = workspaceWith(`|`);
    assert.deepStrictEqual(service(workspace).fileInfo("file:///app/routes.ts"), { behaviour: "B", routes: 17 });
    assert.strictEqual(service(workspace).fileInfo(uri), undefined);
  });
});

describe("service: inlay hints", () => {
  const hintsOf = (view: string) => {
    const { workspace, uri } = workspaceWith(view);
    const text = workspace.document(uri)!.text;
    return service(workspace)
      .inlayHints(uri, { start: 0, end: text.length })
      .map((h) => [text.slice(0, h.offset).split("\n").pop(), h.label]);
  };
  it("after a helper call: the path it builds, literal arguments filled in, the others as their keys", () => {
    assert.deepStrictEqual(hintsOf(`link(post_comments_path(post, "json"));\nlink(publish_post_path(7));|`), [
      ['link(post_comments_path(post, "json")', "▸ /posts/:post_id/comments.json"],
      ["link(publish_post_path(7)", "▸ /posts/7/publish"],
    ]);
  });
  it("a format not given is left out (B), values are encoded, strings and brackets inside arguments are skipped", () => {
    assert.deepStrictEqual(hintsOf(`x(comment_path("a b"), post_path(f(1, 2)), admin_users_url());|`), [
      ['x(comment_path("a b")', "▸ /comments/a%20b"],
      ['x(comment_path("a b"), post_path(f(1, 2))', "▸ /posts/:id"],
      ['x(comment_path("a b"), post_path(f(1, 2)), admin_users_url()', "▸ /admin/users"],
    ]);
  });
  it("no hint for a helper that is not called, names no route, or passes named values; only inside the asked range", () => {
    assert.deepStrictEqual(hintsOf(`const f = post_path; artcle_path(1); post_path({ id: 1 }); hash_for_post_path(1);|`), []);
    const { workspace, uri } = workspaceWith(`post_path(1);\n\n\n\nposts_path();|`);
    assert.deepStrictEqual(
      service(workspace)
        .inlayHints(uri, { start: 16, end: 30 })
        .map((h) => h.label),
      ["▸ /posts"],
    );
  });
  it("a call's length counts from its parenthesis, however many spaces come before it", () => {
    const long = (spaces: number, length: number) => `post_path${" ".repeat(spaces)}(7${" ".repeat(length - 3)});|`;
    assert.deepStrictEqual(
      hintsOf(long(500, 2_000)).map(([, label]) => label),
      ["▸ /posts/7"],
    );
    assert.deepStrictEqual(
      hintsOf(long(0, 2_000)).map(([, label]) => label),
      ["▸ /posts/7"],
    );
    assert.deepStrictEqual(hintsOf(long(500, 2_001)), []);
  });
  it("a range's helper words are those of the whole text that overlap it (a range may begin or end inside a word)", () => {
    const text = "post_path(1); x_post_path; $a_url\nposts_path()post_url admin_users_url(1)";
    const all = [...helperWords(text)];
    assert.strictEqual(all.length, 6);
    for (let start = 0; start <= text.length; start++) {
      for (let end = start; end <= text.length; end++) {
        const expected = all.filter((w) => w.span.end >= start && w.span.start <= end);
        assert.deepStrictEqual([...helperWords(text, { start, end })], expected, `${start}..${end}`);
      }
    }
  });
  it("is off unless resourceRoutes.inlayHints.enabled is true", () => {
    assert.strictEqual(DEFAULT_SETTINGS.features.inlayHints, false);
    assert.strictEqual(readSettings({ inlayHints: { enabled: true } }).settings.features.inlayHints, true);
  });
});
