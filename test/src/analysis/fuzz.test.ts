import * as assert from "assert";
import fc from "fast-check";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { assertWithinBudget } from "../support/budget";
import { runs } from "../support/runs";

/**
 * Fuzzing the analyser with hostile routing files built from a grammar of what broke it:
 * deep nesting, doubling consts, loops over large lists, prototype keys, odd names, settings of the
 * wrong type. Each file must be analysed within a time bound, without a throw, leaving
 * Object.prototype as it was. `FUZZ_RUNS=25 npm test` runs 25 times as many (see support/runs.ts).
 */
const RUNS = runs(200);
// Files take milliseconds to a few hundred; the bound leaves room for a loaded CI machine.
/** Mocha's limit per generated file: a hang fails the test, without any assertion on a clock. */
const TIME_BOUND_MS = 10_000;

const PROTO_KEYS = ["__proto__", "constructor", "toString", "prototype", "hasOwnProperty", "valueOf", "__defineGetter__"];
const key = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.constantFrom("only", "member", "requirements", "collection", "as", "controller", "id", "x"));
const oddName = fc.oneof(
  fc.constantFrom(...PROTO_KEYS),
  fc.string({
    unit: fc.constantFrom("a", "`", "|", "[", "]", "(", ")", "$", "}", "\\", "\n", "\u001b", "\u0007", "\u202e", "é", ":", "/", ".", "*"),
    maxLength: 12,
  }),
);
const literal = (s: string) => JSON.stringify(s);

/** A value expression: literals, prototype-keyed objects (quoted, computed, shorthand), nesting. */
const value: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    oddName.map(literal),
    fc.constantFrom("null", "true", "1", "/\\d+/", '"get"', '["index"]', "a0", "undefined", "a5"),
    fc
      .tuple(key, tie("value"), fc.constantFrom("plain", "quoted", "computed"))
      .map(([k, v, form]) =>
        form === "plain" && /^\w+$/.test(k) ? `{ ${k}: ${v} }` : form === "computed" ? `{ [${literal(k)}]: ${v} }` : `{ ${literal(k)}: ${v} }`,
      ),
    fc.array(tie("value"), { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
    tie("value").map((v) => `{ ...${v} }`),
  ),
})).value;

const nested = (depth: number, open: string, inner: string, close: string) => open.repeat(depth) + inner + close.repeat(depth);

/** One statement of the draw() callback. */
const statement = fc.oneof(
  fc.tuple(oddName, value).map(([name, options]) => `map.resources(${literal(name)}, ${options});`),
  fc
    .tuple(fc.constantFrom("resources", "resource", "connect", "namespace", "with_options", "frobnicate"), fc.array(value, { maxLength: 3 }))
    .map(([m, args]) => `map.${m}(${args.join(", ")});`),
  fc.integer({ min: 1, max: 1_500 }).map((depth) => `${nested(depth, "(", 'map.resources("p")', ")")};`),
  fc.integer({ min: 1, max: 1_200 }).map((depth) => `map.resources("x", { only: ${nested(depth, "[", '"index"', "]")} });`),
  fc.integer({ min: 1, max: 700 }).map((depth) => {
    let body = `m.resources("leaf")`;
    for (let i = 0; i < depth; i++) body = `m.namespace("n", (m) => { ${body} })`;
    return `((m) => { ${body} })(map);`.replace("((m) => {", "map.with_options({}, (m) => {").replace("})(map);", "});");
  }),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom("L", "big", "a5")).map(([loops, list]) => {
    const vars = ["i", "j", "k"].slice(0, loops);
    return `${vars.map((v) => `for (const ${v} of ${list})`).join(" ")} map.resources(${vars.join(" + ")});`;
  }),
  fc
    .tuple(fc.constantFrom("let", "var", "const"), fc.constantFrom("a0", "a5", "L", "name"), value)
    .map(([kind, name, v]) => `${kind} ${name} = ${v}; map.resources(${name});`),
  fc.constantFrom(
    "map.resources(...big);",
    "map.resources(...L, (m) => m.resources(...L));",
    "map.resources(name); const name = 1;",
    "{ const { a0 } = x; map.resources(a0); }",
  ),
);

