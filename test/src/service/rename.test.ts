import * as assert from "assert";
import { Declaration } from "../../../server/out/routing/declarations";
import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { helperUseDiagnostics } from "../../../server/out/service/helperUses";
import { TextEdit } from "../../../server/out/service/edits";
import { prepareRename, rename } from "../../../server/out/service/rename";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** Rename over multi-file workspaces; `|` marks the cursor in the file it appears in. */
const ROUTES_URI = "file:///app/config/routes.ts";
const VIEW_URI = "file:///app/views/posts.ts";

function workspaceOf(files: Record<string, string>): { workspace: RoutingWorkspace; uri: string; offset: number } {
  const workspace = new RoutingWorkspace();
  let cursor: { uri: string; offset: number } | undefined;
  for (const [uri, text] of Object.entries(files)) {
    const offset = text.indexOf("|");
    if (offset >= 0) cursor = { uri, offset };
    workspace.setFromDisk({ uri, version: 1, text: text.replace("|", "") });
  }
  return { workspace, ...cursor! };
}

/** The workspace's texts after the edits. */
function applied(workspace: RoutingWorkspace, edits: TextEdit[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const document of workspace.documents()) {
    const mine = edits.filter((e) => e.uri === document.uri).sort((a, b) => b.span.start - a.span.start);
    result[document.uri] = mine.reduce((text, e) => text.slice(0, e.span.start) + e.newText + text.slice(e.span.end), document.text.toString());
  }
  return result;
}

const routes = (body: string, behaviour = "B") => `import { draw } from "resource-routes";\nexport default draw({ behaviour: "${behaviour}" }, (map) => {\n${body}\n});\n`;

function renamed(files: Record<string, string>, newName: string): Record<string, string> {
  const { workspace, uri, offset } = workspaceOf(files);
  const result = rename(workspace, uri, offset, newName);
  if ("error" in result) throw new Error(result.error);
  return applied(workspace, result.edits);
}

