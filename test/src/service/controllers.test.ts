import * as assert from "assert";
import * as ts from "typescript";

import { readControllerModule } from "../../../server/out/analysis/controllerModule";
import { stubText } from "../../../server/out/service/actionStubs";
import { CodeAction, codeActions } from "../../../server/out/service/codeActions";
import { actionLenses } from "../../../server/out/service/controllers";
import { definitions, implementations } from "../../../server/out/service/definition";
import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { hover } from "../../../server/out/service/hover";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** Contract §7 in the editor: controller modules read statically, and the link from routes to actions both ways. */

const names = (text: string, file = "c.ts") => readControllerModule(text, file).actions.map((a) => a.name);
const unknown = (text: string, file = "c.ts") => readControllerModule(text, file).hasUnknownExports;

describe("controller modules read statically", () => {
  it("exported functions and function consts; other exports are not actions", () => {
    assert.deepStrictEqual(
      names(
        `export function index() {}\nexport const show = async (ctx) => ctx;\nexport const edit = function () {};\nexport const LIMIT = 3;\nfunction helper() {}`,
      ),
      ["index", "show", "edit"],
    );
  });
  it("export { local as name } of local functions", () => {
    assert.deepStrictEqual(names(`function a() {}\nconst b = () => 1;\nexport { a as index, b };`), ["index", "b"]);
  });
  it("a default object: its methods and function properties", () => {
    const info = readControllerModule(`const show = () => 1;\nexport default { index() {}, create: async () => 1, show, title: "x" };`, "c.ts");
    assert.deepStrictEqual([info.actions.map((a) => a.name), info.style, info.hasUnknownExports], [["index", "create", "show"], "object", false]);
  });
  it("a default class: its instance methods, not constructor or static ones", () => {
    const info = readControllerModule(`export default class Posts {\n  constructor() {}\n  index() {}\n  show = () => 1;\n  static helper() {}\n}`, "c.ts");
    assert.deepStrictEqual([info.actions.map((a) => a.name), info.style], [["index", "show"], "class"]);
  });
  it("a class or object declared first and exported by name", () => {
    assert.deepStrictEqual(names(`class Posts { index() {} }\nexport default Posts;`), ["index"]);
    assert.deepStrictEqual(names(`const posts = { show() {} };\nexport default posts;`), ["show"]);
  });
  it("CommonJS: exports.name and module.exports = { ... }", () => {
    assert.deepStrictEqual(names(`exports.index = function () {};\nexports.show = (ctx) => ctx;`, "c.js"), ["index", "show"]);
    assert.deepStrictEqual(names(`module.exports = { index() {}, show: () => 1 };`, "c.cjs"), ["index", "show"]);
  });
  it("what cannot be read statically makes the module's exports unknown", () => {
    assert.ok(unknown(`export * from "./shared";`));
    assert.ok(unknown(`export { index } from "./shared";`));
    assert.ok(unknown(`export default makeController();`));
    assert.ok(unknown(`export default { ...shared, index() {} };`));
    assert.ok(unknown(`export default { [name]: () => 1 };`));
    assert.ok(unknown(`export default class extends Base { index() {} }`));
    assert.ok(!unknown(`export function index() {}`));
  });
  it("nesting the parser cannot read: nothing known, nothing missing", () => {
    assert.ok(unknown(`export const x = ${"(".repeat(5000)}1${")".repeat(5000)};`));
  });
});

const ROUTING = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { only: ["index", "show"], member: { publish: "put" } });
  map.resources("tags", { only: "index" });
  map.resources("pages", { only: "show", controller: "static_pages" });
});
`;

/** A workspace with the routing file at /app/routes.ts and the given controller modules under /app/controllers. */
function workspaceWith(controllers: Record<string, string>): RoutingWorkspace {
  const workspace = new RoutingWorkspace();
  workspace.set({ uri: "file:///app/routes.ts", version: 1, text: ROUTING });
  for (const [name, text] of Object.entries(controllers)) workspace.set({ uri: `file:///app/controllers/${name}`, version: 1, text });
  return workspace;
}

const POSTS = `export function index() {}\nexport function show() {}\nexport function archive() {}\n`;

