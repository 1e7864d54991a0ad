import * as assert from "assert";
import fc from "fast-check";
import { RouteSet } from "resource-routes";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { runRoutingFile } from "../support/runRoutingFile";
import { runs } from "../support/runs";

/**
 * draw() at run time and the analyser read the same files the same way: for random routing files
 * (the conformance cases' shapes, and the call shapes real files use: with_options given only a
 * block, blocks given to routes, lists of custom actions, defaults, globs, regular expressions as
 * plain options), the runtime's route table is the analyser's, and a file one refuses the other
 * refuses with the same code.
 */
const RUNS = runs(150);

const name = fc.constantFrom("posts", "comments", "photos", "tags", "users", "items", "groupies", "google_analytics", "databases", "indices");
const action = fc.constantFrom("preview", "publish", "rss", "mark", "index", "show");
const method = fc.constantFrom('"get"', '"post"', '"put"', '"delete"', '"any"', '["get", "post"]', '"head"', '"fetch"');
const customActions = fc.oneof(
  fc.dictionary(action, method, { maxKeys: 2 }).map(
    (d) =>
      `{ ${Object.entries(d)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")} }`,
  ),
  fc.array(action, { maxLength: 2 }).map((list) => JSON.stringify(list)),
  action.map((a) => JSON.stringify(a)),
);
const defaults = ["index", "create", "new", "edit", "show", "update", "destroy"];

const resourceOption = fc.oneof(
  customActions.map((v) => `collection: ${v}`),
  customActions.map((v) => `member: ${v}`),
  customActions.map((v) => `new: ${v}`),
  fc.subarray(defaults).map((v) => `only: ${JSON.stringify(v)}`),
  fc.subarray(defaults).map((v) => `except: ${JSON.stringify(v)}`),
  fc.constantFrom(
    "requirements: { id: /\\d+/ }",
    "requirements: { id: /^\\d+/ }",
    'requirements: { id: "1" }',
    'conditions: { method: "get" }',
    "shallow: true",
  ),
  name.map((n) => `has_many: ${JSON.stringify(n)}`),
  name.map((n) => `has_one: ${JSON.stringify(n.replace(/s$/, ""))}`),
  fc.constantFrom('as: "items"', 'path_names: { new: "nuevo" }', 'controller: "stuff"', 'singular: "thing"'),
);
const options = (option: fc.Arbitrary<string>) => fc.array(option, { maxLength: 3 }).map((list) => (list.length ? `, { ${list.join(", ")} }` : ""));

const routeOptions = fc
  .array(
    fc.constantFrom(
      'controller: "pages"',
      'action: "about"',
      "action: /search|archive/",
      "action: /index|list/",
      "defaults: { page: 1 }",
      "defaults: { nope: 1 }",
      'page: "2"',
      "id: /\\d+/",
      'locale: "en"',
      'conditions: { method: "post" }',
    ),
    { maxLength: 3 },
  )
  .map((list) => `{ ${['controller: "pages"', ...list].join(", ")} }`);
const routePath = fc.constantFrom(
  '"about"',
  '"pages/:action/:id"',
  '"radio/:source/:page"',
  '"search/*terms/all"',
  '"files/*path"',
  '"analysis/.:format"',
  '""',
  '":controller/:action/:id"',
);

type Statement = (depth: number) => fc.Arbitrary<string>;
const statement: Statement = (depth) =>
  fc.oneof(
    { depthSize: "small" },
    fc
      .tuple(fc.constantFrom("resources", "resource"), name, options(resourceOption), block(depth))
      .map(([kind, n, o, b]) => `m.${kind}(${JSON.stringify(kind === "resource" ? n.replace(/s$/, "") : n)}${o}${b});`),
    fc.tuple(name, block(depth)).map(([n, b]) => `m.namespace(${JSON.stringify(n)}${b || ", (m) => {}"});`),
    fc
      .tuple(options(resourceOption), block(depth))
      .map(([o, b]) => (o ? `m.with_options(${o.slice(2)}${b || ", (m) => {}"});` : `m.with_options(${(b || ", (m) => {}").slice(2)});`)),
    fc
      .tuple(routePath, routeOptions, fc.boolean())
      .map(([p, o, withBlock]) => `m.connect(${p}, ${o}${withBlock ? ', (x) => { x.resources("ignored"); }' : ""});`),
    fc
      .tuple(name, routePath, routeOptions, fc.boolean())
      .map(([n, p, o, withBlock]) => `m.named_route(${JSON.stringify(n)}, ${p}, ${o}${withBlock ? ", () => {}" : ""});`),
    fc.constant('m.root({ controller: "home" });'),
  );
const block = (depth: number): fc.Arbitrary<string> =>
  depth >= 2
    ? fc.constant("")
    : fc.oneof(
        fc.constant(""),
        fc.array(statement(depth + 1), { maxLength: 3 }).map((body) => `, (m) => { ${body.join(" ")} }`),
      );

const program = fc
  .tuple(fc.constantFrom("A", "B"), fc.array(statement(0), { minLength: 1, maxLength: 5 }))
  .map(
    ([behaviour, body]) =>
      `import { draw } from "resource-routes";\nexport default draw({ behaviour: "${behaviour}" }, (m) => {\n  ${body.join("\n  ")}\n});\n`,
  );

