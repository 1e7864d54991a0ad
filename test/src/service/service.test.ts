import * as assert from "assert";
import { helperDetails, MAX_HELPER_ITEMS } from "../../../server/out/service/completion";
import { helperUseDiagnostics } from "../../../server/out/service/helperUses";
import { MAX_HOVER_ROWS } from "../../../server/out/service/hover";
import type { DeclarationSymbol } from "../../../server/out/service/outline";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { createRoutesLanguageService } from "../../../server/out/service/languageService";
import { FileSystem, indexFile, indexFolder } from "../../../server/out/service/indexer";
import { helperWords } from "../../../server/out/service/references";
import { DEFAULT_SETTINGS, readSettings } from "../../../server/out/service/settings";
import { helperLists } from "../../../server/out/service/helperIndex";

/** The language service (its entry point) over a workspace. */
const service = (workspace: RoutingWorkspace) => createRoutesLanguageService(workspace);

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
  it("on an option key explains the option", () => {
    const { workspace, offset, uri } = workspaceWith(ROUTES.replace(`shallow: true`, `shal|low: true`), "file:///app/routes.ts");
    assert.match(service(workspace).hover(uri, offset)!.contents, /leave out the parent prefix/);
  });
  it("on a helper name in another file: its route, arguments and declaration", () => {
    const { workspace, offset, uri } = workspaceWith(`link(post_comm|ents_path(post));`);
    const hover = service(workspace).hover(uri, offset)!;
    assert.match(hover.contents, /^`post_comments_path\(post_id, format\?\)`/);
    assert.match(hover.contents, /GET `\/posts\/:post_id\/comments\.:format` → `comments#index`/);
    assert.match(hover.contents, /file:\/\/\/app\/routes\.ts/);
  });
  it("nothing on a name that is no helper", () => {
    const { workspace, offset, uri } = workspaceWith(`link(artcle_pa|th(1));`);
    assert.strictEqual(service(workspace).hover(uri, offset), undefined);
  });
});

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