describe("routes and their actions in the editor", () => {
  it("missing-action on the declaration, missing-controller where the folder exists; unknown exports miss nothing", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS, "tags/index.ts": `export * from "./shared";` });
    const diagnostics = documentDiagnostics(workspace, "file:///app/routes.ts").filter((d) => d.code.startsWith("missing"));
    const at = (d: { span?: { start: number; end: number } }) => ROUTING.slice(d.span!.start, d.span!.end);
    assert.deepStrictEqual(
      diagnostics.map((d) => [d.code, d.severity, at(d)]),
      [
        ["missing-action", "warning", "publish"],
        ["missing-controller", "information", `"pages"`],
      ],
    );
    assert.match(diagnostics[0].message, /"posts" does not define the action "publish" that PUT \/posts\/:id\/publish\.:format reaches/);
  });

  it("no controllers folder: no missing-controller", () => {
    const workspace = workspaceWith({});
    assert.deepStrictEqual(
      documentDiagnostics(workspace, "file:///app/routes.ts").filter((d) => d.code.startsWith("missing")),
      [],
    );
  });

  it("follows controller modules added and removed, open or on disk, after the folder was first looked at", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const missing = () =>
      documentDiagnostics(workspace, "file:///app/routes.ts")
        .filter((d) => d.code.startsWith("missing"))
        .map((d) => `${d.code} ${ROUTING.slice(d.span!.start, d.span!.end)}`);
    const all = ["missing-action publish", `missing-controller "tags"`, `missing-controller "pages"`];
    assert.deepStrictEqual(missing(), all);
    workspace.setFromDisk({ uri: "file:///app/controllers/tags.ts", version: 1, text: `export function index() {}` });
    assert.deepStrictEqual(missing(), [all[0], all[2]]);
    workspace.set({ uri: "file:///app/controllers/static_pages/index.ts", version: 1, text: `export function show() {}` });
    assert.deepStrictEqual(missing(), [all[0]]);
    workspace.close("file:///app/controllers/static_pages/index.ts");
    assert.deepStrictEqual(missing(), [all[0], all[2]]);
    workspace.deleteFromDisk("file:///app/controllers/tags.ts");
    assert.deepStrictEqual(missing(), all);
    // A module elsewhere (a sibling folder whose name begins the same) is not a controller.
    workspace.setFromDisk({ uri: "file:///app/controllers2/tags.ts", version: 1, text: `export function index() {}` });
    assert.deepStrictEqual(missing(), all);
  });

  it("after edits of the routing file and of modules, the same missing targets as a fresh workspace, a missing module's fix with the actions of every declaration", () => {
    const end = ROUTING.lastIndexOf("});");
    const routing = `${ROUTING.slice(0, end)}  map.connect("about", { controller: "static_pages", action: "about" });\n${ROUTING.slice(end)}`;
    const workspace = workspaceWith({ "posts.ts": POSTS });
    workspace.set({ uri: "file:///app/routes.ts", version: 2, text: routing });
    const shown = (ws: RoutingWorkspace) =>
      documentDiagnostics(ws, "file:///app/routes.ts")
        .filter((d) => d.code.startsWith("missing"))
        .map(
          (d) =>
            `${d.code} ${ws.document("file:///app/routes.ts")!.text.slice(d.span!.start, d.span!.end)} ${d.controller!.actions.map((a) => a.name).join(",")}`,
        );
    const fresh = () => {
      const ws = new RoutingWorkspace();
      for (const document of workspace.documents()) ws.set({ ...document });
      return shown(ws);
    };
    assert.deepStrictEqual(shown(workspace), [
      `missing-action publish publish`,
      `missing-controller "tags" index`,
      `missing-controller "pages" show,about`,
      `missing-controller "about" show,about`,
    ]);
    workspace.set({ uri: "file:///app/controllers/posts.ts", version: 2, text: POSTS + `export function publish() {}\n` });
    assert.deepStrictEqual(shown(workspace), fresh());
    assert.ok(!shown(workspace).some((d) => d.startsWith("missing-action")));
    workspace.set({ uri: "file:///app/routes.ts", version: 3, text: routing.replace(`only: "index"`, `only: ["index", "show"]`) });
    assert.deepStrictEqual(shown(workspace), fresh());
    assert.ok(shown(workspace).includes(`missing-controller "tags" index,show`));
    workspace.set({ uri: "file:///app/controllers/static_pages.ts", version: 1, text: `export function show() {}` });
    assert.deepStrictEqual(shown(workspace), [`missing-controller "tags" index,show`, `missing-action "about" about`]);
    assert.deepStrictEqual(shown(workspace), fresh());
  });

  it("unrouted-action on an exported action no route reaches", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const diagnostics = documentDiagnostics(workspace, "file:///app/controllers/posts.ts");
    assert.deepStrictEqual(
      diagnostics.map((d) => [d.code, d.severity, POSTS.slice(d.span!.start, d.span!.end)]),
      [["unrouted-action", "hint", "archive"]],
    );
  });

  it("go to definition: from a declaration's name, its controller option or a custom action key to the actions", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS + `export function publish() {}\n`, "static_pages.ts": `export default { show() {} };` });
    const targets = (needle: string, delta = 1) =>
      definitions(workspace, "file:///app/routes.ts", ROUTING.indexOf(needle) + delta).map(
        (l) => `${l.uri.replace("file:///app/controllers/", "")}:${workspace.document(l.uri)!.text.slice(l.span.start, l.span.end)}`,
      );
    assert.deepStrictEqual(targets(`"posts"`), ["posts.ts:index", "posts.ts:publish", "posts.ts:show"]); // route order
    assert.deepStrictEqual(targets(`publish:`), ["posts.ts:publish"]);
    assert.deepStrictEqual(targets(`"static_pages"`), ["static_pages.ts:show"]);
  });

  it("from a helper use, go to definition is the declaration alone (F12 goes straight there), go to implementation the action", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS });
    workspace.set({ uri: "file:///app/views.ts", version: 1, text: "routes.helpers.post_path(1)" });
    const text = (locations: Array<{ uri: string; span: { start: number; end: number } }>) =>
      locations.map((l) => [l.uri, workspace.document(l.uri)!.text.slice(l.span.start, l.span.end)]);
    assert.deepStrictEqual(text(definitions(workspace, "file:///app/views.ts", 17)), [["file:///app/routes.ts", `"posts"`]]);
    assert.deepStrictEqual(text(implementations(workspace, "file:///app/views.ts", 17)), [["file:///app/controllers/posts.ts", "show"]]);
  });

  it("a code lens above each routed action lists its routes and leads to the declaration", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const lenses = actionLenses(workspace, "file:///app/controllers/posts.ts");
    assert.deepStrictEqual(
      lenses.map((l) => [POSTS.slice(l.span.start, l.span.end), l.title, ROUTING.slice(l.target.span.start, l.target.span.end)]),
      [
        ["index", "GET /posts.:format · posts_path", `"posts"`],
        ["show", "GET /posts/:id.:format · post_path", `"posts"`],
      ],
    );
  });
});

