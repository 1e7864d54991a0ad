import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { routeTypesOf } from "../../../server/out/format/routeTypes";
import { ROOT, RUNTIME_TYPE_PATHS } from "../support/fixtures";

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const BLOG = path.join(ROOT, "examples", "blog", "routes.ts");
// The example opts in, so its declaration file is committed beside it: that file is the snapshot.
const SNAPSHOT = path.join(ROOT, "examples", "blog", "routes.routes.d.ts");

/** A routing file that opts in, as an application writes it. */
const ROUTES = `import { draw } from "resource-routes";
import type { Routes } from "./routes.routes.js";

export default draw<Routes>({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" } }, (post) => {
    post.resources("comments", { only: ["index", "show"] });
  });
  map.resource("account");
});
`;

/** Uses that must compile. */
const GOOD = `import routes from "./routes.js";
import type { ActionContext, RouteControllers, RouteParams } from "./routes.routes.js";
import type { ActionContext as UntypedActionContext } from "resource-routes/http";

export const a: string = routes.helpers.posts_path();
export const b: string = routes.helpers.post_path(1);
export const c: string = routes.helpers.post_path({ id: 1 });
export const d: string = routes.helpers.post_comment_path(1, 2, "json");
export const e: string = routes.helpers.post_comment_path(1, { id: 2, anchor: "top" });
export const f: string = routes.helpers.post_url({ id: { to_param: () => "x" }, host: "example.com" });
export const g: Record<string, unknown> = routes.helpers.hash_for_publish_post_path(3);
export const h: string = routes.helpers.account_path();
export const params: RouteParams<"comments#show"> = { post_id: "1", id: "2" };
export function show(context: ActionContext<"posts#show">): string {
  const id: string = context.params.id;
  const format: string | undefined = context.params.format;
  context.respond(200, { id, format });
  const self: string = context.urls.post_path(id);
  return context.route.path + self;
}
export function create({ params }: ActionContext<"posts#create">): unknown {
  return params.post;
}
const untyped = (context: UntypedActionContext) => context.params.page;
export const controllers: RouteControllers = {
  posts: { index: untyped, create, new: untyped, edit: untyped, show, update: untyped, destroy: untyped, publish: untyped },
  comments: { index: untyped, show: untyped },
  accounts: { create: untyped, new: untyped, edit: untyped, show: untyped, update: untyped, destroy: untyped },
};
`;

function project(use: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-types-"));
  fs.writeFileSync(path.join(dir, "routes.ts"), ROUTES);
  fs.writeFileSync(path.join(dir, "use.ts"), use);
  return dir;
}

/** How a project resolves modules: the settings users compile with. */
const RESOLUTIONS = {
  "CommonJS (node10)": { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, type: undefined },
  "Node16 (CommonJS package)": { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, type: undefined },
  "NodeNext (ES module package)": { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, type: "module" },
  Bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, type: undefined },
} as const;