describe("service: helper-use diagnostics", () => {
  it("an unknown helper gets a warning with the nearest existing name", () => {
    const { workspace, uri } = workspaceWith(`routes.helpers.pots_path(); routes.helpers["post_path"](1);|`);
    const [d] = helperUseDiagnostics(workspace, uri);
    assert.strictEqual(d.code, "unknown-helper");
    assert.strictEqual(d.replacement, "posts_path");
    assert.strictEqual(workspace.document(uri)!.text.slice(d.span!.start, d.span!.end), "pots_path");
  });
  it("a misspelt helper suffix is suggested among the helper names", () => {
    const { workspace, uri } = workspaceWith(`routes.helpers.post_pth(1); routes.helpers.posts_ulr();|`);
    assert.deepStrictEqual(
      helperUseDiagnostics(workspace, uri).map((d) => d.replacement),
      ["post_path", "posts_url"],
    );
  });
  it("a helper name still being typed is judged once it is complete: called, or edited elsewhere", () => {
    const { workspace, uri } = workspaceWith(`link(routes.helpers.po);\nlet x = 1;|`);
    const type = (text: string) => workspace.set({ uri, version: workspace.document(uri)!.version + 1, text });
    const codes = () => helperUseDiagnostics(workspace, uri).map((d) => d.code);
    type(`link(routes.helpers.pos);\nlet x = 1;`);
    assert.deepStrictEqual(codes(), [], "the edit ended at the name's end");
    type(`link(routes.helpers.pos());\nlet x = 1;`);
    assert.deepStrictEqual(codes(), ["unknown-helper"], "called");
    type(`link(routes.helpers.pos);\nlet x = 1;`);
    type(`link(routes.helpers.pos);\nlet x = 12;`);
    assert.deepStrictEqual(codes(), ["unknown-helper"], "an edit elsewhere");
  });
  it("through an alias of the helpers object and destructured helpers: unknown-helper, completion, definition, references and rename", () => {
    const view = `const h = routes.helpers;\nh.post_commnet_path(1);\nconst { posts_pth, post_path } = routes.helpers;\nh.po|st_path(2);\n`;
    const { workspace, uri, offset } = workspaceWith(view);
    const text = workspace.document(uri)!.text;
    const unknown = helperUseDiagnostics(workspace, uri).map((d) => [d.code, text.slice(d.span!.start, d.span!.end), d.replacement]);
    assert.deepStrictEqual(unknown, [
      ["unknown-helper", "post_commnet_path", "post_comments_path"],
      ["unknown-helper", "posts_pth", "posts_path"],
    ]);
    assert.ok(
      service(workspace)
        .completions(uri, offset)
        .some((i) => i.label === "post_path"),
      "completion after the alias",
    );
    assert.strictEqual(service(workspace).definitions(uri, offset)[0].uri, "file:///app/routes.ts");
    const uses = service(workspace)
      .references(uri, offset, false)
      .filter((l) => l.uri === uri)
      .map((l) => text.slice(l.span.start, l.span.end));
    assert.deepStrictEqual(uses, ["post_path", "post_path"], "the destructured helper and the alias's member");
    const renamed = service(workspace).renameEdits(uri, offset, "article");
    assert.ok(!("error" in renamed));
    const inView = renamed.edits.filter((e) => e.uri === uri).map((e) => [text.slice(e.span.start, e.span.end), e.newText]);
    assert.deepStrictEqual(inView, [
      ["post_path", "article_path"],
      ["post_path", "article_path"],
    ]);
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
    const symbols = service(workspace).documentSymbols(uri);
    const shape = (s: DeclarationSymbol): unknown => [s.name, s.detail, s.children.map(shape)];
    assert.deepStrictEqual(symbols.map(shape), [
      ["resources posts", "14 routes", [["resources comments", "2 routes", []]]],
      ["namespace admin", "0 routes", [["resources users", "1 route", []]]],
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
    assert.ok(helperLists(table).length > 1, "the edited declaration's names are searched on their own");
    workspace.prepareHelperIndex();
    assert.strictEqual(helperLists(table).length, 1);
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

describe("service: quick fixes", () => {
  const A_ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "A" }, (map) => {
  map.resources("posts", { only: ["index"], except: "show", colection: { rss: "get" } });
});
`;
  const fixes = (text: string, at: string) => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///r.ts", version: 1, text });
    const start = text.indexOf(at);
    return service(workspace)
      .codeActions("file:///r.ts", { start, end: start })
      .map((action) => {
        let result = text;
        for (const edit of [...action.edits].sort((a, b) => b.span.start - a.span.start))
          result = result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end);
        return [action.title, action.diagnostic.code, result.split("\n")[2]];
      });
  };
  it("an unknown option key becomes the nearest known one", () => {
    assert.deepStrictEqual(fixes(A_ROUTES, "colection"), [
      ["Change to collection", "unknown-option", `  map.resources("posts", { only: ["index"], except: "show", collection: { rss: "get" } });`],
    ]);
  });
  it("behaviour A's only+except: remove either", () => {
    assert.deepStrictEqual(fixes(A_ROUTES, "except"), [
      ["Remove `except`", "only-and-except", `  map.resources("posts", { only: ["index"], colection: { rss: "get" } });`],
      ["Remove `only`", "only-and-except", `  map.resources("posts", { except: "show", colection: { rss: "get" } });`],
    ]);
  });
  it("an unknown action keeps its quotes", () => {
    const text = A_ROUTES.replace(`only: ["index"], except: "show", colection: { rss: "get" }`, `only: ["indx"]`);
    assert.deepStrictEqual(fixes(text, "indx"), [['Change to "index"', "unknown-action", `  map.resources("posts", { only: ["index"] });`]]);
  });
  it("an unknown helper use becomes the nearest helper", () => {
    const { workspace, uri } = workspaceWith(`routes.helpers.pots_path();|`);
    const [action] = service(workspace).codeActions(uri, { start: 16, end: 16 });
    assert.deepStrictEqual([action.title, action.edits], ["Change to posts_path", [{ uri, span: { start: 15, end: 24 }, newText: "posts_path" }]]);
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

describe("service: settings", () => {
  const UNSAID = `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("people"); });\n`;
  const routesWith = (raw: unknown, text = UNSAID) => {
    const workspace = new RoutingWorkspace(readSettings(raw).settings);
    workspace.set({ uri: "file:///r.ts", version: 1, text });
    return workspace.routingFile("file:///r.ts")!;
  };
  it("the default behaviour applies where the file says none; the file's own wins", () => {
    assert.strictEqual(routesWith({ defaultBehaviour: "A" }).behaviour, "A");
    assert.strictEqual(routesWith({ defaultBehaviour: "A" }, UNSAID.replace("draw((map)", `draw({ behaviour: "B" }, (map)`)).behaviour, "B");
    assert.strictEqual(routesWith({}).behaviour, "B");
  });
  it("path names, separator and inflections are defaults for draw()", () => {
    const file = routesWith({ resourcesPathNames: { new: "nuevo", edit: "editar" }, inflections: { irregular: { person: "persons" } } });
    const paths = file.routes.routes.map((r) => r.path);
    assert.ok(paths.includes("/people/nuevo.:format"), paths.join());
    assert.ok(file.routes.table.named.has("edit_person"));
  });
  it("the values an editor sends for settings left unset change nothing", () => {
    const file = routesWith({
      resourcesPathNames: {},
      resourceActionSeparator: "/",
      inflections: { irregular: {}, uncountable: [] },
      routingFiles: DEFAULT_SETTINGS.routingFiles,
    });
    assert.ok(file.routes.routes.some((r) => r.path === "/people/new.:format"));
  });
  it("a value of the wrong type is reported and its default used", () => {
    const { settings, problems } = readSettings({ defaultBehaviour: "C", routingFiles: "routes.ts", hover: { enabled: false } });
    assert.deepStrictEqual([settings.defaultBehaviour, settings.routingFiles, settings.features.hover], ["B", DEFAULT_SETTINGS.routingFiles, false]);
    assert.deepStrictEqual(problems, [
      `resourceRoutes.defaultBehaviour must be "A" or "B"; the default is used`,
      "resourceRoutes.routingFiles must be a list of glob patterns; the default is used",
    ]);
  });
});

describe("service: indexing a folder", () => {
  /** An in-memory file system: path → text. */
  const memory = (files: Record<string, string>): FileSystem => ({
    readDirectory: async (dir) => {
      const names = new Map<string, boolean>();
      for (const path of Object.keys(files)) {
        if (!path.startsWith(`${dir}/`)) continue;
        const [name, ...rest] = path.slice(dir.length + 1).split("/");
        names.set(name, rest.length > 0);
      }
      if (names.size === 0) throw new Error(`ENOENT ${dir}`);
      return [...names].map(([name, directory]) => ({ name, directory }));
    },
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT ${path}`);
      return files[path];
    },
  });
  const FILES = {
    "/app/config/routes.ts": ROUTES,
    "/app/src/views.ts": "link(posts_path());",
    "/app/src/other.ts": "export const x = 1;",
    "/app/node_modules/lib/routes.ts": ROUTES.replace(`"posts"`, `"hidden"`),
    "/app/README.md": "posts_path",
  };
  it("finds routing files by content and helper users, skipping excluded folders and other files", async () => {
    const workspace = new RoutingWorkspace();
    const counts = await indexFolder(workspace, "file:///app", memory(FILES));
    assert.deepStrictEqual(counts, { read: 3, kept: 2 });
    assert.deepStrictEqual([...workspace.documents()].map((d) => d.uri).sort(), ["file:///app/config/routes.ts", "file:///app/src/views.ts"]);
    assert.ok(workspace.namedRoute("post") && !workspace.namedRoute("hidden"));
    // A file never opened still answers references.
    assert.deepStrictEqual(
      service(workspace)
        .references("file:///app/src/views.ts", 7, false)
        .map((l) => l.uri),
      ["file:///app/src/views.ts"],
    );
  });
  it("also keeps what tells which route set a file imports: modules that re-export one, and tsconfig.json", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(
      workspace,
      "file:///app",
      memory({
        ...FILES,
        "/app/src/routing.ts": `export { default as routes } from "../config/routes";\n`,
        "/app/tsconfig.json": `{ "compilerOptions": {} }`,
        "/app/node_modules/lib/tsconfig.json": "{}",
      }),
    );
    assert.deepStrictEqual([...workspace.documents()].map((d) => d.uri).sort(), [
      "file:///app/config/routes.ts",
      "file:///app/src/routing.ts",
      "file:///app/src/views.ts",
      "file:///app/tsconfig.json",
    ]);
  });
  it("a closed routing file keeps no syntax tree; opened as it is on disk, it keeps its analysis and gets a tree when asked", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(workspace, "file:///app", memory(FILES));
    const uri = "file:///app/config/routes.ts";
    const fromDisk = workspace.routingFile(uri)!;
    assert.strictEqual(fromDisk.analysis.reuse?.trees.current, undefined);
    workspace.set({ uri, version: 1, text: ROUTES });
    const opened = workspace.routingFile(uri)!;
    assert.strictEqual(opened, fromDisk, "nothing is analysed again");
    assert.ok(opened.analysis.syntax().statements.length > 0);
    assert.ok(opened.analysis.reuse?.trees.current, "the tree is kept while the file is open");
    // An edit inside one statement is read alone, from the readings the closed file kept.
    const edited = ROUTES.replace('"posts"', '"articles"');
    assert.notStrictEqual(edited, ROUTES);
    workspace.set({ uri, version: 2, text: edited });
    const after = workspace.routingFile(uri)!;
    assert.ok(after.routes.table.named.has("articles"));
    // Closed again unchanged from disk: its analysis is compacted, not made again.
    workspace.set({ uri, version: 3, text: ROUTES });
    const reverted = workspace.routingFile(uri)!;
    workspace.close(uri);
    const closed = workspace.routingFile(uri)!;
    assert.strictEqual(closed.routes, reverted.routes);
    assert.strictEqual(closed.analysis.reuse?.trees.current, undefined);
  });
  it("an open routing file gives up its syntax tree at the second idle moment without an edit, and analyses on without it", () => {
    const workspace = new RoutingWorkspace();
    const uri = "file:///app/config/routes.ts";
    workspace.set({ uri, version: 1, text: ROUTES });
    const tree = () => workspace.routingFile(uri)!.analysis.reuse?.trees.current;
    assert.ok(tree());
    workspace.releaseSyntaxTrees();
    assert.ok(tree(), "edited since the last idle moment (opened): kept");
    workspace.releaseSyntaxTrees();
    assert.strictEqual(tree(), undefined);
    const routes = workspace.routingFile(uri)!.routes;
    assert.ok(routes.table.named.has("posts"), "the routes stay");
    // An edit across statements parses the file again; the routes are those of a fresh analysis.
    const edited = ROUTES.replace("\n});", `\n  map.resources("tags");\n});`);
    assert.notStrictEqual(edited, ROUTES);
    workspace.set({ uri, version: 2, text: edited });
    const fresh = new RoutingWorkspace();
    fresh.set({ uri, version: 1, text: edited });
    assert.deepStrictEqual(
      workspace.routingFile(uri)!.routes.routes.map((r) => r.toJSON()),
      fresh.routingFile(uri)!.routes.routes.map((r) => r.toJSON()),
    );
    assert.ok(tree(), "parsed again, the tree is kept while the file is edited");
  });
  it("an open document hides its disk copy until closed", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(workspace, "file:///app", memory(FILES));
    workspace.set({ uri: "file:///app/config/routes.ts", version: 7, text: ROUTES.replace(`"posts"`, `"articles"`) });
    assert.ok(workspace.namedRoute("article") && !workspace.namedRoute("post"));
    workspace.close("file:///app/config/routes.ts");
    assert.ok(workspace.namedRoute("post") && !workspace.namedRoute("article"));
  });
  it("the settings' globs choose what is read", async () => {
    const workspace = new RoutingWorkspace(readSettings({ routingFiles: ["config/**/*.ts"] }).settings);
    assert.deepStrictEqual(await indexFolder(workspace, "file:///app", memory(FILES)), { read: 1, kept: 1 });
  });
  it("a file that became unreadable leaves the workspace", async () => {
    const workspace = new RoutingWorkspace();
    const files: Record<string, string> = { ...FILES };
    await indexFolder(workspace, "file:///app", memory(files));
    delete files["/app/config/routes.ts"];
    assert.strictEqual(await indexFile(workspace, "file:///app/config/routes.ts", memory(files)), false);
    assert.deepStrictEqual([...workspace.namedRoutes()], []);
  });
});

