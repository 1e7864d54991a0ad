import * as assert from "assert";

import { MAX_HOVER_ROWS } from "../../../server/out/service/hover";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { ROUTES, service, workspaceWith } from "../support/serviceFixture";

/** The language service, through its entry point: hovers: a declaration's routes, an option's meaning, a helper's route. */

describe("service: hover", () => {
  it("on a declaration lists the routes it generates, has_one children included", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`map.resources("posts"`, `map.resour|ces("posts"`), "file:///app/routes.ts");
    const hover = service(workspace).hover(uri, offset)!;
    // 8 of its own and 6 of has_one: "author"; the block's resources are declarations of their own
    assert.match(hover.contents, /^\*\*resources\*\* `posts`: 14 routes/);
    assert.match(hover.contents, /\| PUT \| `\/posts\/:id\/publish\.:format` \| `publish_post_path` \| `posts#publish` \|/);
    assert.match(hover.contents, /`\/posts\/:post_id\/author\.:format` \| `post_author_path`/);
    // then what its block generates, grouped by declaration
    const [own, block] = hover.contents.split("**Its block** adds 2 routes:");
    assert.doesNotMatch(own, /comments#/);
    assert.match(block, /\*\*resources `comments`\*\*: 2 routes[\s\S]*`\/posts\/:post_id\/comments\.:format` \| `post_comments_path` \| `comments#index`/);
  });
  it("on a declaration with a large block: its block's routes up to a limit, the rest counted", () => {
    const children = Array.from({ length: 12 }, (_, i) => `p.resources("kids${i}");`).join(" ");
    const text = ROUTES.replace(`map.namespace("admin"`, `map.resources("parents", (p) => { ${children} });\n  map.namespace("admin"`);
    const { workspace, offset, uri } = workspaceWith(text.replace(`"parents"`, `"par|ents"`), "file:///app/routes.ts");
    const contents = service(workspace).hover(uri, offset)!.contents;
    assert.match(contents, /\*\*Its block\*\* adds 84 routes:/);
    const rows = contents.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| verb"));
    assert.strictEqual(rows.length, MAX_HOVER_ROWS);
    assert.match(contents, /… 3 more\n\n… and 28 more routes of 4 more declarations/);
  });
  it("on a nested declaration's name lists only its routes, with shallow names", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`"comments"`, `"comm|ents"`), "file:///app/routes.ts");
    const hover = service(workspace).hover(uri, offset)!;
    assert.match(hover.contents, /`comments`: 2 routes/);
    assert.match(hover.contents, /`post_comments_path`[\s\S]*`comment_path`/);
  });
  it("on a declaration counts each route's helper calls in the workspace, and says which routes recorded tests exercise", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`map.namespace("admin"`, `map.names|pace("admin"`), "file:///app/routes.ts");
    workspace.set({
      uri: "file:///app/views.ts",
      version: 1,
      text: "link(routes.helpers.admin_users_path(), routes.helpers.admin_users_url());\nlink(routes.helpers.admin_users_path());\n",
    });
    const rows = (contents: string) => contents.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| verb"));
    assert.deepStrictEqual(rows(service(workspace).hover(uri, offset)!.contents), [
      "| GET | `/admin/users.:format` | `admin_users_path` | `admin/users#index` | 3 |",
    ]);
    assert.match(service(workspace).hover(uri, offset)!.contents, /\| verb \| path \| helper \| controller#action \| calls \|\n\|---\|---\|---\|---\|---\|/);
    // With coverage recorded: a column of what the tests exercised.
    workspace.coverage = { exercised: (routing) => (routing === uri ? new Set(["GET /admin/users.:format admin/users#index"]) : undefined) };
    assert.deepStrictEqual(rows(service(workspace).hover(uri, offset)!.contents), [
      "| GET | `/admin/users.:format` | `admin_users_path` | `admin/users#index` | 3 | ✓ |",
    ]);
    workspace.coverage = { exercised: () => new Set() };
    assert.deepStrictEqual(rows(service(workspace).hover(uri, offset)!.contents), [
      "| GET | `/admin/users.:format` | `admin_users_path` | `admin/users#index` | 3 | — |",
    ]);
  });
  it("on an option key explains the option", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`shallow: true`, `shal|low: true`), "file:///app/routes.ts");
    assert.match(service(workspace).hover(uri, offset)!.contents, /leave out the parent prefix/);
  });
  it("on a helper name in another file: its route, arguments and declaration", () => {
    const { workspace, offset, uri } = workspaceWith(`link(post_comm|ents_path(post));`);
    const hover = service(workspace).hover(uri, offset)!;
    assert.match(hover.contents, /^`post_comments_path\(post_id, format\?\)`/);
    assert.match(hover.contents, /GET `\/posts\/:post_id\/comments\.:format` → `comments#index`/);
    // A link to the declaration's line, not a raw URI.
    const line = ROUTES.slice(0, ROUTES.indexOf(`"comments"`)).split("\n").length;
    assert.match(hover.contents, new RegExp(`Declared in \\[routes\\.ts:${line}\\]\\(file:///app/routes\\.ts#L${line}\\)$`));
  });
  it("a helper declared in a file whose name holds parentheses and spaces: the link is not cut short", () => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///app/my%20routes%20(v2).ts", version: 1, text: ROUTES.replace("|", "") });
    workspace.set({ uri: "file:///app/views.ts", version: 1, text: "link(post_comments_path(post));" });
    const hover = service(workspace).hover("file:///app/views.ts", "link(post_comm".length)!;
    assert.match(hover.contents, /Declared in \[my routes \(v2\)\.ts:\d+\]\(file:\/\/\/app\/my%20routes%20%28v2%29\.ts#L\d+\)$/);
  });
  it("nothing on a name that is no helper", () => {
    const { workspace, offset, uri } = workspaceWith(`link(artcle_pa|th(1));`);
    assert.strictEqual(service(workspace).hover(uri, offset), undefined);
  });
});

describe("service: hover notes", () => {
  it("a declaration whose route name is taken says so, naming the holder", () => {
    const text = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("photos");
  map.resource("photo", { only: "show" });
});
`;
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///r.ts", version: 1, text });
    const hover = service(workspace).hover("file:///r.ts", text.indexOf(`"photo"`) + 2)!;
    assert.match(hover.contents, /\*\*Name taken:\*\* The route name "photo" is already held by GET \/photos\/:id/);
  });
});
