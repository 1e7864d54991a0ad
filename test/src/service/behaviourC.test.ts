import * as assert from "assert";

import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { service } from "../support/serviceFixture";

/** The language service on a behaviour-C routing file: what it shows for a Rails 2 file, it shows for modern Rails'. */

const ROUTES_C = `import { draw } from "resource-routes";
export default draw({ behaviour: "C" }, (r) => {
  r.resources("posts", () => {
    r.member(() => r.post("publish"));
    r.resources("comments", { shallow: true, only: ["index", "show"] });
  });
  r.scope("(:locale)", () => r.get("about", { to: "pages#about" }));
});
`;

/** A workspace with the routing file (cursor `|` in it) and a view (cursor `^` in it). */
function workspaceOf(routes: string, view = "") {
  const workspace = new RoutingWorkspace();
  workspace.set({ uri: "file:///app/routes.ts", version: 1, text: routes.replace("|", "") });
  workspace.set({ uri: "file:///app/view.ts", version: 1, text: view.replace("^", "") });
  return { workspace, routesAt: routes.indexOf("|"), viewAt: view.indexOf("^") };
}

describe("service: a behaviour-C routing file", () => {
  it("hover on resources lists its routes as Rails 6.1 draws them, its block's first", () => {
    const { workspace, routesAt } = workspaceOf(ROUTES_C.replace(`r.resources("posts"`, `r.resour|ces("posts"`));
    const contents = service(workspace).hover("file:///app/routes.ts", routesAt)!.contents;
    assert.match(contents, /\*\*resources\*\* `posts`: 8 routes/);
    assert.match(contents, /\| PATCH \| `\/posts\/:id\(\.:format\)` \|/);
    assert.match(contents, /\*\*Its block\*\* adds/);
    assert.match(contents, /`\/posts\/:id\/publish\(\.:format\)` \| `publish_post_path`/);
  });

  it("completes the helpers of C's routes in a view, the shallow and optional-group ones included", () => {
    const { workspace, viewAt } = workspaceOf(ROUTES_C, `const url = routes.helpers.^`);
    const labels = service(workspace)
      .completions("file:///app/view.ts", viewAt)
      .map((item) => item.label);
    for (const helper of ["publish_post_path", "post_comments_path", "comment_path", "about_path", "edit_post_path"])
      assert.ok(labels.includes(helper), helper);
  });

  it("reports a name used twice where Rails raised, at the `as` that reused it, and keeps the routes before", () => {
    const text = ROUTES_C.replace(`r.scope(`, `r.get("pics", { to: "photos#index", as: "posts" });\n  r.scope(`);
    const { workspace } = workspaceOf(text);
    const diagnostics = service(workspace).diagnostics("file:///app/routes.ts");
    const taken = diagnostics.find((d) => d.code === "route-name-taken")!;
    assert.strictEqual(taken.severity, "error");
    assert.strictEqual(text.slice(taken.span!.start, taken.span!.end), `"posts"`);
    assert.match(taken.message, /^Invalid route name, already in use: 'posts'/);
  });

  it("reports a member block outside a resource (invalid-route) and a Rails 2 call (unknown-mapper-method)", () => {
    const text = ROUTES_C.replace(`r.scope(`, `r.connect(":controller/:action");\n  r.member(() => r.get("x"));\n  r.scope(`);
    const { workspace } = workspaceOf(text);
    const codes = service(workspace)
      .diagnostics("file:///app/routes.ts")
      .map((d) => `${d.code}: ${d.message.split(" (")[0]}`);
    assert.ok(codes.includes("invalid-route: can't use member outside resource(s) scope"), codes.join("\n"));
    assert.ok(
      codes.some((c) => c.startsWith('unknown-mapper-method: The mapper has no method "connect"')),
      codes.join("\n"),
    );
  });

  it("goes from a helper call to the declaration that draws its route", () => {
    const { workspace, viewAt } = workspaceOf(ROUTES_C, `routes.helpers.publish_po^st_path(1);`);
    const [location] = service(workspace).definitions("file:///app/view.ts", viewAt);
    assert.strictEqual(location.uri, "file:///app/routes.ts");
    assert.strictEqual(ROUTES_C.slice(location.span.start, location.span.end), `"publish"`);
  });
});

describe("service: C's resource options in the editor", () => {
  it("completes C's options (not Rails 2's) in a resources call, and hovers each with what it does in C", () => {
    const text = ROUTES_C.replace(`r.resources("comments", { shallow: true, only: ["index", "show"] });`, `r.resources("comments", { shallow: true, | });`);
    const { workspace, routesAt } = workspaceOf(text);
    const labels = service(workspace)
      .completions("file:///app/routes.ts", routesAt)
      .map((item) => item.label);
    for (const option of ["only", "param", "concerns", "shallow_path", "module", "format"]) assert.ok(labels.includes(option), option);
    for (const railsTwo of ["has_many", "member", "requirements", "path_prefix"]) assert.ok(!labels.includes(railsTwo), railsTwo);
    assert.ok(!labels.includes("shallow"), "an option already written is not offered again");
    const hovered = workspaceOf(ROUTES_C.replace("{ shallow: true,", "{ shal|low: true,"));
    assert.match(
      service(hovered.workspace).hover("file:///app/routes.ts", hovered.routesAt)!.contents,
      /^`shallow: true` — the resources nested in it keep their collection routes/,
    );
  });
});

describe("service: an option behaviour C's declarations do not read", () => {
  it("is a warning at its key, saying what Rails makes of it; a pattern (a segment's constraint) is not", () => {
    const text = ROUTES_C.replace(`r.resources("posts", () => {`, `r.resources("posts", { onyl: ["index"], locale: /en|fr/ }, () => {`);
    const { workspace } = workspaceOf(text);
    const unknown = service(workspace)
      .diagnostics("file:///app/routes.ts")
      .filter((d) => d.code === "unknown-option");
    assert.deepStrictEqual(
      unknown.map((d) => [d.severity, text.slice(d.span!.start, d.span!.end)]),
      [["warning", "onyl"]],
    );
    assert.match(
      unknown[0].message,
      /^resources\(\) reads no option `onyl`: Rails 6\.1 makes it a fixed parameter of each route it draws; did you mean "only"\?$/,
    );
  });
});