describe("quick fixes: add a missing action, create a missing controller", () => {
  /** Applies a fix's edits (the last first, so offsets hold) to the texts of their documents. */
  function apply(workspace: RoutingWorkspace, action: CodeAction): Map<string, string> {
    const texts = new Map<string, string>();
    const edits = [...action.edits].sort((a, b) => b.span.start - a.span.start);
    for (const edit of edits) {
      const uri = edit.uri!;
      const text = texts.get(uri) ?? (uri === action.createFile ? "" : workspace.document(uri)!.text);
      texts.set(uri, text.slice(0, edit.span.start) + edit.newText + text.slice(edit.span.end));
    }
    return texts;
  }

  const styles: Array<[string, string, string]> = [
    ["exported functions (TypeScript)", "posts.ts", `export function index() {}\nexport function show() {}\n`],
    [
      "a default object",
      "posts.ts",
      `import type { ActionContext } from "resource-routes/http";\nexport default {\n  index(ctx: ActionContext) {},\n  show: () => 1\n};\n`,
    ],
    ["a default class", "posts.ts", `export default class Posts {\n  index() {}\n  show() {}\n}\n`],
    ["exported functions (JavaScript)", "posts.js", `exports.index = () => 1;\nexports.show = () => 2;\n`],
  ];
  for (const [style, file, text] of styles) {
    it(`"Add action \`publish\`" to ${style}: the module then defines it, in its own style, and parses cleanly`, () => {
      const workspace = workspaceWith({ [file]: text });
      const diagnostic = documentDiagnostics(workspace, "file:///app/routes.ts").find((d) => d.code === "missing-action")!;
      const [fix] = codeActions(workspace, "file:///app/routes.ts", diagnostic.span!);
      assert.strictEqual(fix.title, `Add action \`publish\` to controllers/${file}`);
      const updated = apply(workspace, fix).get(`file:///app/controllers/${file}`)!;
      const info = readControllerModule(updated, file);
      assert.deepStrictEqual(info.actions.map((a) => a.name).sort(), ["index", "publish", "show"]);
      assert.match(updated, /\/\/ PUT \/posts\/:id\/publish\.:format/);
      const parsed = ts.createSourceFile(file, updated, ts.ScriptTarget.Latest, true) as unknown as { parseDiagnostics: unknown[] };
      assert.deepStrictEqual(parsed.parseDiagnostics, [], updated);
      if (file.endsWith(".ts")) assert.match(updated, /ActionContext/);
    });
  }

  it('"Create controllers/static_pages.ts" with a stub for every action its routes reach', () => {
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const diagnostic = documentDiagnostics(workspace, "file:///app/routes.ts").find(
      (d) => d.code === "missing-controller" && d.controller?.name === "static_pages",
    )!;
    const [fix] = codeActions(workspace, "file:///app/routes.ts", diagnostic.span!);
    assert.strictEqual(fix.title, "Create controllers/static_pages.ts");
    assert.strictEqual(fix.createFile, "file:///app/controllers/static_pages.ts");
    const created = apply(workspace, fix).get(fix.createFile)!;
    assert.strictEqual(
      created,
      `import type { ActionContext } from "resource-routes/http";\n\nexport function show(ctx: ActionContext) {\n  // GET /pages/:id.:format\n}\n`,
    );
  });

  it("never creates a module outside the workspace folder, whatever the controller's name or the controllers setting", () => {
    const cases: Array<[string, string]> = [
      [`map.resources("x", { controller: "../../etc/cron" });`, "./controllers"],
      [`map.resources("posts");`, "../../outside"],
      [`map.resources("posts");`, "/etc"],
      [`map.resources("y", { controller: "a\\\\..\\\\b" });`, "./controllers"],
    ];
    for (const [declaration, folder] of cases) {
      const workspace = new RoutingWorkspace();
      const text = `import { draw } from "resource-routes";\nexport default draw({ controllers: ${JSON.stringify(folder)} }, (map) => {\n  ${declaration}\n  map.resources("tags");\n});\n`;
      workspace.set({ uri: "file:///work/app/routes.ts", version: 1, text });
      // A module in the folder, so that missing controllers are reported there.
      workspace.set({
        uri: `file://${folder.startsWith("/") ? folder : `/work/app/${folder.slice(2)}`}/other.ts`.replace("/app/../../", "/"),
        version: 1,
        text: "export function index() {}\n",
      });
      const diagnostics = documentDiagnostics(workspace, "file:///work/app/routes.ts").filter((d) => d.code === "missing-controller");
      for (const diagnostic of diagnostics) {
        for (const fix of codeActions(workspace, "file:///work/app/routes.ts", diagnostic.span!, ["/work/app"])) {
          assert.ok(!fix.createFile || fix.createFile.startsWith("file:///work/app/"), `${declaration} in ${folder}: ${fix.createFile}`);
        }
      }
    }
    // Inside the workspace, the module is still offered.
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const diagnostic = documentDiagnostics(workspace, "file:///app/routes.ts").find((d) => d.controller?.name === "static_pages")!;
    assert.strictEqual(codeActions(workspace, "file:///app/routes.ts", diagnostic.span!, ["/app"])[0].createFile, "file:///app/controllers/static_pages.ts");
    // No quick fix then (the name's rename stays offered: it creates no module).
    assert.deepStrictEqual(
      codeActions(workspace, "file:///app/routes.ts", diagnostic.span!, ["/elsewhere"]).filter((action) => action.diagnostic),
      [],
    );
  });

  it("an action named like a reserved word is exported under its name", () => {
    const text = stubText([{ name: "new", route: "GET /posts/new" }], "functions", true);
    assert.deepStrictEqual(
      readControllerModule(text, "c.ts").actions.map((a) => a.name),
      ["new"],
    );
  });

  it("a route whose path holds a line terminator stays in the stub's comment: the module holds the one action and no other code", () => {
    for (const style of ["functions", "object", "class"] as const) {
      const stub = stubText([{ name: "show", route: "GET /a\u2028process.exit(1)\u2029/b\r\nc" }], style, true);
      const text = style === "functions" ? stub : style === "object" ? `export default {${stub}};` : `export default class {${stub}}`;
      const source = ts.createSourceFile("c.ts", text, ts.ScriptTarget.Latest, true);
      const calls: string[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) calls.push(node.getText(source));
        ts.forEachChild(node, visit);
      };
      visit(source);
      assert.deepStrictEqual(calls, [], style);
    }
  });
});