describe("service: several routing files", () => {
  it("a name held by two files resolves to the first; each name is listed once", () => {
    const workspace = new RoutingWorkspace();
    const file = (resource: string) =>
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("${resource}"); map.resources("shared"); });\n`;
    workspace.set({ uri: "file:///a.ts", version: 1, text: file("alpha") });
    workspace.set({ uri: "file:///b.ts", version: 1, text: file("beta") });
    assert.strictEqual(workspace.namedRoute("shared")!.uri, "file:///a.ts");
    assert.strictEqual(workspace.namedRoute("beta")!.uri, "file:///b.ts");
    const names = [...workspace.namedRoutes()].map(([name]) => name);
    assert.deepStrictEqual(
      names.filter((n) => n === "shared"),
      ["shared"],
    );
    assert.ok(names.includes("alpha") && names.includes("beta"));
  });
});

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

describe("service: the unreachable-route quick fix", () => {
  const FILE = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.connect("files/*path", { controller: "files", action: "show" });\n  map.connect("files/:name", { controller: "files", action: "named" });\n});\n`;
  const fixesAt = (text: string, at: string) => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///r.ts", version: 1, text });
    const start = text.indexOf(at);
    return {
      workspace,
      actions: service(workspace)
        .codeActions("file:///r.ts", { start, end: start })
        .filter((a) => a.diagnostic.code === "unreachable-route"),
    };
  };
  it("moves the captured declaration above the one that captures it, and the warning is gone", () => {
    const { workspace, actions } = fixesAt(FILE, `"files/:name"`);
    assert.deepStrictEqual(
      actions.map((a) => a.title),
      ["Move this declaration above the one that captures its routes"],
    );
    const edits = [...actions[0].edits].sort((a, b) => b.span.start - a.span.start);
    const fixed = edits.reduce((text, e) => text.slice(0, e.span.start) + e.newText + text.slice(e.span.end), FILE);
    assert.strictEqual(fixed, FILE.replace(/( {2}map\.connect\("files\/\*path".*\n)( {2}map\.connect\("files\/:name".*\n)/, "$2$1"));
    workspace.set({ uri: "file:///r.ts", version: 2, text: fixed });
    assert.ok(
      !service(workspace)
        .diagnostics("file:///r.ts")
        .some((d) => d.code === "unreachable-route"),
    );
  });
  it("is not offered when the declarations share a line (the move would not be a clean one)", () => {
    const oneLine = FILE.replace(`);\n  map.connect("files/:name"`, `); map.connect("files/:name"`);
    const { actions } = fixesAt(oneLine, `"files/:name"`);
    assert.deepStrictEqual(actions, []);
  });
});

describe("service: several route sets in one workspace", () => {
  /** Two applications, each with its routing file, views that import one of them, and a file that imports neither. */
  function monorepo(): RoutingWorkspace {
    const w = new RoutingWorkspace();
    const routing = (resources: string) =>
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("${resources}"); map.resources("tags"); });\n`;
    w.set({ uri: "file:///repo/shop/config/routes.ts", version: 1, text: routing("products") });
    w.set({ uri: "file:///repo/blog/config/routes.ts", version: 1, text: routing("posts") });
    // The blog's route set is imported through a module that re-exports it, with a .js specifier.
    w.set({ uri: "file:///repo/blog/lib/routing.ts", version: 1, text: `export { default as routes } from "../config/routes.js";\n` });
    w.set({
      uri: "file:///repo/blog/views/post.ts",
      version: 1,
      text: `import { routes } from "../lib/routing";\nroutes.helpers.posts_path(); routes.helpers.products_path(); routes.helpers.tags_path();\n`,
    });
    w.set({
      uri: "file:///repo/shop/views/product.ts",
      version: 1,
      text: `import routes from "../config/routes";\nroutes.helpers.products_path(); routes.helpers.tags_path();\n`,
    });
    w.set({ uri: "file:///repo/tools/any.ts", version: 1, text: `routes.helpers.posts_path(); routes.helpers.products_path(); routes.helpers.tags_path();\n` });
    // The shop's views may import through a literal path alias of its tsconfig.json (comments allowed, as tsc allows them).
    w.set({
      uri: "file:///repo/shop/tsconfig.json",
      version: 1,
      text: `{\n  // the shop's aliases\n  "compilerOptions": { "baseUrl": ".", "paths": { "@shop/*": ["config/*"] } }\n}\n`,
    });
    w.set({
      uri: "file:///repo/shop/views/cart.ts",
      version: 1,
      text: `import routes from "@shop/routes";\nroutes.helpers.products_path(); routes.helpers.posts_path();\n`,
    });
    return w;
  }
  const BLOG_VIEW = "file:///repo/blog/views/post.ts";
  const SHOP_VIEW = "file:///repo/shop/views/product.ts";

  it("a file that imports a typed route set (draw<Routes>) gets no unknown-helper: TypeScript reports it there, once", () => {
    const w = monorepo();
    const unknown = (uri: string) => helperUseDiagnostics(w, uri).map((d) => d.code);
    assert.deepStrictEqual(unknown(BLOG_VIEW), ["unknown-helper"]);
    w.set({
      uri: "file:///repo/blog/config/routes.ts",
      version: 2,
      text: `import { draw } from "resource-routes";\nimport type { Routes } from "./routes.routes.js";\nexport default draw<Routes>((map) => { map.resources("posts"); map.resources("tags"); });\n`,
    });
    assert.deepStrictEqual(unknown(BLOG_VIEW), []);
    assert.deepStrictEqual(unknown("file:///repo/shop/views/cart.ts"), ["unknown-helper"], "the shop's route set is not typed");
  });

  it("a file sees the helpers of the route set it imports, directly or through a re-export; one that imports none sees all", () => {
    const w = monorepo();
    assert.deepStrictEqual(w.routeSetOf(BLOG_VIEW), ["file:///repo/blog/config/routes.ts"]);
    assert.deepStrictEqual(w.routeSetOf(SHOP_VIEW), ["file:///repo/shop/config/routes.ts"]);
    assert.strictEqual(w.routeSetOf("file:///repo/tools/any.ts"), undefined);
    assert.deepStrictEqual(w.routeSetOf("file:///repo/shop/views/cart.ts"), ["file:///repo/shop/config/routes.ts"], "through the tsconfig's paths");
    // An unsaved document has no folder: its imports resolve to nothing, and it sees every route set.
    w.set({ uri: "untitled:Untitled-1", version: 1, text: `import routes from "@shop/routes";\nimport other from "./routes";\n` });
    assert.strictEqual(w.routeSetOf("untitled:Untitled-1"), undefined);
    const unknown = (uri: string) => helperUseDiagnostics(w, uri).map((d) => `${d.code} ${w.document(uri)!.text.slice(d.span!.start, d.span!.end)}`);
    assert.deepStrictEqual(unknown(BLOG_VIEW), ["unknown-helper products_path"]);
    assert.deepStrictEqual(unknown(SHOP_VIEW), []);
    assert.deepStrictEqual(unknown("file:///repo/tools/any.ts"), []);
    assert.deepStrictEqual(unknown("file:///repo/shop/views/cart.ts"), ["unknown-helper posts_path"]);
    const offered = (uri: string, at: string) =>
      service(w)
        .completions(uri, w.document(uri)!.text.toString().indexOf(at) + 2)
        .map((i) => i.label);
    assert.ok(offered(BLOG_VIEW, "posts_path").includes("posts_path") && !offered(BLOG_VIEW, "products_path").includes("products_path"));
    assert.ok(offered(SHOP_VIEW, "products_path").includes("products_path"));
  });

  it("definition, references and rename follow each file's route set: tags_path is two helpers", () => {
    const w = monorepo();
    const blogTags = w.document(BLOG_VIEW)!.text.toString().indexOf("tags_path") + 1;
    assert.deepStrictEqual(
      service(w)
        .definitions(BLOG_VIEW, blogTags)
        .map((l) => l.uri)[0],
      "file:///repo/blog/config/routes.ts",
    );
    const shopTags = w.document(SHOP_VIEW)!.text.toString().indexOf("tags_path") + 1;
    assert.deepStrictEqual(
      service(w)
        .definitions(SHOP_VIEW, shopTags)
        .map((l) => l.uri)[0],
      "file:///repo/shop/config/routes.ts",
    );
    const referencing = service(w)
      .references(BLOG_VIEW, blogTags, false)
      .map((l) => l.uri)
      .sort();
    assert.deepStrictEqual(referencing, [BLOG_VIEW, "file:///repo/tools/any.ts"]);
    const renamed = service(w).renameEdits(BLOG_VIEW, blogTags, "labels");
    assert.ok(!("error" in renamed), JSON.stringify(renamed));
    assert.deepStrictEqual([...new Set(renamed.edits.map((e) => e.uri))].sort(), [
      "file:///repo/blog/config/routes.ts",
      BLOG_VIEW,
      "file:///repo/tools/any.ts",
    ]);
  });
});

