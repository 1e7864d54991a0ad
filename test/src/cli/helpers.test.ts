import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { RouteSet } from "resource-routes";
import * as ts from "typescript";
import { pathToFileURL } from "url";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { declarationSyntaxError, moduleSyntaxError, moduleSyntaxErrors } from "../../../server/out/files/moduleSyntax";
import { helpersModuleOf } from "../../../server/out/format/browserHelpers";
import { helpersRecipeOf } from "../../../server/out/format/helpersRecipe";
import { routeTypesOf } from "../../../server/out/format/routeTypes";
import { esbuildOnce } from "../support/esbuild";
import { behaviourCCases, behaviourCFile, conformanceCases, ROOT } from "../support/fixtures";
import { runRoutingFile } from "../support/runRoutingFile";

/** resource-routes helpers: the URL helpers as a browser module, each answering as routes.helpers does. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const EXAMPLE = path.join(ROOT, "examples", "blog", "routes.ts");

type Module = Record<string, (...args: unknown[]) => unknown> & { configure(options: object): void };

/** Writes a module's text to a scratch file and imports it (an ES module, from this CommonJS test). */
async function importModule(dir: string, name: string, js: string): Promise<Module> {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, js);
  return (await import(pathToFileURL(file).href)) as Module;
}

/** What a call gives: its value, or its error's name and message. */
function outcome(call: () => unknown): unknown {
  try {
    return { value: call() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** Calls that reach every rule of generation: positional and named values, models, lists, a query, URL options, wrong values. */
function callsFor(keys: string[], generations: Array<{ args: unknown[] }>): unknown[][] {
  const values = keys.map((_, i) => String(i + 7));
  return [
    ...generations.map((g) => g.args),
    [],
    values,
    values.slice(0, -1),
    [...values, "extra"],
    [Object.fromEntries(keys.map((key, i) => [key, values[i]]))],
    [...values.slice(0, 1), { format: "json", q: "a b&c", list: [1, "x y"], nested: { a: 1, b: [2] }, empty: null }],
    [{ to_param: () => "slug-1" }, { id: 12 }],
    [{ id: 9 }, { anchor: "top part", trailing_slash: true }],
    ["a/b", "c.d"],
    [["one", "two/three"]],
    [...values, { host: "example.com", protocol: "https://", port: 8443 }],
    [...values, { only_path: true }],
    [...values, { controller: "x", action: "y", use_route: "z", __proto__: "p" }],
  ];
}

describe("resource-routes helpers", function () {
  this.timeout(240_000);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rr-helpers-"));
  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it("every conformance case: each _path and _url helper of the module answers as the runtime's routes.helpers, errors included", async () => {
    let compared = 0;
    for (const c of conformanceCases()) {
      if (c.expected.error) continue;
      const runtime = runRoutingFile<RouteSet>(c.ts, `${c.id}.ts`);
      const loaded = loadRoutingFile(c.ts, `${c.id}.ts`)!;
      const browser = await importModule(scratch, c.id, helpersModuleOf(loaded.routes, { routes: `${c.id}.ts` }).js);
      const helpers = runtime.helpers as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const [name, route] of runtime.table.namedRoutes()) {
        if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
        const keys = route.segments.flatMap((segment) => segment.flatMap((part) => (part.kind === "static" ? [] : [part.key])));
        const generations = (c.expected.generations ?? []).filter((g) => g.helper === `${name}_path`);
        for (const args of callsFor(keys, generations)) {
          for (const helper of [`${name}_path`, `${name}_url`]) {
            assert.ok(browser[helper], `${c.id}: ${helper} is exported`);
            assert.deepStrictEqual(
              outcome(() => browser[helper](...args)),
              outcome(() => helpers[helper](...args)),
              `${c.id}: ${helper}(${JSON.stringify(args)})`,
            );
            compared++;
          }
        }
      }
    }
    assert.ok(compared > 10_000, `${compared} calls compared`);
  });

  it("every behaviour-C case: each helper answers as the runtime's routes.helpers, and as Rails 6.1's for the calls Rails answered", async () => {
    let compared = 0;
    for (const [index, c] of behaviourCCases().entries()) {
      if (c.rails.error) continue;
      const text = behaviourCFile(c);
      const runtime = runRoutingFile<RouteSet>(text, "routes.ts");
      const browser = await importModule(
        scratch,
        `behaviour-c-${index}`,
        helpersModuleOf(loadRoutingFile(text, "routes.ts")!.routes, { routes: "routes.ts" }).js,
      );
      const helpers = runtime.helpers as unknown as Record<string, (...args: unknown[]) => unknown>;
      // A custom helper a function computes is the application's code, which the browser module does not carry.
      const computed = new Set(
        runtime.directs.flatMap(({ name, target }) => (typeof target === "object" && "code" in target ? [`${name}_path`, `${name}_url`] : [])),
      );
      for (const generation of c.rails.generations) {
        if (generation.path === undefined || generation.helper === undefined) continue;
        if (computed.has(generation.helper)) {
          assert.strictEqual(browser[generation.helper], undefined, generation.helper);
          continue;
        }
        assert.strictEqual(
          browser[generation.helper!](...generation.args!),
          generation.path,
          `${c.name}: ${generation.helper}(${JSON.stringify(generation.args)})`,
        );
      }
      for (const [name, route] of runtime.table.namedRoutes()) {
        const keys = route.segments.flatMap((segment) => segment.flatMap((part) => (part.kind === "static" ? [] : [part.key])));
        const generations = c.rails.generations.filter((g) => g.helper === `${name}_path`).map((g) => ({ args: g.args ?? [] }));
        for (const args of callsFor(keys, generations)) {
          for (const helper of [`${name}_path`, `${name}_url`]) {
            assert.deepStrictEqual(
              outcome(() => browser[helper](...args)),
              outcome(() => helpers[helper](...args)),
              `${c.name}: ${helper}(${JSON.stringify(args)})`,
            );
            compared++;
          }
        }
      }
    }
    assert.ok(compared > 2_000, `${compared} calls compared`);
  });

  it("_url helpers: draw()'s default_url_options, then configure(), then the call's own options; no host is the runtime's error", async () => {
    const source = `import { draw } from "resource-routes";\nexport default draw({ default_url_options: { host: "app.test" } }, (map) => { map.resources("posts"); });\n`;
    const runtime = runRoutingFile<RouteSet>(source, "url-options.ts");
    const browser = await importModule(scratch, "url-options", helpersModuleOf(loadRoutingFile(source, "u.ts")!.routes, { routes: "u.ts" }).js);
    assert.strictEqual(browser.post_url(1), (runtime.helpers as unknown as Record<string, (...a: unknown[]) => string>).post_url(1));
    browser.configure({ host: "cdn.test", protocol: "https", port: 8443 });
    assert.strictEqual(browser.post_url(1), "https://cdn.test:8443/posts/1");
    assert.strictEqual(browser.post_url(1, { host: "other.test", port: "" }), "https://other.test/posts/1");
    const bare = await importModule(
      scratch,
      "no-host",
      helpersModuleOf(loadRoutingFile(source.replace(`{ default_url_options: { host: "app.test" } }, `, ""), "n.ts")!.routes, { routes: "n.ts" }).js,
    );
    assert.throws(() => bare.post_url(1), /post_url: Missing host to link to!/);
  });

  it("targets: per controller#action a { url, method } the routes recognise, and a form with _method for other methods", async () => {
    const loaded = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!;
    const runtime = runRoutingFile<RouteSet>(fs.readFileSync(EXAMPLE, "utf8"), "example.ts");
    const browser = await importModule(scratch, "targets", helpersModuleOf(loaded.routes, { routes: "routes.ts" }).js);
    const update = browser.articlesUpdate(5) as { url: string; method: string };
    assert.deepStrictEqual(update, { url: "/articles/5", method: "put" });
    const recognised = runtime.recognize(update.method.toUpperCase(), update.url);
    assert.deepStrictEqual([recognised.controller, recognised.action, recognised.params.id], ["articles", "update", "5"]);
    assert.deepStrictEqual(browser.articlesUpdateForm(5), { action: "/articles/5", method: "post", fields: { _method: "put" } });
    assert.deepStrictEqual(browser.articlesCreateForm(), { action: "/articles", method: "post", fields: {} });
    assert.deepStrictEqual(browser.articlesIndexForm({ page: 2 }), { action: "/articles?page=2", method: "get", fields: {} });
    assert.deepStrictEqual(browser.adminUsersIndex(), { url: "/admin/users", method: "get" });
  });

  it("--include and --exclude keep routes by name or path; the module records them for the language server", () => {
    const loaded = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!;
    const names = (selection: { include?: string[]; exclude?: string[] }) =>
      [...helpersModuleOf(loaded.routes, { routes: "routes.ts", ...selection }).js.matchAll(/^export function (\w+)_path\(/gm)].map((m) => m[1]);
    const all = names({});
    assert.ok(all.includes("admin_users") && all.includes("article"));
    assert.deepStrictEqual(
      names({ include: ["/admin/**"] }),
      all.filter((n) => n.includes("admin")),
    );
    assert.deepStrictEqual(
      names({ exclude: ["*admin*"] }),
      all.filter((n) => !n.includes("admin")),
    );
    assert.deepStrictEqual(
      names({ include: ["article", "articles"] }),
      ["articles", "article"].filter((n) => all.includes(n)).sort((a, b) => all.indexOf(a) - all.indexOf(b)),
    );
    const text = helpersModuleOf(loaded.routes, { routes: "../config/routes.ts", include: ["a*"], exclude: ["/admin/**"] }).js;
    assert.deepStrictEqual(helpersRecipeOf(text), { routes: "../config/routes.ts", include: ["a*"], exclude: ["/admin/**"] });
    assert.strictEqual(helpersRecipeOf("// Generated by resource-routes from x.ts\nexport {};\n"), undefined);
  });

  it("names JavaScript refuses or another export took are left out with a line each; non-ASCII names are exported; the module parses", async () => {
    const source = `import { draw } from "resource-routes";
export default draw((map) => {
  map.connect("posts/:id/edit", { controller: "posts", action: "edit" });
  map.connect("posts/:id/edit_form", { controller: "posts", action: "edit_form" });
  map.connect("fresh", { controller: "_", action: "new" });
  map.connect("configure", { controller: "configure", action: "_" });
  map.named_route("café", "cafe", { controller: "cafes", action: "show" });
  map.named_route("my-route", "mine", { controller: "mine", action: "show" });
});
`;
    const made = helpersModuleOf(loadRoutingFile(source, "names.ts")!.routes, { routes: "names.ts", include: ["*\u2028globalThis.hacked = 1;//"] });
    assert.deepStrictEqual(made.leftOut, []);
    const all = helpersModuleOf(loadRoutingFile(source, "names.ts")!.routes, { routes: "names.ts" });
    assert.deepStrictEqual(all.leftOut, [
      "route my-route: my-route_path is not a JavaScript name: no helper exported",
      "posts#edit_form: its target postsEditForm is taken by posts#edit's form target: no target exported (name the route to get helpers)",
      "_#new: its target new is not a name a JavaScript function can have: no target exported (name the route to get helpers)",
      "configure#_: its target configure is taken by the module's own export: no target exported (name the route to get helpers)",
    ]);
    const module = await importModule(scratch, "names", all.js);
    assert.strictEqual(module["café_path"](), "/cafe");
    assert.deepStrictEqual(module.postsEdit(1), { url: "/posts/1/edit", method: "get" });
    assert.strictEqual(typeof module.configure, "function");
    // A line separator in a recorded glob stays in the comment: the module imports without running it.
    const recorded = await importModule(scratch, "recorded", made.js);
    assert.strictEqual((globalThis as Record<string, unknown>).hacked, undefined);
    assert.strictEqual(typeof recorded.configure, "function");
    assert.deepStrictEqual(helpersRecipeOf(made.js)?.include, ["*\u2028globalThis.hacked = 1;//"]);
  });

  it("moduleSyntaxError: Node's parser judges a module without running it", () => {
    const marker = path.join(scratch, "ran");
    assert.strictEqual(moduleSyntaxError(`import * as fs from "node:fs";\nfs.writeFileSync(${JSON.stringify(marker)}, "");\nexport const a = 1;\n`), undefined);
    assert.strictEqual(fs.existsSync(marker), false);
    assert.match(moduleSyntaxError("export function a() {}\nexport function a() {}\n")!, /^line 2: SyntaxError: Identifier 'a' has already been declared$/);
    assert.match(moduleSyntaxError("export function new() {}\n")!, /^line 1: SyntaxError: Unexpected token 'new'$/);
    // Many at once (a split module's thousands of files): one answer each, in order; an import that resolves nowhere is no syntax error.
    assert.deepStrictEqual(
      moduleSyntaxErrors(["export const a = 1;\n", "\n\nexport const = 2;\n", 'import { x } from "./nowhere.js";\nexport { x };\n', "await 1;\n"]),
      [undefined, "line 3: SyntaxError: Unexpected token '='", undefined, undefined],
    );
  });

  it("declarationSyntaxError: TypeScript's parser judges a declaration file, as every generated one is judged before it is written", () => {
    const loaded = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!;
    const made = helpersModuleOf(loaded.routes, { routes: "routes.ts", client: true });
    assert.strictEqual(declarationSyntaxError(made.dts), undefined);
    assert.strictEqual(declarationSyntaxError(routeTypesOf(loaded.routes, EXAMPLE)), undefined);
    assert.strictEqual(declarationSyntaxError('export interface ControllerTypes {\n  "a#b": { answer: { x: ; } };\n}\n'), "line 2: Type expected.");
    assert.match(declarationSyntaxError("export declare const a: Helper0<string>;\nexport declare const : X;\n")!, /^line 2: /);
  });

  it("the shipped declarations type a segment's value and a helper's trailing object as the runtime's own types do", () => {
    // Each generated declaration file stands alone (it imports nothing), so the types are written twice: held the same here.
    const dir = fs.mkdtempSync(path.join(ROOT, ".test-shipped-"));
    try {
      const file = path.join(dir, "same.ts");
      const shipped = path.join(ROOT, "server", "src", "format", "shipped", "helpersDeclarations").split(path.sep).join("/");
      fs.writeFileSync(
        file,
        [
          `import type { NamedValues as RuntimeNamed, RouteValue as RuntimeValue } from "resource-routes";`,
          `import type { NamedValues, RouteValue } from ${JSON.stringify(shipped)};`,
          "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
          "export const values: Same<RouteValue, RuntimeValue> = true;",
          "export const named: Same<NamedValues, RuntimeNamed> = true;",
          "",
        ].join("\n"),
      );
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        moduleResolution: ts.ModuleResolutionKind.Node10,
        types: [],
      });
      assert.deepStrictEqual(
        ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
        [],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a bundle importing one helper holds that helper's route only, in under 2,500 bytes", async () => {
    const loaded = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!;
    fs.writeFileSync(path.join(scratch, "routes.js"), helpersModuleOf(loaded.routes, { routes: "routes.ts" }).js);
    fs.writeFileSync(path.join(scratch, "page.js"), `import { article_path } from "./routes.js";\nconsole.log(article_path(1));\n`);
    const result = await esbuildOnce({
      entryPoints: [path.join(scratch, "page.js")],
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      platform: "browser",
    });
    const bundle = result.outputFiles[0].text;
    assert.ok(bundle.length < 2_500, `${bundle.length} bytes`);
    assert.match(bundle, /"articles"/);
    for (const other of ["comments", "admin", "drafts", "feed", "_method", "Missing host"]) assert.ok(!bundle.includes(other), `${other} is not in the bundle`);
    const run = cp.spawnSync(process.execPath, ["--input-type=module", "-e", bundle], { encoding: "utf8" });
    assert.strictEqual(run.stdout, "/articles/1\n", run.stderr);
  });

  it("the declaration file: tsc accepts the helpers' calls and rejects a misspelled helper and a missing segment", () => {
    const loaded = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!;
    const made = helpersModuleOf(loaded.routes, { routes: "routes.ts" });
    const dir = path.join(scratch, "typed");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "routes.js"), made.js);
    fs.writeFileSync(path.join(dir, "routes.d.ts"), made.dts);
    const check = (code: string) => {
      fs.writeFileSync(path.join(dir, "page.ts"), code);
      const program = ts.createProgram([path.join(dir, "page.ts")], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        types: [],
      });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    };
    const good = `import { article_path, article_url, articlesUpdateForm, configure, type FormTarget } from "./routes.js";
configure({ host: "example.com", protocol: "https" });
const a: string = article_path(1);
const b: string = article_path({ id: 1, format: "json" });
const c: string = article_url({ to_param: () => "x" }, { anchor: "top" });
const f: FormTarget<"put"> = articlesUpdateForm(1);
const m: "put" = f.fields._method;
export { a, b, c, m };
`;
    assert.deepStrictEqual(check(good), []);
    assert.match(
      check(`import { artcle_path } from "./routes.js";\nexport const p = artcle_path(1);\n`).join("\n"),
      /has no exported member named 'artcle_path'/,
    );
    assert.match(
      check(`import { article_path } from "./routes.js";\nexport const p = article_path();\n`).join("\n"),
      /No overload matches this call|Expected 1-3 arguments/,
    );
    assert.match(check(`import { article_path } from "./routes.js";\nexport const p = article_path({ format: "json" });\n`).join("\n"), /id/);
  });

  it("the command writes the module and its declarations, --check says when they are stale, and refuses an --out that is no module", () => {
    const project = path.join(scratch, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "package.json"), "{}");
    fs.copyFileSync(EXAMPLE, path.join(project, "routes.ts"));
    const run = (...args: string[]) => cp.spawnSync(process.execPath, [CLI, "helpers", "routes.ts", ...args], { cwd: project, encoding: "utf8" });
    const wrote = run("--out", "web/routes.js", "--exclude", "admin_*");
    assert.strictEqual(wrote.status, 0, wrote.stderr);
    assert.match(wrote.stdout, /^wrote web\/routes\.js and wrote web\/routes\.d\.ts \(\d+ helpers, \d+ targets\)\n$/);
    assert.ok(fs.existsSync(path.join(project, "web", "routes.d.ts")));
    assert.strictEqual(run("--out", "web/routes.js", "--exclude", "admin_*", "--check").status, 0);
    const stale = run("--out", "web/routes.js", "--check");
    assert.strictEqual(stale.status, 1);
    assert.match(stale.stderr, /^web\/routes\.js is stale \(\d+ line\(s\) to add, \d+ to remove\): run `resource-routes helpers` again\n\+ /);
    assert.match(stale.stderr, /\nweb\/routes\.d\.ts is stale/);
    const wrong = run("--out", "web/routes.ts");
    assert.strictEqual(wrong.status, 2);
    assert.strictEqual(wrong.stderr, `resource-routes: --out names the helpers module, a .js or .mjs file, got "web/routes.ts"\n`);
    const none = run("--out", "web/none.js", "--include", "no_such_route*");
    const routes = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!.routes.routes.length;
    assert.deepStrictEqual([none.status, none.stderr], [0, `--include and --exclude left no route of ${routes}: the module exports no helper\n`]);
    assert.strictEqual(run("--out", "web/routes.mjs").status, 0);
    assert.ok(fs.existsSync(path.join(project, "web", "routes.d.mts")));
  });

  it("--split: each controller's helpers and targets in a module of its own, answering as the whole module does; a controller that goes takes its files along", async () => {
    const project = path.join(scratch, "split");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
    fs.copyFileSync(EXAMPLE, path.join(project, "routes.ts"));
    const run = (...args: string[]) =>
      cp.spawnSync(process.execPath, [CLI, "helpers", "routes.ts", "--out", "web/routes.js", ...args], { cwd: project, encoding: "utf8" });
    assert.strictEqual(run().status, 0);
    const wrote = run("--split", "--client");
    assert.strictEqual(wrote.status, 0, wrote.stderr);
    const folder = path.join(project, "web", "routes");
    const controllers = [
      "admin/reports",
      "admin/users",
      "article_covers",
      "articles",
      "authors",
      "comments",
      "drafts",
      "home",
      "pages",
      "profiles",
      "sessions",
      "tags",
    ];
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.relative(folder, path.join(dir, e.name))]));
    assert.deepStrictEqual(files(folder).sort(), controllers.flatMap((c) => [`${c}.client.d.ts`, `${c}.client.js`, `${c}.d.ts`, `${c}.js`]).sort());
    assert.match(
      wrote.stdout,
      new RegExp(`^wrote ${controllers.length * 4} of the ${controllers.length * 4} files of ${controllers.length} controllers' modules in web/routes/`, "m"),
    );
    // The same names as the whole module, each in its route's controller's module, answering alike.
    const loaded = loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!;
    const wholeModule = await importModule(project, "whole", helpersModuleOf(loaded.routes, { routes: "../routes.ts" }).js);
    const main = (await import(pathToFileURL(path.join(project, "web", "routes.js")).href)) as Module;
    const split: Record<string, Module> = {};
    for (const c of controllers) split[c] = (await import(pathToFileURL(path.join(folder, `${c}.js`)).href)) as Module;
    const own = (name: string) => !name.startsWith("$") && typeof wholeModule[name] === "function";
    const exported = Object.values(split)
      .flatMap((m) => Object.keys(m))
      .concat(Object.keys(main).filter(own));
    assert.deepStrictEqual(exported.sort(), Object.keys(wholeModule).filter(own).sort());
    assert.ok(Object.keys(split.comments).includes("article_comments_path") && Object.keys(split["admin/users"]).includes("adminUsersIndex"));
    main.configure({ host: "split.test" });
    wholeModule.configure({ host: "split.test" });
    for (const [controller, module] of Object.entries(split)) {
      for (const name of Object.keys(module)) {
        for (const args of [[], ["7"], ["7", "8"], [{ id: 3, article_id: 4, format: "json", q: "x" }]]) {
          assert.deepStrictEqual(
            outcome(() => module[name](...args)),
            outcome(() => wholeModule[name](...args)),
            `${controller}: ${name}(${JSON.stringify(args)})`,
          );
        }
      }
    }
    // A controller gone: its four files removed, a file of the user's in the folder kept; --check first says what is no longer made.
    fs.writeFileSync(path.join(folder, "notes.js"), "export const mine = 1;\n");
    fs.writeFileSync(path.join(project, "routes.ts"), fs.readFileSync(EXAMPLE, "utf8").replace(/\n\s*article\.resources\("tags"[^\n]*/, ""));
    const check = run("--split", "--client", "--check");
    assert.strictEqual(check.status, 1);
    assert.match(check.stderr, /^web\/routes\/tags\.js is no longer made: run `resource-routes helpers` again$/m);
    const again = run("--split", "--client");
    assert.strictEqual(again.status, 0, again.stderr);
    assert.match(again.stdout, /; removed 4 no longer made\n/);
    assert.ok(!fs.existsSync(path.join(folder, "tags.js")) && fs.existsSync(path.join(folder, "notes.js")));
    assert.strictEqual(run("--split", "--client", "--check").status, 0);
    // Made whole again: the controllers' generated files go with --split.
    assert.strictEqual(run().status, 0);
    assert.deepStrictEqual(files(folder), ["notes.js"]);
  });

  it("a whole module of more than 20,000 names says so and suggests --split; split, it says nothing", () => {
    const project = path.join(scratch, "many");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "package.json"), "{}");
    const resources = Array.from({ length: 1_000 }, (_, i) => `  map.resources("things${i}");\n`).join("");
    fs.writeFileSync(path.join(project, "routes.ts"), `import { draw } from "resource-routes";\nexport default draw((map) => {\n${resources}});\n`);
    const run = (...args: string[]) =>
      cp.spawnSync(process.execPath, [CLI, "helpers", "routes.ts", "--out", "web/routes.js", ...args], { cwd: project, encoding: "utf8" });
    const whole = run();
    assert.strictEqual(whole.status, 0);
    assert.match(
      whole.stderr,
      /^web\/routes\.js exports 22000 names: TypeScript reads them all in each file that imports it, .* \(--split writes a module per controller\)\n$/,
    );
    const split = run("--split");
    assert.deepStrictEqual([split.status, split.stderr], [0, ""]);
  });
});