/** draw()'s settings, of the right or wrong type. */
const settings = fc
  .dictionary(
    fc.oneof(fc.constantFrom("behaviour", "resources_path_names", "resource_action_separator", "default_url_options", "inflections", "controllers"), key),
    fc.oneof(value, fc.constant("{ irregular: { cactus: null } }"), fc.constant("{ uncountable: [1, {}] }"), fc.constant('"C"')),
    { maxKeys: 4 },
  )
  .map(
    (entries) =>
      `{ ${Object.entries(entries)
        .map(([k, v]) => `${literal(k)}: ${v}`)
        .join(", ")} }`,
  );

/** File-level consts: some that double, a large list, a list of lists. */
const prelude = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 20_000 })).map(([doublings, size]) => {
  const lines = [`const a0 = "ab";`];
  for (let i = 1; i <= doublings; i++) lines.push(`const a${i} = \`\${a${i - 1}}\${a${i - 1}}\`;`);
  lines.push(`const L = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `r${i}`))};`);
  lines.push(`const big = Array.from ? ${JSON.stringify(Array.from({ length: Math.min(size, 20_000) }, (_, i) => i))} : [];`);
  lines.push(`const listOfBig = [${"[...L], ".repeat(30)}];`);
  return lines.join("\n");
});

const file = fc
  .tuple(prelude, fc.option(settings), fc.array(statement, { minLength: 1, maxLength: 6 }))
  .map(
    ([head, drawSettings, body]) =>
      `import { draw } from "resource-routes";\n${head}\nexport default draw(${drawSettings ? `${drawSettings}, ` : ""}(map) => {\n  ${body.join("\n  ")}\n});\n`,
  );

/** Everything of a loaded file that a user sees: routes and diagnostics. */
function seen(file: ReturnType<typeof loadRoutingFile>): unknown {
  return file && { routes: file.routes.toJSON(), diagnostics: file.diagnostics.map((d) => [d.code, d.message, d.span?.start, d.span?.end]) };
}

describe("fuzzing the analyser with hostile routing files", function () {
  this.timeout(RUNS * TIME_BOUND_MS);

  it(`${RUNS} generated files: each analysed within the file's budget, never throwing, Object.prototype untouched`, () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(file, (text) => {
        const loaded = loadRoutingFile(text, "routes.ts");
        assert.ok(loaded, "a routing file");
        assertWithinBudget(loaded!);
        // Everything the editor and the CLI then do with it works too.
        JSON.stringify(loaded!.routes.toJSON());
        assert.ok(!loaded!.diagnostics.some((d) => d.code === "internal-error"), loaded!.diagnostics.find((d) => d.code === "internal-error")?.message);
        assert.deepStrictEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeKeys);
        assert.strictEqual(Object.getPrototypeOf({}), Object.prototype);
      }),
      { numRuns: RUNS },
    );
  });

  it(`${Math.ceil(RUNS / 4)} generated files edited inside a statement: re-analysed from the previous version as a fresh analysis reads them, never throwing`, () => {
    fc.assert(
      fc.property(file, fc.nat(), fc.constantFrom("x", "1", "(", "[", '"', "`", ";", "\n", ", "), (text, at, piece) => {
        const previous = loadRoutingFile(text, "routes.ts");
        // Somewhere in the callback's body, most often inside a statement.
        const body = text.indexOf("(map) => {") + 10;
        const offset = body + (at % (text.length - body - 4));
        const edited = text.slice(0, offset) + piece + text.slice(offset);
        const incremental = loadRoutingFile(edited, "routes.ts", { previous });
        const fresh = loadRoutingFile(edited, "routes.ts");
        assert.ok(!incremental!.diagnostics.some((d) => d.code === "internal-error"));
        // Whether the parser's recursion fits the stack depends on the stack at the time (how deep the
        // caller is, which functions the engine has compiled): at the edge, either reading may stop.
        const deep = (f: typeof fresh) => f!.diagnostics.some((d) => d.code === "too-deep");
        if (!deep(incremental) && !deep(fresh)) assert.deepStrictEqual(seen(incremental), seen(fresh));
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });
});
