import * as assert from "assert";

import { helperUseDiagnostics } from "../../../server/out/service/helperUses";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { service, workspaceWith } from "../support/serviceFixture";

/** The language service, through its entry point: a document's problems and their quick fixes. */

describe("service: helper-use diagnostics", () => {
  it("an unknown helper gets a warning with the nearest existing name", () => {
    const { workspace, uri } = workspaceWith(`routes.helpers.pots_path(); routes.helpers["post_path"](1);|`);
    const [d] = helperUseDiagnostics(workspace, uri);
    assert.strictEqual(d.code, "unknown-helper");
    assert.strictEqual(d.replacement, "posts_path");
    assert.strictEqual(workspace.document(uri)!.text.slice(d.span!.start, d.span!.end), "pots_path");
  });
  it("a custom helper (behaviour C's direct) is known: its name_path and name_url, not a hash_for_ form", () => {
    const workspace = new RoutingWorkspace();
    workspace.set({
      uri: "file:///app/routes.ts",
      version: 1,
      text: 'import { draw } from "resource-routes";\nexport default draw({ behaviour: "C" }, (r) => {\n  r.resources("posts");\n  r.direct("homepage", "https://rubyonrails.org");\n});\n',
    });
    const uri = "file:///app/views.ts";
    workspace.set({ uri, version: 1, text: "routes.helpers.homepage_url(); routes.helpers.homepage_path(); routes.helpers.hash_for_homepage_path();\n" });
    const text = workspace.document(uri)!.text;
    assert.deepStrictEqual(
      helperUseDiagnostics(workspace, uri).map((d) => [d.code, text.slice(d.span!.start, d.span!.end)]),
      [["unknown-helper", "hash_for_homepage_path"]],
    );
    // Completion offers them beside the routes' helpers, and hovers and details say what they answer.
    const routes = service(workspace);
    workspace.set({ uri, version: 2, text: "routes.helpers.home\n" });
    const offered = routes.completions(uri, "routes.helpers.home".length).map((item) => [item.label, item.snippet]);
    assert.deepStrictEqual(offered, [
      ["homepage_path", "homepage_path()"],
      ["homepage_url", "homepage_url()"],
    ]);
    workspace.set({ uri, version: 3, text: "routes.helpers.homepage_url();\n" });
    assert.match(routes.hover(uri, "routes.helpers.home".length)!.contents, /A custom helper \(direct\): `https:\/\/rubyonrails\.org`/);
    // Go to definition: its direct declaration.
    const [target] = routes.definitions(uri, "routes.helpers.home".length);
    const routing = workspace.document("file:///app/routes.ts")!.text;
    assert.strictEqual(routing.slice(target.span.start, target.span.end), 'r.direct("homepage", "https://rubyonrails.org")');
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
        return [action.title, action.diagnostic!.code, result.split("\n")[2]];
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
        .filter((a) => a.diagnostic!.code === "unreachable-route"),
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

  describe("service: Rename and keep the old URLs working", () => {
    it("is offered on a name a rename takes, as a command the editor runs (it asks for the name)", () => {
      const workspace = new RoutingWorkspace();
      const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("posts");\n});\n`;
      workspace.set({ uri: "file:///r.ts", version: 1, text });
      const at = text.indexOf("posts") + 2;
      const offered = service(workspace).codeActions("file:///r.ts", { start: at, end: at });
      assert.deepStrictEqual(
        offered.filter((a) => a.command).map((a) => [a.title, a.command]),
        [["Rename and keep the old URLs working…", { name: "resourceRoutes.renameKeepingUrls", uri: "file:///r.ts", offset: at }]],
      );
      const elsewhere = text.indexOf("draw(");
      assert.deepStrictEqual(
        service(workspace)
          .codeActions("file:///r.ts", { start: elsewhere, end: elsewhere })
          .filter((a) => a.command),
        [],
      );
    });
  });
});