describe("hover on a controller action", () => {
  it("lists the routes that reach it, or says none does", () => {
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const uri = "file:///app/controllers/posts.ts";
    assert.strictEqual(
      hover(workspace, uri, POSTS.indexOf("show") + 1)!.contents,
      "**action** `show`: 1 route\n\n| verb | path | helper | controller#action |\n|---|---|---|---|\n| GET | `/posts/:id.:format` | `post_path` | `posts#show` |",
    );
    assert.strictEqual(hover(workspace, uri, POSTS.indexOf("archive") + 1)!.contents, "**action** `archive`: no route reaches it");
  });
});

describe("the routes table links controller#action to the action", () => {
  it("a row whose action the workspace defines carries its location; the others none", async () => {
    const { routesTableOf } = await import("../../../server/out/service/routesTable.js");
    const workspace = workspaceWith({ "posts.ts": POSTS });
    const table = routesTableOf(workspace);
    const lines = table.text.split("\n");
    const actions = table.rows.map((row) => [
      lines[row.line].trim().split(/\s+/).pop(),
      row.action && workspace.document(row.action.uri)!.text.slice(row.action.span.start, row.action.span.end),
    ]);
    assert.deepStrictEqual(actions, [
      ["posts#index", "index"],
      ["posts#publish", undefined],
      ["posts#show", "show"],
      ["tags#index", undefined],
      ["static_pages#show", undefined],
    ]);
  });
});