describe("service: rename", () => {
  it("a resource's name renames the declaration and every helper use of it and of its nested children, in every file", () => {
    const after = renamed(
      {
        [ROUTES_URI]: routes(`  map.resources("po|sts", (post) => post.resources("comments"));`),
        [VIEW_URI]: `link(posts_path(), post_path(1), new_post_path(), edit_post_url(1));\nlink(post_comments_path(1), hash_for_post_comment_path(1, 2), helpers["post_path"]);\nlink(comments_path);`,
      },
      "articles",
    );
    assert.strictEqual(after[ROUTES_URI], routes(`  map.resources("articles", (post) => post.resources("comments"));`));
    assert.strictEqual(
      after[VIEW_URI],
      `link(articles_path(), article_path(1), new_article_path(), edit_article_url(1));\nlink(article_comments_path(1), hash_for_article_comment_path(1, 2), helpers["article_path"]);\nlink(comments_path);`,
    );
  });

  it("from a helper use in another file, with the project's inflector (person → people)", () => {
    const after = renamed({ [ROUTES_URI]: routes(`  map.resources("posts");`), [VIEW_URI]: `link(po|st_path(1), posts_path());` }, "people");
    assert.strictEqual(after[VIEW_URI], `link(person_path(1), people_path());`);
    assert.match(after[ROUTES_URI], /map\.resources\("people"\)/);
  });

  it("shallow nesting, namespaces and singletons", () => {
    const after = renamed(
      {
        [ROUTES_URI]: routes(`  map.namespace("admin", (admin) => admin.resources("posts", { shallow: true }, (p) => p.resources("comm|ents")));\n  map.resource("account");`),
        [VIEW_URI]: `link(admin_post_comments_path(1), admin_comment_path(2), account_path());`,
      },
      "notes",
    );
    assert.strictEqual(after[VIEW_URI], `link(admin_post_notes_path(1), admin_note_path(2), account_path());`);
    const singleton = renamed({ [ROUTES_URI]: routes(`  map.resource("acc|ount");`), [VIEW_URI]: `link(account_path(), edit_account_path());` }, "profile");
    assert.strictEqual(singleton[VIEW_URI], `link(profile_path(), edit_profile_path());`);
  });

  it("behaviour A's formatted twins and B's deprecated formatted_ aliases follow", () => {
    const a = renamed({ [ROUTES_URI]: routes(`  map.resources("po|sts");`, "A"), [VIEW_URI]: `link(formatted_posts_path("json"), formatted_post_path(1, "xml"));` }, "articles");
    assert.strictEqual(a[VIEW_URI], `link(formatted_articles_path("json"), formatted_article_path(1, "xml"));`);
    const b = renamed({ [ROUTES_URI]: routes(`  map.resources("po|sts");`), [VIEW_URI]: `link(formatted_post_path(1, "xml"));` }, "articles");
    assert.strictEqual(b[VIEW_URI], `link(formatted_article_path(1, "xml"));`);
  });

  it("an as: value is renamed where it is written; it names the path, not the helpers, so their uses stay", () => {
    const after = renamed({ [ROUTES_URI]: routes(`  map.resources("posts", { as: "arti|cles" });`), [VIEW_URI]: `link(posts_path());` }, "stories");
    assert.match(after[ROUTES_URI], /as: "stories"/);
    assert.strictEqual(after[VIEW_URI], `link(posts_path());`);
  });

  it("refuses a name another route holds, and one that is not a name", () => {
    const { workspace, uri, offset } = workspaceOf({ [ROUTES_URI]: routes(`  map.resources("articles");\n  map.resources("po|sts");`) });
    const taken = rename(workspace, uri, offset, "articles");
    assert.ok("error" in taken && /already held|already the name/.test(taken.error), JSON.stringify(taken));
    const bad = rename(workspace, uri, offset, "not-a-name");
    assert.ok("error" in bad && /not a name a route can have/.test(bad.error));
  });

  it("refuses a name a later declaration holds, which would lose it", () => {
    const { workspace, uri, offset } = workspaceOf({ [ROUTES_URI]: routes(`  map.resources("po|sts");\n  map.resources("things");\n  map.resources("articles");`) });
    const taken = rename(workspace, uri, offset, "articles");
    assert.ok("error" in taken && /would lose its name "articles"/.test(taken.error), JSON.stringify(taken));
    assert.ok(!("error" in rename(workspace, uri, offset, "entries")), "and the workspace goes on");
  });

  it("leaves the routing file's analysis as one made afresh of its text, open or closed, and the next edits start from it", () => {
    const lines = [`  map.resources("posts", { member: { publish: "put" } }, (p) => p.resources("comments"));`];
    for (let i = 0; i < 12; i++) lines.push(`  map.resources("things${i}", { only: ["index", "show"]${i === 9 ? ", typo: 1" : ""} });`);
    lines.push(`  map.resources("things3");`);
    const text = routes(lines.join("\n"));
    for (const open of [false, true]) {
      const workspace = new RoutingWorkspace();
      const document = { uri: ROUTES_URI, version: 1, text };
      if (open) workspace.set(document);
      else workspace.setFromDisk(document);
      workspace.setFromDisk({ uri: VIEW_URI, version: 1, text: `link(things5_index_path(), things5_path(1), things9_path());` });
      workspace.routingFile(ROUTES_URI);
      // Shorter than the name, so that what follows it moves; the declaration names twice further down.
      const result = rename(workspace, ROUTES_URI, text.indexOf(`"things5"`) + 2, "gizmo");
      assert.ok(!("error" in result) && result.edits.length === 3, JSON.stringify(result));
      assert.deepStrictEqual(analysisOf(workspace), analysisOf(fresh(text)), `${open ? "open" : "closed"}: after the rename`);
      // Worked out and brought back at the cost of the edit: one declaration expanded again each way.
      const edit = workspace.routingFile(ROUTES_URI)!.routes.table.edit;
      assert.deepStrictEqual(edit && [edit.at, edit.removed.length, edit.added.length], [6, 1, 1]);
      const taken = rename(workspace, ROUTES_URI, text.indexOf(`"things3"`) + 2, "things4");
      assert.ok("error" in taken, JSON.stringify(taken));
      assert.deepStrictEqual(analysisOf(workspace), analysisOf(fresh(text)), `${open ? "open" : "closed"}: after a refused rename`);
      const next = text.replace(`"things7", { only: ["index", "show"] }`, `"things7", { only: ["index"] }`).replace(`things10`, `widgets`);
      if (open) workspace.set({ uri: ROUTES_URI, version: 2, text: next });
      else workspace.setFromDisk({ uri: ROUTES_URI, version: 2, text: next });
      assert.deepStrictEqual(analysisOf(workspace), analysisOf(fresh(next)), `${open ? "open" : "closed"}: after an edit`);
    }
  });

  it("works out the renamed version from the current one, at the cost of the edit", () => {
    const text = routes(Array.from({ length: 8 }, (_, i) => `  map.resources("things${i}");`).join("\n"));
    const workspace = fresh(text);
    workspace.routingFile(ROUTES_URI);
    const start = text.indexOf("things5");
    const change = { start, oldEnd: start + "things5".length, newEnd: start + "gizmo".length };
    const seen = workspace.withRoutingEdit(ROUTES_URI, text.slice(0, start) + "gizmo" + text.slice(change.oldEnd), change, (current, edited) => {
      const edit = edited!.routes.table.edit;
      return { continues: edit?.from === current.routes.table.version, run: edit && [edit.at, edit.removed.length, edit.added.length], names: edited!.routes.routes.map((r) => r.name).filter((n) => n?.startsWith("gizmo")) };
    });
    assert.deepStrictEqual(seen, { continues: true, run: [5, 1, 1], names: ["gizmo_index", "gizmo"] });
  });

  it("says so when the routes' controller changes (no controller: option), and not when it is fixed", () => {
    const { workspace, uri, offset } = workspaceOf({ [ROUTES_URI]: routes(`  map.resources("po|sts");`) });
    const result = rename(workspace, uri, offset, "articles");
    assert.ok(!("error" in result) && /posts → articles/.test(result.note ?? ""), JSON.stringify(result));
    const fixed = workspaceOf({ [ROUTES_URI]: routes(`  map.resources("po|sts", { controller: "posts" });`) });
    const kept = rename(fixed.workspace, fixed.uri, fixed.offset, "articles");
    assert.ok(!("error" in kept) && kept.note === undefined);
  });

  it("prepareRename: the name as written, or a clear refusal elsewhere", () => {
    const { workspace, uri, offset } = workspaceOf({ [ROUTES_URI]: routes(`  map.resources("posts");`), [VIEW_URI]: `link(post_comm|ents);` });
    assert.ok("error" in prepareRename(workspace, uri, offset));
    const onUse = workspaceOf({ [ROUTES_URI]: routes(`  map.resources("posts");`), [VIEW_URI]: `link(edit_po|st_path(1));` });
    assert.deepStrictEqual(prepareRename(onUse.workspace, onUse.uri, onUse.offset), { span: { start: 5, end: 19 }, placeholder: "posts" });
  });

  it("leaves the workspace with no unknown-helper", () => {
    const files = { [ROUTES_URI]: routes(`  map.resources("po|sts", (p) => p.resources("tags"));`), [VIEW_URI]: `routes.helpers.post_tags_path(1); routes.helpers.posts_url();` };
    const after = renamed(files, "entries");
    const workspace = new RoutingWorkspace();
    for (const [uri, text] of Object.entries(after)) workspace.setFromDisk({ uri, version: 2, text });
    assert.deepStrictEqual(helperUseDiagnostics(workspace, VIEW_URI), []);
    assert.match(after[VIEW_URI], /entry_tags_path/);
  });
});

function fresh(text: string): RoutingWorkspace {
  const workspace = new RoutingWorkspace();
  workspace.setFromDisk({ uri: ROUTES_URI, version: 1, text });
  return workspace;
}

/** What the workspace knows of the routing file: its routes and names, its diagnostics and where each declaration and option is written. */
function analysisOf(workspace: RoutingWorkspace): unknown {
  const file = workspace.routingFile(ROUTES_URI)!;
  const at = (span: { start: number; end: number } | undefined) => span && [span.start, span.end];
  const declarations = (list: Declaration[]): unknown[] =>
    list.map((d) => ({
      kind: d.kind,
      names: d.names,
      call: at(d.source?.call),
      spans: d.source?.names.map(at),
      options: [...(d.source?.options ?? [])].map(([path, o]) => [path, at(o.key), at(o.value)]),
      block: d.block && declarations(d.block),
    }));
  return {
    routes: file.routes.routes.map((r) => JSON.stringify(r.toJSON())),
    named: [...file.routes.table.named.keys()].sort(),
    diagnostics: documentDiagnostics(workspace, ROUTES_URI).map((d) => [d.code, at(d.span), d.message]),
    declarations: declarations(file.analysis.tree!.body),
  };
}
