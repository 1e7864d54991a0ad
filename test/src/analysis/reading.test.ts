import * as assert from "assert";
import { originSpan } from "resource-routes/internal";

import { analyzeRoutingFile } from "../../../server/out/analysis/analyze";
import { loadRoutingFile } from "../../../server/out/analysis/routingFile";

/** What the analyser reads statically, and what it refuses to guess. */
const names = (text: string, file = "routes.ts") => loadRoutingFile(text, file)!.routes.routes.flatMap((r) => (r.name ? [r.name] : []));
const slice = (text: string, span?: { start: number; end: number }) => (span ? text.slice(span.start, span.end) : undefined);

describe("analyser: finding draw()", () => {
  const body = `(map) => { map.resources("posts", { only: "index" }); }`;
  const forms: Array<[string, string, string]> = [
    ["named import", `import { draw } from "resource-routes";\nexport default draw(${body});`, "routes.ts"],
    ["aliased import", `import { draw as routes } from "resource-routes";\nexport default routes(${body});`, "routes.ts"],
    ["namespace import", `import * as rr from "resource-routes";\nconst set = rr.draw({ behaviour: "B" }, ${body});\nexport default set;`, "routes.ts"],
    ["require destructuring", `const { draw } = require("resource-routes");\nmodule.exports = draw(${body});`, "routes.cjs"],
    ["require module", `const rr = require("resource-routes");\nmodule.exports = rr.draw(${body});`, "routes.js"],
    [
      "function expression",
      `import { draw } from "resource-routes";\nexport default draw(function (m) { m.resources("posts", { only: "index" }); });`,
      "routes.mjs",
    ],
    ["tsx", `import { draw } from "resource-routes";\nexport default draw(${body});`, "routes.tsx"],
  ];
  for (const [title, text, file] of forms) it(title, () => assert.deepStrictEqual(names(text, file), ["posts"]));

  it("a file without draw() from resource-routes is not a routing file", () => {
    assert.strictEqual(analyzeRoutingFile(`import { draw } from "elsewhere";\ndraw((map) => map.resources("posts"));`).tree, undefined);
    assert.strictEqual(analyzeRoutingFile(`export const x = 1;`).tree, undefined);
  });
});