/** The compiler's errors for the project, as `file:line: message` (1-based lines). */
function compile(dir: string, resolution: keyof typeof RESOLUTIONS = "CommonJS (node10)"): string[] {
  const { module, moduleResolution, type } = RESOLUTIONS[resolution];
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(type ? { type } : {}));
  const program = ts.createProgram([path.join(dir, "routes.ts"), path.join(dir, "use.ts")], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module,
    moduleResolution,
    esModuleInterop: true,
    skipLibCheck: true,
    types: [],
    baseUrl: dir,
    paths: RUNTIME_TYPE_PATHS,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${d.file ? path.basename(d.file.fileName) : "?"}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0]}`;
  });
}

function typesCommand(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, "types", ...args], { encoding: "utf8" });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

describe("typed routes (resource-routes types)", function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = project(GOOD);
    const { status, stdout } = typesCommand(path.join(dir, "routes.ts"));
    assert.strictEqual(status, 0);
    assert.match(stdout, /^wrote .*routes\.routes\.d\.ts \(\d+ helpers\)\n$/);
  });

  for (const resolution of Object.keys(RESOLUTIONS) as Array<keyof typeof RESOLUTIONS>) {
    it(`correct calls, typed params and urls, and a complete controllers map compile without an error: ${resolution}`, () => {
      assert.deepStrictEqual(compile(dir, resolution), []);
    });
  }

  const mistakes: Array<[string, string, RegExp]> = [
    ["an unknown helper", `export const x = routes.helpers.psot_path(1);`, /Property 'psot_path' does not exist/],
    [
      "a required segment given neither by position nor by name",
      `export const x = routes.helpers.post_comment_path(1);`,
      /No overload matches this call|is not assignable to parameter of type .NamedValues & \{ post_id: RouteValue; id: RouteValue; \}/,
    ],
    ["a required segment missing from the named values", `export const x = routes.helpers.post_path({ anchor: "a" });`, /No overload matches this call/],
    ["an action key that is not one", `export type X = RouteParams<"posts#nope">;`, /does not satisfy the constraint/],
    ["a param the action does not have", `export const x = (c: ActionContext<"posts#show">) => c.params.idd;`, /Property 'idd' does not exist/],
    [
      "an unknown helper on a typed context's urls",
      `export const x = (c: ActionContext<"posts#show">) => c.urls.pots_path();`,
      /Property 'pots_path' does not exist/,
    ],
    [
      "a controllers map without an action its routes reach",
      `export const y: RouteControllers = { ...controllers, comments: { index: untyped } };`,
      /Property 'show' is missing/,
    ],
  ];
  for (const [name, line, message] of mistakes) {
    it(`${name}: exactly one error, on its line`, () => {
      const bad = project(`${GOOD}${line}\n`);
      fs.copyFileSync(path.join(dir, "routes.routes.d.ts"), path.join(bad, "routes.routes.d.ts"));
      const errors = compile(bad);
      assert.strictEqual(errors.length, 1, errors.join("\n"));
      assert.ok(errors[0].startsWith(`use.ts:${GOOD.split("\n").length}: `), errors[0]);
      assert.match(errors[0], message);
    });
  }

  it("behaviour C's custom helpers (direct) are typed, written out and compact alike: name_path() and name_url(), taking nothing, or what a function takes", () => {
    for (const compact of [false, true]) {
      const modern = project(
        `import routes from "./routes";\nexport const a: string = routes.helpers.homepage_url();\nexport const b: string = routes.helpers.homepage_path();\nexport const c: string = routes.helpers.post_path(1);\nexport const m: string = routes.helpers.mail_url("a@b.c");\n`,
      );
      fs.writeFileSync(
        path.join(modern, "routes.ts"),
        'import { draw } from "resource-routes";\nimport type { Routes } from "./routes.routes";\n' +
          'export default draw<Routes>({ behaviour: "C" }, (r) => {\n  r.resources("posts", { only: ["show"] });\n  r.direct("homepage", "https://rubyonrails.org");\n' +
          '  r.direct("mail", (to: string) => `mailto:${to}`);\n' +
          // Past COMPACT_ABOVE named routes, the declaration file is compact.
          (compact ? `  for (const n of ${JSON.stringify(Array.from({ length: 2100 }, (_, n) => `p${n}`))}) r.get(n, { to: "pages#show" });\n` : "") +
          "});\n",
      );
      assert.strictEqual(typesCommand(path.join(modern, "routes.ts")).status, 0);
      assert.strictEqual(fs.readFileSync(path.join(modern, "routes.routes.d.ts"), "utf8").includes("interface DirectHelpers"), compact);
      assert.deepStrictEqual(compile(modern), [], compact ? "compact" : "written out");
      fs.appendFileSync(path.join(modern, "use.ts"), "export const d = routes.helpers.homepage_url(1);\n");
      assert.match(compile(modern).join("\n"), /use\.ts:6: Expected 0 arguments, but got 1/, compact ? "compact" : "written out");
    }
  });

  it("a routing file that does not opt in compiles as before (helpers untyped)", () => {
    const plain = project(`import routes from "./routes";\nexport const x: unknown = routes.helpers.anything_path(1);\n`);
    fs.writeFileSync(path.join(plain, "routes.ts"), ROUTES.replace("draw<Routes>", "draw").replace(/^import type .*\n/m, ""));
    assert.deepStrictEqual(compile(plain), []);
  });

  it("odd names (dashes, reserved words, quotes, __proto__, comment ends) still give a file that compiles", () => {
    const odd = project(
      `import routes from "./routes";\nexport const x: string = routes.helpers["a-b_path"](1, 2);\nexport const y: string = routes.helpers.constructor_path({ delete: 1 });\n`,
    );
    fs.writeFileSync(
      path.join(odd, "routes.ts"),
      `import { draw } from "resource-routes";\nimport type { Routes } from "./routes.routes";\nexport default draw<Routes>((map) => {\n  map.named_route("a-b", "x/:class/:new", { controller: 'we"ird', action: "de*/lete" });\n  map.named_route("constructor", "c/:delete.:format", { controller: "c", action: "x" });\n  map.resources("__proto__");\n});\n`,
    );
    assert.strictEqual(typesCommand(path.join(odd, "routes.ts")).status, 0);
    assert.deepStrictEqual(compile(odd), []);
  });

  it("names holding backticks, quotes, comment ends and U+2028/U+2029 stay inside their strings and comments", () => {
    const odd = project(`import routes from "./routes";\nexport const x: string = routes.helpers.posts_path();\n`);
    // Line and paragraph separators in a name are refused where the route is made (invalid-name); in the routing file's name they reach the banner.
    const names = ["a`b", "c*/d", "i'j", 'k\\"l', "m${n}"];
    fs.writeFileSync(
      path.join(odd, "routes.ts"),
      `import { draw } from "resource-routes";\nimport type { Routes } from "./routes.routes";\nexport default draw<Routes>((map) => {\n  map.resources("posts");\n${names
        .map((name, i) => `  map.connect(${JSON.stringify(`p${i}`)}, { controller: ${JSON.stringify(name)}, action: ${JSON.stringify(name)} });\n`)
        .join("")}});\n`,
    );
    assert.strictEqual(typesCommand(path.join(odd, "routes.ts")).status, 0);
    assert.deepStrictEqual(compile(odd), []);
    const declared = ts.createSourceFile("d.ts", fs.readFileSync(path.join(odd, "routes.routes.d.ts"), "utf8"), ts.ScriptTarget.Latest, true);
    const byAction = declared.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "RouteParamsByAction")!;
    assert.deepStrictEqual(
      byAction.members.map((m) => (m.name as ts.StringLiteral).text).sort(),
      [
        ...names.map((name) => `${name}#${name}`),
        "posts#create",
        "posts#destroy",
        "posts#edit",
        "posts#index",
        "posts#new",
        "posts#show",
        "posts#update",
      ].sort(),
    );
    const oddFile = path.join(odd, "odd*\u2028name\u2029.ts");
    fs.copyFileSync(path.join(odd, "routes.ts"), oddFile);
    assert.strictEqual(typesCommand(oddFile).status, 0);
    const banner = ts.createSourceFile(
      "d.ts",
      fs.readFileSync(path.join(odd, "odd*\u2028name\u2029.routes.d.ts"), "utf8"),
      ts.ScriptTarget.Latest,
      true,
    ) as unknown as ts.SourceFile & { parseDiagnostics: unknown[] };
    assert.deepStrictEqual(banner.parseDiagnostics, []);
    assert.strictEqual(banner.statements.filter(ts.isInterfaceDeclaration).length, 3); // RouteHelpers, RouteParamsByAction and ControllerTypes
  });

  it("a resource's body key is its singular, a nested association's too (has_many list and map, has_one)", () => {
    const text = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("people", { singular: "person", only: ["create"] });
  map.resources("authors", { only: ["show"], has_many: ["articles", { boxes: ["letters"] }], has_one: "profile" });
});
`;
    const types = routeTypesOf(loadRoutingFile(text, "routes.ts")!.routes, "routes.ts");
    const bodyOf = (action: string) => new RegExp(`"${action}": \\{[^}]*? (\\w+)\\?: unknown;`).exec(types)?.[1];
    assert.deepStrictEqual(["people#create", "authors#show", "articles#index", "boxes#index", "letters#index", "profiles#show"].map(bodyOf), [
      "person",
      "author",
      "article",
      "box",
      "letter",
      "profile",
    ]);
  });

  it("writes only when the text changes, and the same routes give the same bytes", () => {
    const out = path.join(dir, "routes.routes.d.ts");
    const first = fs.readFileSync(out, "utf8");
    const { stdout, status } = typesCommand(path.join(dir, "routes.ts"));
    assert.strictEqual(status, 0);
    assert.match(stdout, /^unchanged /);
    assert.strictEqual(fs.readFileSync(out, "utf8"), first);
  });

  it("the example's declaration file is the snapshot (examples/blog/routes.routes.d.ts): what types writes, stable across runs, behaviour B's formatted_ aliases deprecated", () => {
    const text = fs.readFileSync(BLOG, "utf8");
    const generate = () => routeTypesOf(loadRoutingFile(text, BLOG)!.routes, BLOG);
    assert.strictEqual(generate(), generate());
    if (process.env.UPDATE_SNAPSHOTS) assert.strictEqual(typesCommand(BLOG).status, 0);
    const check = typesCommand(BLOG, "--check");
    assert.strictEqual(check.status, 0, `run with UPDATE_SNAPSHOTS=1 after a deliberate change\n${check.stdout}${check.stderr}`);
    const snapshot = fs.readFileSync(SNAPSHOT, "utf8");
    // The routes' part is routeTypesOf's; the controllers' part is what types read from examples/blog/controllers.
    assert.strictEqual(
      snapshot.slice(0, snapshot.indexOf("\n// Read from the controllers")),
      generate().slice(0, generate().indexOf("\n// Read from the controllers")),
    );
    assert.match(snapshot, /\n {2}"articles#publish": \{ answer: \{ id: number; title: string; published: boolean; \} \};\n/);
    assert.match(snapshot, /\/\*\* @deprecated [^\n]*\*\/\n {2}formatted_article_path: Helper\d+<string>;/);
    assert.match(snapshot, /^\/\/ Generated by resource-routes from routes\.ts\. Do not edit/);
  });

  it("--help, a missing file and extra arguments answer like the other commands", () => {
    assert.strictEqual(typesCommand("--help").status, 0);
    const missing = typesCommand(path.join(dir, "nope.ts"));
    assert.strictEqual(missing.status, 2);
    assert.strictEqual(missing.stderr.trim().split("\n").length, 1);
    assert.strictEqual(typesCommand(path.join(dir, "routes.ts"), "extra").status, 2);
    assert.strictEqual(typesCommand(path.join(dir, "routes.ts"), "--host", "x").status, 2);
  });
});
