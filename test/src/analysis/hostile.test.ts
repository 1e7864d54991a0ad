import * as assert from "assert";

import { ANALYSIS_LIMITS } from "../../../server/out/analysis/budget";
import { LoadedRoutingFile, loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { assertWithinBudget } from "../support/budget";

/** Regression tests: each hostile or careless routing file found so far, read without a throw, a hang or a guess. */

const HEAD = `import { draw } from "resource-routes";\n`;

/** The text last analysed. */
let text = "";

/** Analyses `body` (after the import), checking it never throws and its work stays within the file's budget. */
function analyse(body: string): LoadedRoutingFile {
  text = HEAD + body;
  const loaded = loadRoutingFile(HEAD + body, "routes.ts");
  assert.ok(loaded, "still a routing file");
  assertWithinBudget(loaded!);
  return loaded!;
}

const codes = (f: LoadedRoutingFile) => f.diagnostics.map((d) => d.code);
const paths = (f: LoadedRoutingFile) => f.routes.routes.map((r) => `${r.verb} ${r.path}`);
/** The text a diagnostic's range covers. */
const at = (f: LoadedRoutingFile, code: string) => {
  const d = f.diagnostics.find((x) => x.code === code)!;
  assert.ok(d, `a ${code} diagnostic in ${JSON.stringify(codes(f))}`);
  return text.slice(d.span!.start, d.span!.end);
};

describe("hostile routing files: functions of the file", () => {
  it("forty functions each calling the next twice (2^40 calls) stop at the budget, said at the calls it left unread", () => {
    // Leaves that declare routes, and leaves that declare nothing (the calls alone must be charged).
    for (const leaf of [`m.resources("leaves", { only: "index" });`, ""]) {
      const functions = Array.from({ length: 40 }, (_, i) => (i === 39 ? `function f39(m) { ${leaf} }` : `function f${i}(m) { f${i + 1}(m); f${i + 1}(m); }`));
      const loaded = analyse(`${functions.join("\n")}\nexport default draw((map) => { f0(map); });\n`);
      assert.ok(codes(loaded).includes("not-static"), JSON.stringify(codes(loaded)));
      assert.match(loaded.diagnostics.find((d) => d.code === "not-static")!.message, /1,000,000 evaluation steps/);
      assert.match(at(loaded, "not-static"), /^f\d+\(m\);?( f\d+\(m\);?)?$/);
    }
  });

  it("functions calling each other in a circle are followed once round, the call that closes it reported", () => {
    const loaded = analyse(
      `function a(m) { m.resources("as", { only: "index" }); b(m); }\nfunction b(m) { m.resources("bs", { only: "index" }); a(m); }\nexport default draw((map) => { a(map); });\n`,
    );
    assert.deepStrictEqual(paths(loaded), ["GET /as.:format", "GET /bs.:format"]);
    assert.deepStrictEqual(
      loaded.diagnostics.map((d) => `${d.code} ${text.slice(d.span!.start, d.span!.end)}`),
      ["not-static a(m)"],
    );
  });
});

describe("hostile routing files: functions of other modules", () => {
  /** Modules by name (`m7` is /app/m7.ts), found as `./m7` from any of them. */
  const modulesOf = (texts: ReadonlyMap<string, string>) => ({
    resolve: (specifier: string) => {
      const text = texts.get(specifier.replace(/^\.\//, ""));
      return text === undefined ? undefined : { fileName: `/app/${specifier.replace(/^\.\//, "")}.ts`, text };
    },
  });

  it("a chain of a hundred modules, each function calling the next module's twice: the budget and the module limit stop it, said at the call", () => {
    const texts = new Map(
      Array.from({ length: 100 }, (_, i) => [
        `m${i}`,
        // Only the first declares routes: the calls alone must be charged.
        `import { f${i + 1} } from "./m${i + 1}";\nexport function f${i}(m) { ${i === 0 ? `m.resources("r0", { only: "index" }); ` : ""}f${i + 1}(m); f${i + 1}(m); }\n`,
      ]),
    );
    text = `${HEAD}import { f0 } from "./m0";\nexport default draw((map) => { f0(map); });\n`;
    const loaded = loadRoutingFile(text, "/app/routes.ts", { modules: modulesOf(texts) })!;
    assertWithinBudget(loaded);
    assert.ok(loaded.analysis.modules!.size <= 32, `${loaded.analysis.modules!.size} modules read`);
    assert.deepStrictEqual(paths(loaded), ["GET /r0.:format"]);
    assert.ok(loaded.diagnostics.every((d) => text.slice(d.span!.start, d.span!.end) === "f0(map)"));
    assert.ok(
      loaded.diagnostics.some((d) => /past the 32 modules one routing file's reading follows|evaluation steps/.test(d.message)),
      JSON.stringify(loaded.diagnostics[0]),
    );
  });

  it("a module importing itself, and one whose text is not a module (binary garbage), are read without a throw", () => {
    const texts = new Map([
      ["self", `import { f } from "./self";\nexport function f(m) { m.resources("selves", { only: "index" }); f(m); }\n`],
      ["garbage", "\u0000\u0001export function g(m) { m.resources(\u0000"],
    ]);
    text = `${HEAD}import { f } from "./self";\nimport { g } from "./garbage";\nexport default draw((map) => { f(map); g(map); });\n`;
    const loaded = loadRoutingFile(text, "/app/routes.ts", { modules: modulesOf(texts) })!;
    assertWithinBudget(loaded);
    assert.deepStrictEqual(paths(loaded), ["GET /selves.:format"]);
    assert.match(loaded.diagnostics[0].message, /`f` calling itself/);
  });
});

describe("hostile routing files: settings and prototypes", () => {
  it("inflections with a null plural: invalid-setting at the value, the routes still read", () => {
    const f = analyse(`export default draw({ inflections: { irregular: { cactus: null } } }, (map) => { map.resources("cacti"); });`);
    assert.strictEqual(at(f, "invalid-setting"), "{ irregular: { cactus: null } }");
    assert.strictEqual(f.routes.routes[0].path, "/cacti.:format");
  });

  it("settings of the wrong type are each refused, the others kept", () => {
    const f = analyse(
      `export default draw({ behaviour: "A", resources_path_names: { new: 3 }, resource_action_separator: [";"], default_url_options: { host: {} } }, (map) => { map.resources("posts"); });`,
    );
    assert.deepStrictEqual(
      f.diagnostics.filter((d) => d.code === "invalid-setting").map((d) => d.message.split(" ")[0]),
      ["resources_path_names", "resource_action_separator", "default_url_options"],
    );
    assert.strictEqual(f.behaviour, "A");
    assert.ok(paths(f).includes("GET /posts/new"));
  });

  it('requirements: { id: { "__proto__": /\\d+/ } } sets no prototype: the entry is not static and left out', () => {
    const f = analyse(`export default draw((map) => { map.resources("posts", { requirements: { id: { "__proto__": /\\d+/ } } }); });`);
    assert.match(at(f, "not-static"), /^"__proto__": \/\\d\+\//);
    assert.strictEqual(Object.getPrototypeOf({}), Object.prototype);
    assert.strictEqual(f.routes.routes.length, 7);
  });

  it('a computed ["__proto__"] key is an own key, as JavaScript makes it', () => {
    const f = analyse(`export default draw((map) => { map.connect("a/:x", { controller: "c", action: "i", ["__proto__"]: "v" }); });`);
    assert.deepStrictEqual(f.routes.routes[0].toJSON().params, JSON.parse('{"__proto__":"v"}'));
    assert.strictEqual(({} as Record<string, unknown>).v, undefined);
  });

  it("member: { constructor: 'put' } is an action named constructor, not Object's constructor", () => {
    const f = analyse(`export default draw((map) => { map.resources("posts", { member: { constructor: "put", toString: "get" } }); });`);
    assert.ok(paths(f).includes("PUT /posts/:id/constructor.:format"));
    assert.ok(paths(f).includes("GET /posts/:id/toString.:format"));
    assert.ok(!paths(f).some((p) => p.includes("native code")));
  });

  it("segments named :constructor and :__proto__ are recognised into own params", () => {
    const f = analyse(`export default draw((map) => { map.connect("x/:constructor/:__proto__", { controller: "c", action: "a" }); });`);
    const found = f.routes.recognize("GET", "/x/1/2");
    assert.deepStrictEqual(Object.entries(found.params), [
      ["constructor", "1"],
      ["__proto__", "2"],
    ]);
    assert.strictEqual(Object.getPrototypeOf(found.params), Object.prototype);
  });

  it("a name, path or controller with control characters is refused (invalid-name); the routes before stay", () => {
    const f = analyse(`export default draw((map) => { map.resources("posts"); map.resources("evil\\n# heading"); map.resources("tags"); });`);
    assert.match(f.diagnostics.find((d) => d.code === "invalid-name")!.message, /cannot hold control characters/);
    assert.strictEqual(f.routes.routes.length, 7);
    const esc = analyse(`export default draw((map) => { map.resources("posts", { controller: "x\\u001b]52;c;AAAA\\u0007" }); });`);
    assert.ok(codes(esc).includes("invalid-name"));
  });

  it("a path whose base or action segment alone holds a control character is refused with the whole path (invalid-name)", () => {
    const action = analyse(`export default draw((map) => { map.resources("posts", { path_names: { edit: "ed\\u0007it" } }); });`);
    assert.strictEqual(
      action.diagnostics.find((d) => d.code === "invalid-name")?.message,
      'A route path cannot hold control characters or line breaks: "/posts/:id/ed\\u0007it.:format"',
    );
    const base = analyse(`export default draw((map) => { map.resources("posts", { as: "po\\nsts" }); });`);
    assert.strictEqual(
      base.diagnostics.find((d) => d.code === "invalid-name")?.message,
      'A route path cannot hold control characters or line breaks: "/po\\nsts.:format"',
    );
  });
});

describe("hostile routing files: depth", () => {
  it("3,000 nested parentheses: too-deep where the nesting is deepest, nothing thrown", () => {
    const f = analyse(`export default draw((map) => { ${"(".repeat(3000)}map.resources("x")${")".repeat(3000)}; });`);
    assert.strictEqual(at(f, "too-deep"), "(");
    assert.strictEqual(f.routes.routes.length, 0);
  });

  it("2,000 nested namespaces: too-deep", () => {
    let body = `m.resources("x")`;
    for (let i = 0; i < 2000; i++) body = `m.namespace("n${i}", (m) => { ${body} })`;
    assert.ok(codes(analyse(`export default draw((m) => { ${body}; });`)).includes("too-deep"));
  });

  it("a const built from 5,000 consts nested one in another: too-deep at the limit, no stack overflow", () => {
    const consts = Array.from({ length: 5000 }, (_, i) => `const a${i + 1} = [a${i}];`).join("\n");
    const f = analyse(`const a0 = ["posts"];\n${consts}\nexport default draw((map) => { map.resources("x", { only: a5000 }); });`);
    assert.ok(codes(f).includes("too-deep"));
    assert.match(f.diagnostics.find((d) => d.code === "too-deep")!.message, new RegExp(`${ANALYSIS_LIMITS.valueDepth} levels`));
  });
});

describe("hostile routing files: budgets", () => {
  it("40 consts that each double the last: evaluated once each, the string limit stops it", () => {
    const consts = Array.from({ length: 40 }, (_, i) => `const a${i + 1} = \`\${a${i}}\${a${i}}\`;`).join("\n");
    const f = analyse(`const a0 = "ab";\n${consts}\nexport default draw((map) => { map.resources(a40); map.resources("posts"); });`);
    assert.match(f.diagnostics.find((d) => d.code === "not-static")!.message, /a string longer than 10,000 characters/);
    assert.deepStrictEqual(f.routes.routes.map((r) => r.name).slice(0, 1), ["posts"]);
  });

  it("a const used a thousand times is read once", () => {
    const uses = Array.from({ length: 1000 }, (_, i) => `map.resources("r${i}", o);`).join("\n");
    const f = analyse(`const o = { only: ["index"], requirements: { id: /\\d+/ } };\nexport default draw((map) => {\n${uses}\n});`);
    assert.strictEqual(f.routes.routes.length, 1000);
  });

  it("three nested loops over 256 values: the iteration budget stops them, the routes before are kept", () => {
    const list = JSON.stringify(Array.from({ length: 256 }, (_, i) => `r${i}`));
    const f = analyse(
      `const L = ${list};\nexport default draw((map) => { for (const a of L) for (const b of L) for (const c of L) map.resources(\`\${a}\${b}\${c}\`, { only: "index" }); });`,
    );
    // Every iteration counts, the outer loops' too: a little under one route per iteration allowed.
    assert.ok(
      f.routes.routes.length > ANALYSIS_LIMITS.loopIterations * 0.95 && f.routes.routes.length < ANALYSIS_LIMITS.loopIterations,
      `${f.routes.routes.length} routes`,
    );
    assert.match(at(f, "not-static"), /^for \(const c of L\)/);
  });

  it("a spread of 100,000 names: the list limit leaves the declaration out", () => {
    const names = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => `r${i}`));
    const f = analyse(`const a = ${names};\nexport default draw((map) => { map.resources(...a, { foo: 1 }); map.resources("posts"); });`);
    assert.match(f.diagnostics.find((d) => d.code === "not-static")!.message, /more than 10,000 entries/);
    assert.strictEqual(f.routes.routes[0].name, "posts");
  });

  it("nested spreads that would make millions of routes stop at the route limit (too-many-routes)", () => {
    const names = JSON.stringify(Array.from({ length: 2000 }, (_, i) => `r${i}`));
    const f = analyse(`const a = ${names};\nexport default draw((map) => { map.resources(...a, (m) => m.resources(...a)); });`);
    assert.ok(codes(f).includes("too-many-routes"));
    assert.strictEqual(f.routes.routes.length, ANALYSIS_LIMITS.routes);
  });
});

describe("lexical scope: nothing is guessed", () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      "an inner let hides a file-level const",
      `const name = "users";\nexport default draw((map) => { let name = "posts"; map.resources(name); });`,
      /`name`, a `let` variable/,
    ],
    [
      "a destructured const hides a file-level const",
      `const opts = { only: "index" };\nexport default draw((map) => { const { opts } = settings(); map.resources("p", opts); });`,
      /`opts`, a destructured name/,
    ],
    [
      "a const declared after draw() is in its temporal dead zone",
      `export default draw((map) => { map.resources(name); });\nconst name = "users";`,
      /`name`, used before its declaration/,
    ],
    ["a parameter hides a const", `const r = "users";\nexport default draw((map, r) => { map.resources(r); });`, /`r`, a parameter/],
    [
      "a var in a nested block hides the const in the whole callback",
      `const r = "users";\nexport default draw((map) => { map.resources(r); if (x) { var r = "a"; } });`,
      /`r`, a `var` variable/,
    ],
    ["a function declaration hides a const", `const r = "users";\nexport default draw((map) => { map.resources(r); function r() {} });`, /`r`, a function/],
    ["an import is not a const", `import { r } from "./names";\nexport default draw((map) => { map.resources(r); });`, /`r`, an import/],
    ["a let loop variable may be reassigned", `export default draw((map) => { for (let r of ["a"]) map.resources(r); });`, /a loop variable that is not const/],
  ];
  for (const [what, body, message] of cases) {
    it(`${what}: not-static, no route from the outer value`, () => {
      const f = analyse(body);
      assert.match(f.diagnostics.find((d) => d.code === "not-static")?.message ?? "(none)", message);
      assert.deepStrictEqual(
        f.routes.routes.filter((r) => r.controller === "users"),
        [],
      );
    });
  }

  it("a block's own const wins over the outer one, and the outer one is back after the block", () => {
    const f = analyse(
      `const r = "users";\nexport default draw((map) => { { const r = "posts"; map.resources(r, { only: "index" }); } map.resources(r, { only: "index" }); });`,
    );
    assert.deepStrictEqual(paths(f), ["GET /posts.:format", "GET /users.:format"]);
  });
});