describe("analyser: static values", () => {
  const wrap = (body: string, before = "") => `import { draw } from "resource-routes";\n${before}\nexport default draw((map) => {\n${body}\n});\n`;
  it("consts, spreads, as const, templates and parentheses", () => {
    const text = wrap(
      `const only = ["index", "show"] as const;\n  map.resources(\`po\${"sts"}\`, { ...base, only: (only) });`,
      `const base = { controller: "articles" };`,
    );
    const routes = loadRoutingFile(text, "routes.ts")!.routes.routes;
    assert.deepStrictEqual(
      routes.map((r) => `${r.name} ${r.controller}#${r.action}`),
      ["posts articles#index", "post articles#show"],
    );
  });
  it("literal loops: for...of and forEach over static lists", () => {
    assert.deepStrictEqual(names(wrap(`for (const r of ["a_items", "b_items"]) map.resources(r, { only: "index" });`)), ["a_items", "b_items"]);
    assert.deepStrictEqual(names(wrap(`["a_items", "b_items"].forEach((r) => map.resources(r, { only: "index" }));`)), ["a_items", "b_items"]);
  });
  it("nested blocks with any parameter name, namespace and with_options blocks", () => {
    assert.deepStrictEqual(
      names(wrap(`map.namespace("admin", (a) => { a.with_options({ only: "index" }, (o) => o.resources("users", (u) => u.resources("notes"))); });`)),
      ["admin_users", "admin_user_notes", "new_admin_user_note", "edit_admin_user_note", "admin_user_note"],
    );
  });
  it("functions of the file called with the mapper: their routes where they are called, a value argument bound, one calling itself reported", () => {
    const text = wrap(
      `pluginRoutes(map, "passwords");
  map.namespace("admin", (admin) => pluginRoutes(admin, "users"));
  loop(map);
  helper(1);`,
      [
        `function pluginRoutes(m: Mapper, name: string) {\n  m.resources(name, { only: "index" });\n  m.resource("session", { only: "show" });\n}`,
        `function loop(m: Mapper) {\n  m.resources("loops", { only: "index" });\n  loop(m);\n}`,
        `function helper(n: number) {\n  return n;\n}`,
        `function rest(...all: Mapper[]) {\n  all[0].resources("rests");\n}`,
      ].join("\n"),
    );
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assert.deepStrictEqual(
      loaded.routes.routes.map((r) => `${r.name} ${r.path}`),
      [
        "passwords /passwords.:format",
        "session /session.:format",
        "admin_users /admin/users.:format",
        "admin_session /admin/session.:format",
        "loops /loops.:format",
      ],
    );
    // The routes' declarations are where the function writes them: their names are the function's arguments and calls.
    assert.deepStrictEqual(
      loaded.routes.routes.map((r) => slice(text, r.origin && originSpan(r.origin))),
      ["name", '"session"', "name", '"session"', '"loops"'],
    );
    assert.deepStrictEqual(
      loaded.diagnostics.map((d) => `${d.code} ${slice(text, d.span)}`),
      ["not-static loop(m)"],
    );
    const restText = wrap(`rest(map);`, `function rest(...all: Mapper[]) {\n  all[0].resources("rests");\n}`);
    assert.deepStrictEqual(
      loadRoutingFile(restText, "routes.ts")!.diagnostics.map((d) => `${d.code} ${slice(restText, d.span)}`),
      ["not-static ...all: Mapper[]"],
    );
  });
  it("a function call is not-static on its exact range, and the rest is still read", () => {
    const text = wrap(
      `map.resources(pick(), { only: "index" });\n  map.resources("posts", { only: "index", member: compute() });\n  map.resources("tags", { only: "index" });`,
    );
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assert.deepStrictEqual(
      loaded.routes.routes.map((r) => r.name),
      ["posts", "tags"],
    );
    const notStatic = loaded.diagnostics.filter((d) => d.code === "not-static");
    assert.deepStrictEqual(
      notStatic.map((d) => slice(text, d.span)),
      ["pick()", "compute()"],
    );
    assert.ok(notStatic.every((d) => d.severity === "information"));
  });
  it("unset(): an import's placeholder leaves out each declaration using it, options included, with an error naming it at the use", () => {
    const text = wrap(
      [
        `map.resources("users", { only: "index", requirements: { id: FORMAT } });`,
        '  map.connect(`api/${VERSION}/nodes`, { controller: "nodes" });',
        `map.resources("posts", { only: "index", member: OPTIONS });`,
        `map.resources("tags", { only: "index" });`,
      ].join("\n  "),
      [
        `import { unset as placeholder } from "resource-routes";`,
        `const FORMAT = placeholder("User::USERNAME_FORMAT");`,
        `const VERSION = placeholder("VERSION");`,
        `const NESTED = { publish: VERSION };`,
        // A function of the file named unset is code, not the placeholder.
        `function unset(name: string) { return { [name]: "get" }; }`,
        `const OPTIONS = unset("x");`,
        `void NESTED;`,
      ].join("\n"),
    );
    const loaded = loadRoutingFile(text, "routes.ts")!;
    // The requirement is not dropped alone (users would be drawn without it): the whole declaration is.
    assert.deepStrictEqual(
      loaded.routes.routes.map((r) => r.name),
      ["posts", "tags"],
    );
    const unset = loaded.diagnostics.filter((d) => d.code === "unset-value");
    assert.deepStrictEqual(
      unset.map((d) => [slice(text, d.span), d.severity, d.message]),
      [
        ["FORMAT", "error", "Not set: `FORMAT` (User::USERNAME_FORMAT) has no value yet: give it one where unset() stands; this declaration is left out."],
        ["VERSION", "error", "Not set: `VERSION` has no value yet: give it one where unset() stands; this declaration is left out."],
      ],
    );
    assert.deepStrictEqual(
      loaded.diagnostics.filter((d) => d.code === "not-static").map((d) => slice(text, d.span)),
      [`unset("x")`],
    );
  });
  it("a function imported from another module of the application and called with the mapper: read there, its routes placed at the call", () => {
    const modules = new Map([
      [
        "/app/config/plugin.ts",
        [
          `import type { Mapper } from "resource-routes";`,
          `import { more } from "./more";`,
          `const ONLY = ["new", "create"];`,
          `export function pluginRoutes(map: Mapper, prefix: string): void {`,
          `  map.resources("passwords", { only: ONLY, path_prefix: prefix });`,
          `  map.resources(computed());`,
          `  more(map);`,
          `}`,
          `function local(map: Mapper) { map.resource("account"); }`,
          `export { local as accountRoutes };`,
          `export default function (map: Mapper) { map.resource("session"); }`,
          `export function loop(map: Mapper) { more(map); }`,
        ].join("\n"),
      ],
      ["/app/config/more.ts", `import { loop } from "./plugin";\nexport function more(map) { map.resources("more", { only: "index" }); loop(map); }\n`],
    ]);
    const sources = {
      resolve: (specifier: string, from: string) => {
        const fileName = `${from.slice(0, from.lastIndexOf("/"))}/${specifier.replace(/^\.\//, "")}.ts`;
        const text = modules.get(fileName);
        return text === undefined ? undefined : { fileName, text };
      },
    };
    const text = [
      `import { draw } from "resource-routes";`,
      `import session, { pluginRoutes, accountRoutes, missing } from "./plugin";`,
      `import { elsewhere } from "./nowhere";`,
      `export default draw({ behaviour: "B" }, (map) => {`,
      `  map.resources("posts", { only: "index" });`,
      `  pluginRoutes(map, "/auth");`,
      `  map.namespace("admin", (admin) => { accountRoutes(admin); session(admin); });`,
      `  missing(map);`,
      `  elsewhere(map);`,
      `});`,
    ].join("\n");
    const loaded = loadRoutingFile(text, "/app/config/routes.ts", { modules: sources })!;
    assert.deepStrictEqual(
      loaded.routes.routes.map((r) => `${r.verb} ${r.path}`),
      [
        "GET /posts.:format",
        "POST /auth/passwords.:format",
        "GET /auth/passwords/new.:format",
        "GET /more.:format",
        "GET /admin/account/new.:format",
        "GET /admin/account/edit.:format",
        "GET /admin/account.:format",
        "PUT /admin/account.:format",
        "DELETE /admin/account.:format",
        "POST /admin/account.:format",
        "GET /admin/session/new.:format",
        "GET /admin/session/edit.:format",
        "GET /admin/session.:format",
        "PUT /admin/session.:format",
        "DELETE /admin/session.:format",
        "POST /admin/session.:format",
      ],
    );
    // Each route of the plugin is declared at its call.
    const passwords = loaded.routes.routes.find((r) => r.path.startsWith("/auth/passwords"))!;
    assert.strictEqual(slice(text, passwords.origin?.declaration.source?.call), `pluginRoutes(map, "/auth")`);
    assert.deepStrictEqual(
      loaded.diagnostics.map((d) => [slice(text, d.span), d.message]),
      [
        [`pluginRoutes(map, "/auth")`, "In plugin.ts:6:17: Not static: a function call cannot be known without running code; this declaration is left out."],
        // A circle across modules is said with the way it went, and not followed.
        [
          `pluginRoutes(map, "/auth")`,
          "In plugin.ts:7:3: In more.ts:2:71: In plugin.ts:12:37: Not static: `more` calling itself cannot be known without running code; the routes declared in it are left out.",
        ],
        [
          "missing(map)",
          `Not static: \`missing\`, which "./plugin" does not export as a function declaration cannot be known without running code; the routes declared in it are left out.`,
        ],
        [
          "elsewhere(map)",
          `Not static: \`elsewhere\` of "./nowhere", a module the analyser does not find (only the application's own modules are read) cannot be known without running code; the routes declared in it are left out.`,
        ],
      ],
    );
    assert.deepStrictEqual([...loaded.analysis.modules!.keys()], ["/app/config/plugin.ts", "/app/config/more.ts"]);
    // Without the modules (a reading that is given none), the calls are not static, as any imported value.
    assert.deepStrictEqual(
      loadRoutingFile(text, "/app/config/routes.ts")!.routes.routes.map((r) => r.path),
      ["/posts.:format"],
    );
  });
  it("behaviour C: a route's application or constraint given by an import is read in its module as code (a function, an object with methods, a class's object); a value imported is not guessed", () => {
    const handlers = [
      `export function health() { return new Response("ok"); }`,
      `export const isAdmin = (request: { host: string }) => request.host === "admin";`,
      `export const api = { fetch: (request: Request) => new Response(request.url) };`,
      `export const TARGET = "pages#home";`,
      `const hono = new (class { fetch() { return new Response(""); } })();`,
      `export default hono;`,
    ].join("\n");
    const sources = {
      resolve: (specifier: string) => (specifier === "./handlers" ? { fileName: "/app/config/handlers.ts", text: handlers } : undefined),
    };
    const text = (extra: string) =>
      [
        `import { draw } from "resource-routes";`,
        `import hono, { health, isAdmin, api, TARGET } from "./handlers";`,
        `export default draw({ behaviour: "C" }, (r) => {`,
        `  r.get("health", { to: health });`,
        `  r.get("admin", { to: "admin#show", constraints: isAdmin });`,
        `  r.get("api", { to: api });${extra}`,
        `  r.mount(hono, { at: "/hono", as: "hono" });`,
        `  r.get("home", { to: TARGET });`,
        `});`,
      ].join("\n");
    const first = loadRoutingFile(text(""), "/app/config/routes.ts", { modules: sources })!;
    assert.deepStrictEqual(
      first.routes.routes.map((r) => `${r.path} ${r.target}${r.applicationConstraints.length ? " (constrained)" : ""}`),
      ["/health(.:format) app", "/admin(.:format) admin#show (constrained)", "/api(.:format) app", "/hono mounted app"],
    );
    assert.deepStrictEqual(
      first.diagnostics.map((d) => d.message),
      [
        "Missing :controller key on routes definition, please check your routes.",
        "Not static: `TARGET`, an import, cannot be known without running code; this option is left out.",
      ],
    );
    assert.deepStrictEqual([...first.analysis.modules!.keys()], ["/app/config/handlers.ts"]);
    // An edit inside a statement that read no module, now naming an import where code stands: read in its module, as a fresh analysis reads it.
    const before = loadRoutingFile(text(`\n  r.get("about", { to: "pages#about" });`), "/app/config/routes.ts", { modules: sources })!;
    const edited = text(`\n  r.get("about", { to: health });`);
    const again = loadRoutingFile(edited, "/app/config/routes.ts", { modules: sources, previous: before })!;
    assert.deepStrictEqual(again.routes.toJSON(), loadRoutingFile(edited, "/app/config/routes.ts", { modules: sources })!.routes.toJSON());
    assert.strictEqual(again.routes.routes.find((r) => r.name === "about")?.target, "app");
  });

  it("imported values and conditions are not guessed", () => {
    const text = wrap(`if (process.env.ADMIN) map.resources("admins");\n  map.resources(imported);`, `import { imported } from "./names";`);
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assert.deepStrictEqual(loaded.routes.routes, []);
    assert.deepStrictEqual(
      loaded.diagnostics.map((d) => slice(text, d.span)),
      ["process.env.ADMIN", "imported"],
    );
  });
  it("the file's behaviour setting, and a command-line behaviour that wins over it", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw({ behaviour: "A" }, (map) => map.resources("posts", { only: "index" }));`;
    assert.strictEqual(loadRoutingFile(text, "r.ts")!.routes.routes.length, 2);
    assert.strictEqual(loadRoutingFile(text, "r.ts", { behaviour: "B" })!.routes.routes.length, 1);
  });
});

describe("analyser: diagnostics (docs/routing.md) on their exact ranges", () => {
  const wrap = (body: string, settings = "") => `import { draw } from "resource-routes";\nexport default draw(${settings}(map) => {\n  ${body}\n});\n`;
  const find = (text: string, code: string) => loadRoutingFile(text, "routes.ts")!.diagnostics.filter((d) => d.code === code);

  it("only-and-except (A): an error on the except key; the declaration's routes are not registered", () => {
    const text = wrap(`map.resources("posts", { only: "index", except: "show" });`, `{ behaviour: "A" }, `);
    const [d] = find(text, "only-and-except");
    assert.strictEqual(d.severity, "error");
    assert.strictEqual(slice(text, d.span), "except");
    assert.deepStrictEqual(loadRoutingFile(text, "r.ts")!.routes.routes, []);
  });
  it("route-name-taken: only across declarations, with the holder as related information", () => {
    const text = wrap(`map.resources("posts", { only: "index" });\n  map.resources("posts", { only: "index", controller: "x" });`);
    const [d] = find(text, "route-name-taken");
    assert.strictEqual(d.severity, "warning");
    assert.match(d.message, /"posts" is already held by GET \/posts\.:format/);
    assert.strictEqual(d.span!.start, text.lastIndexOf(`"posts"`));
    assert.strictEqual(d.related![0].span!.start, text.indexOf(`"posts"`));
    assert.deepStrictEqual(find(wrap(`map.resources("posts");`), "route-name-taken"), []);
  });
  it("route-name-taken: every later declaration refused a name is warned, each once per name", () => {
    const text = wrap(
      `map.resources("posts", { only: "index" });\n  map.resources("posts", { only: ["index", "create"], controller: "x" });\n  map.resources("posts", { only: "index", controller: "y" });`,
    );
    const found = find(text, "route-name-taken");
    const second = text.indexOf(`"posts"`, text.indexOf(`"posts"`) + 1);
    assert.deepStrictEqual(
      found.map((d) => d.span!.start),
      [second, text.lastIndexOf(`"posts"`)],
    );
    for (const d of found) assert.strictEqual(d.related![0].span!.start, text.indexOf(`"posts"`));
  });
  it("unknown-option suggests the nearest known option", () => {
    const text = wrap(`map.resources("posts", { colection: { rss: "get" } });`);
    const [d] = find(text, "unknown-option");
    assert.match(d.message, /did you mean "collection"/);
    assert.strictEqual(slice(text, d.span), "colection");
    assert.strictEqual(d.replacement, "collection");
  });
  it("invalid-method on the refused value", () => {
    const text = wrap(`map.resources("posts", { member: { mark: "fetch" } });`);
    const [d] = find(text, "invalid-method");
    assert.strictEqual(d.severity, "error");
    assert.strictEqual(slice(text, d.span), `"fetch"`);
  });
  it("unknown-action on the list item", () => {
    const text = wrap(`map.resources("posts", { only: ["index", "shwo"] });`);
    const [d] = find(text, "unknown-action");
    assert.strictEqual(slice(text, d.span), `"shwo"`);
    assert.match(d.message, /did you mean "show"/);
  });
  it("requirement-anchor and requirement-not-regexp on the requirement", () => {
    const anchored = wrap(`map.resources("posts", { requirements: { id: /^\\d+$/ } });`);
    assert.strictEqual(slice(anchored, find(anchored, "requirement-anchor")[0].span), "/^\\d+$/");
    const plain = wrap(`map.resources("posts", { path_prefix: "/u/:user_id", requirements: { user_id: "5" } });`);
    assert.strictEqual(slice(plain, find(plain, "requirement-not-regexp")[0].span), `"5"`);
  });
  it("options without effect on a singleton are warned about", () => {
    const text = wrap(`map.resource("account", { plural: "accounts" });`);
    const [d] = find(text, "option-has-no-effect");
    assert.strictEqual(slice(text, d.span), "plural");
  });
});

describe("analyser: a behaviour-C routing file", () => {
  const file = (body: string) => `import { draw } from "resource-routes";\nexport default draw({ behaviour: "C" }, (r) => {\n${body}\n});\n`;

  it("records the calls made while a block runs into that block, as draw() does", () => {
    const text = file(`  r.resources("posts", () => {\n    r.member(() => r.post("publish"));\n  });\n  r.get("about", { to: "pages#about" });`);
    assert.deepStrictEqual(names(text), ["publish_post", "posts", "new_post", "edit_post", "post", "about"]);
    const [posts] = analyzeRoutingFile(text).tree!.body;
    assert.deepStrictEqual(
      posts.block!.map((d) => [d.kind, d.block?.map((inner) => inner.kind)]),
      [["member", ["post"]]],
    );
  });

  it("knows C's mapper methods, not Rails 2's", () => {
    const loaded = loadRoutingFile(file(`  r.connect(":controller/:action");\n  r.resources("posts", { only: "index" });`), "routes.ts")!;
    assert.deepStrictEqual(
      loaded.routes.routes.map((route) => route.name),
      ["posts"],
    );
    assert.match(loaded.diagnostics.find((d) => d.code === "unknown-mapper-method")!.message, /no method "connect"/);
  });

  it("constraints of the application's code: known by their syntax and never run; an imported value is not guessed to be code", () => {
    const text =
      `import { draw } from "resource-routes";\nimport { shared } from "./constraints";\n` +
      `class Beta { matches() { return true; } }\nfunction local() { return true; }\nconst admin = () => true;\n` +
      `export default draw({ behaviour: "C" }, (r) => {\n` +
      `  r.constraints(admin, () => r.get("a", { to: "p#a" }));\n` +
      `  r.get("b", { to: "p#b", constraints: new Beta() });\n` +
      `  r.get("c", { to: "p#c", constraints: local });\n` +
      `  r.get("d", { to: "p#d", constraints: { matches: (request) => request.port === 80 } });\n` +
      `  r.get("e", { to: "p#e", constraints: { subdomain: "e" } });\n` +
      `  r.get("f", { to: "p#f", constraints: shared });\n` +
      `  r.constraints(() => r.get("g", { to: "p#g" }));\n` +
      `});\n`;
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assert.deepStrictEqual(
      loaded.routes.routes.map((route) => [route.name, route.applicationConstraints.length, { ...route.conditions }]),
      [
        ["a", 1, { request: "application code" }],
        ["b", 1, { request: "application code" }],
        ["c", 1, { request: "application code" }],
        ["d", 1, { request: "application code" }],
        ["e", 0, { subdomain: "e" }],
        ["f", 0, {}],
        ["g", 0, {}],
      ],
    );
    assert.deepStrictEqual(
      loaded.diagnostics.map((d) => slice(text, d.span)),
      ["shared"],
    );
    // Rails 2's mappers take no code: a function there is not a value the analyser reads.
    const rails2 = `import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => map.resources("posts", { constraints: () => true }));`;
    assert.deepStrictEqual(
      loadRoutingFile(rails2, "routes.ts")!.diagnostics.map((d) => d.code),
      ["not-static"],
    );
  });
});