describe("draw() and the analyser agree on random routing files", () => {
  it("the same route table, or the same refusal", function () {
    this.timeout(300_000);
    fc.assert(
      fc.property(program, (text) => {
        const loaded = loadRoutingFile(text, "routes.ts");
        assert.ok(loaded, text);
        const errors: string[] = loaded.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
        let executed: RouteSet;
        try {
          executed = runRoutingFile<RouteSet>(text, "agreement.ts");
        } catch (error) {
          const code = (error as { code?: string }).code;
          assert.ok(code, `${text}\nthe runtime threw without a code: ${(error as Error).message}`);
          assert.ok(
            errors.includes(code),
            `${text}\nthe runtime refused it (${code}: ${(error as Error).message}); the analyser reported ${JSON.stringify(errors)}`,
          );
          return;
        }
        assert.deepStrictEqual(errors, [], `${text}\nthe runtime accepted it; the analyser reported errors`);
        assert.deepStrictEqual(loaded.routes.toJSON(), executed.toJSON(), text);
      }),
      { numRuns: RUNS },
    );
  });
});

/** Behaviour C's calls, nested by blocks that take no mapper: every call in a block is the block's. */
const cAction = fc.constantFrom("preview", "publish", "index", "show", "new", "search");
const cResourceOption = fc.constantFrom(
  'only: ["index", "show"]',
  'except: "destroy"',
  "shallow: true",
  'path: "articles"',
  'as: "items"',
  'param: "slug"',
  'controller: "stuff"',
  'module: "admin"',
  "constraints: { id: /\\d+/ }",
  'path_names: { new: "nuevo" }',
  'concerns: "commentable"',
  "format: false",
  'defaults: { format: "json" }',
  'foo: "bar"',
);
const cRouteOption = fc.constantFrom('on: "member"', 'on: "collection"', 'as: "custom"', 'to: "pages#show"', "format: true", "id: /\\d+/", "as: false");
const cOptions = (option: fc.Arbitrary<string>) => fc.array(option, { maxLength: 2 }).map((list) => (list.length ? `, { ${list.join(", ")} }` : ""));
const cBlock = (depth: number): fc.Arbitrary<string> =>
  depth >= 2
    ? fc.constant("")
    : fc.oneof(
        fc.constant(""),
        fc.array(cStatement(depth + 1), { maxLength: 3 }).map((body) => `, () => { ${body.join(" ")} }`),
      );
const cStatement = (depth: number): fc.Arbitrary<string> =>
  fc.oneof(
    { depthSize: "small" },
    fc
      .tuple(fc.constantFrom("resources", "resource"), name, cOptions(cResourceOption), cBlock(depth))
      .map(([kind, n, o, b]) => `r.${kind}(${JSON.stringify(kind === "resource" ? n.replace(/s$/, "") : n)}${o}${b});`),
    fc.tuple(name, cBlock(depth)).map(([n, b]) => `r.namespace(${JSON.stringify(n)}${b || ", () => {}"});`),
    fc
      .tuple(fc.constantFrom('"(:locale)"', '"shop"', '{ module: "v1" }', '{ as: "api" }'), cBlock(depth))
      .map(([s, b]) => `r.scope(${s}${b || ", () => {}"});`),
    fc.tuple(fc.constantFrom("member", "collection", "new", "shallow"), cBlock(depth)).map(([k, b]) => `r.${k}(${(b || ", () => {}").slice(2)});`),
    fc.tuple(fc.constantFrom("get", "post", "patch", "delete"), cAction, cOptions(cRouteOption)).map(([v, a, o]) => `r.${v}(${JSON.stringify(a)}${o});`),
    fc
      .tuple(
        fc.constantFrom('"about-us"', '"photos/:id"', '"files/*path"', '"archive(/:year)"'),
        fc.constantFrom('{ to: "pages#show" }', '{ to: "pages#show", via: ["get", "post"] }'),
      )
      .map(([p, o]) => `r.match(${p}, ${o.includes("via") ? o : o.replace(" }", ', via: "get" }')});`),
    fc.constant('r.concerns("commentable");'),
    fc.constant('r.root("home#index");'),
    fc.constantFrom('r.resources_path_names({ new: "nuevo" });', 'r.resources_path_names({ preview: "vista", edit: "editar" });'),
  );
const cProgram = fc
  .array(cStatement(0), { minLength: 1, maxLength: 5 })
  .map(
    (body) =>
      `import { draw } from "resource-routes";\nexport default draw({ behaviour: "C" }, (r) => {\n  r.concern("commentable", () => { r.resources("comments", { only: "index" }); });\n  ${body.join("\n  ")}\n});\n`,
  );

describe("draw() and the analyser agree on random behaviour-C routing files", () => {
  it("the same route table, or the same refusal", function () {
    this.timeout(300_000);
    fc.assert(
      fc.property(cProgram, (text) => {
        const loaded = loadRoutingFile(text, "routes.ts")!;
        const errors = loaded.diagnostics.filter((d) => d.severity === "error");
        let executed: RouteSet;
        try {
          executed = runRoutingFile<RouteSet>(text, "agreement.ts");
        } catch (error) {
          assert.ok(
            errors.some((d) => d.message === (error as Error).message),
            `${text}\nthe runtime refused it (${(error as Error).message}); the analyser reported ${JSON.stringify(errors)}`,
          );
          return;
        }
        assert.deepStrictEqual(errors, [], `${text}\nthe runtime accepted it; the analyser reported errors`);
        assert.deepStrictEqual(loaded.routes.toJSON(), executed.toJSON(), text);
      }),
      { numRuns: RUNS },
    );
  });
});