describe("indexing controller modules", () => {
  it("keeps the modules of each routing file's controllers folder (read after the routing files), and no other file", async () => {
    const { indexFolder } = await import("../../../server/out/service/indexer.js");
    const files: Record<string, string> = {
      "/app/app/handlers/posts.ts": "export function index() {}\n",
      "/app/app/handlers/admin/users.ts": "export default { index() {} };\n",
      "/app/app/other/notes.ts": "export function index() {}\n",
      "/app/config/routes.ts": `import { draw } from "resource-routes";\nexport default draw({ controllers: "../app/handlers" }, (map) => { map.resources("posts", { only: ["index", "show"] }); });\n`,
    };
    const fs = {
      readDirectory: async (dir: string) => {
        const names = new Map<string, boolean>();
        for (const path of Object.keys(files)) {
          if (!path.startsWith(`${dir}/`)) continue;
          const [name, ...rest] = path.slice(dir.length + 1).split("/");
          names.set(name, rest.length > 0);
        }
        return [...names].map(([name, directory]) => ({ name, directory }));
      },
      readFile: async (path: string) => files[path],
    };
    const workspace = new RoutingWorkspace();
    assert.deepStrictEqual(await indexFolder(workspace, "file:///app", fs), { read: 4, kept: 3 });
    assert.deepStrictEqual([...workspace.documents()].map((d) => d.uri).sort(), [
      "file:///app/app/handlers/admin/users.ts",
      "file:///app/app/handlers/posts.ts",
      "file:///app/config/routes.ts",
    ]);
    const missing = documentDiagnostics(workspace, "file:///app/config/routes.ts").filter((d) => d.code === "missing-action");
    assert.deepStrictEqual(
      missing.map((d) => d.controller),
      [{ name: "posts", actions: [{ name: "show", route: "GET /posts/:id.:format" }] }],
    );
  });
});