describe("service: routes that cannot be fully known", () => {
  it("a warning at each declaration holding a computed part, and at a computed part that leaves a declaration out", () => {
    const text = [
      `import { draw } from "resource-routes";`,
      `import { READ_ONLY, NAMES } from "./constants";`,
      `export default draw((map) => {`,
      `  map.resources("posts", { only: [...READ_ONLY] });`,
      `  map.resources("tags");`,
      `  for (const name of NAMES) map.resources(name);`,
      `});`,
    ].join("\n");
    const w = new RoutingWorkspace();
    const uri = "file:///app/routes.ts";
    w.set({ uri, version: 1, text });
    const warnings = service(w)
      .diagnostics(uri)
      .filter((d) => d.code === "partial-routes");
    const at = warnings.map((d) => text.slice(d.span!.start, d.span!.end));
    assert.deepStrictEqual(at, ["resources", "NAMES"]);
    assert.ok(warnings.every((d) => d.severity === "warning" && d.related?.length === 1));
    assert.match(warnings[0].message, /cannot be fully known without running the file \(1 part is computed\)/);
    w.set({ uri, version: 2, text: text.replace("[...READ_ONLY]", `["index"]`).replace("of NAMES", `of ["a", "b"]`) });
    assert.deepStrictEqual(
      service(w)
        .diagnostics(uri)
        .filter((d) => d.code === "partial-routes"),
      [],
    );
  });
});
