import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Route } from "resource-routes";
import { draw } from "resource-routes";

import { openApiDocument } from "../../../server/out/format/openapi";
import { conformanceCases, ROOT } from "../support/fixtures";
import { runRoutingFile } from "../support/runRoutingFile";

/** resource-routes openapi: a description nobody annotates, valid OpenAPI 3.1, stable to the byte. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");

async function assertValid(text: string, what: string): Promise<void> {
  // An ES module: imported as one from this CommonJS test.
  const { Validator } = await import("@seriousme/openapi-schema-validator");
  const result = await new Validator().validate(JSON.parse(text));
  assert.ok(result.valid, `${what}: ${String(JSON.stringify(result.errors)).slice(0, 800)}`);
}

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        summary: string;
        description?: string;
        tags: string[];
        parameters?: Array<{ name: string; schema: { pattern?: string } }>;
        "x-route-name": string | null;
      }
    >
  >;
};

describe("resource-routes openapi", function () {
  this.timeout(120_000);

  it("the example: valid OpenAPI 3.1, every route an operation (PATCH beside PUT), unique operationIds, the same bytes twice", async () => {
    const run = () =>
      cp.spawnSync(
        process.execPath,
        [CLI, "openapi", path.join(ROOT, "examples", "blog", "routes.ts"), "--title", "Blog", "--version", "1.0.0", "--base-path", "/api"],
        { encoding: "utf8" },
      );
    const first = run();
    assert.strictEqual(first.status, 0, first.stderr);
    assert.strictEqual(run().stdout, first.stdout, "two runs give the same bytes");
    await assertValid(first.stdout, "the example");
    const document = JSON.parse(first.stdout) as Document & { servers: Array<{ url: string }>; info: { title: string } };
    assert.deepStrictEqual([document.info.title, document.servers], ["Blog", [{ url: "/api" }]]);
    const operations = Object.values(document.paths).flatMap((item) => Object.entries(item));
    const ids = operations.map(([, op]) => op.operationId);
    assert.strictEqual(new Set(ids).size, ids.length, "operationIds are unique");
    const show = document.paths["/articles/{id}"];
    assert.deepStrictEqual(Object.keys(show), ["get", "put", "patch", "delete"]);
    assert.deepStrictEqual(
      [show.get.operationId, show.put.operationId, show.patch.operationId, show.get.tags, show.get["x-route-name"]],
      ["articles_show", "articles_update", "articles_update_patch", ["articles"], "article"],
    );
    assert.deepStrictEqual(
      show.get.parameters!.map((p) => p.name),
      ["id"],
    );
    assert.match(show.get.description!, /may end with a format/);
    assert.ok(!Object.keys(document.paths).some((p) => p.includes("{format}")), "B's optional format is a note, not a second path");
  });

  it("A's formatted twins are folded into their routes' operations; requirements are patterns; globs are documented", async () => {
    const routes = draw({ behaviour: "A" }, (map) => {
      map.resources("posts", { requirements: { id: /\d+/ } });
      map.connect("files/*path", { controller: "files", action: "show" });
    });
    const text = openApiDocument(routes.routes, { title: "t", version: "1" });
    await assertValid(text, "behaviour A");
    const document = JSON.parse(text) as Document;
    assert.ok(!Object.keys(document.paths).some((p) => p.includes("{format}")));
    assert.strictEqual(document.paths["/posts/{id}"].get.parameters![0].schema.pattern, "^(?:\\d+)$");
    assert.ok(document.paths["/files/{path}"].get);
  });

  it("a requirement with flags is no pattern that refuses what the server accepts; braces in static text are no template parameters", async () => {
    const routes = draw((map) => {
      map.connect("tags/:name", { controller: "tags", action: "show", requirements: { name: /[a-z]+/i } });
      map.connect("a{b}/:id", { controller: "braces", action: "show" });
    });
    const text = openApiDocument(routes.routes, { title: "t", version: "1" });
    await assertValid(text, "flags and braces");
    const document = JSON.parse(text) as Document;
    const name = document.paths["/tags/{name}"].get.parameters![0].schema as { pattern?: string; description?: string; "x-pattern"?: string };
    assert.strictEqual(name.pattern, undefined);
    assert.strictEqual(name["x-pattern"], "/[a-z]+/i");
    assert.ok(routes.recognize("GET", "/tags/ABC"), "the server takes ABC");
    assert.deepStrictEqual(Object.keys(document.paths).sort(), ["/a%7Bb%7D/{id}", "/tags/{name}"]);
    assert.deepStrictEqual(
      document.paths["/a%7Bb%7D/{id}"].get.parameters!.map((p) => p.name),
      ["id"],
    );
  });

  it("summaries and descriptions come from the actions' doc comments in the controllers folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-openapi-"));
    try {
      fs.mkdirSync(path.join(dir, "controllers"));
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "shop", version: "2.1.0" }));
      fs.writeFileSync(
        path.join(dir, "routes.ts"),
        `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("products", { only: ["index", "show"] }); });\n`,
      );
      fs.writeFileSync(
        path.join(dir, "controllers", "products.ts"),
        `/**\n * Lists the products.\n *\n * Paged by \`page\`, newest first.\n * @param ctx the context\n */\nexport function index() { return []; }\nexport default class { /** One product. */ show() { return {}; } }\n`,
      );
      const result = cp.spawnSync(process.execPath, [CLI, "openapi", "routes.ts"], { cwd: dir, encoding: "utf8" });
      const document = JSON.parse(result.stdout) as Document & { info: { title: string; version: string } };
      assert.deepStrictEqual(document.info, { title: "shop", version: "2.1.0" });
      assert.strictEqual(document.paths["/products"].get.summary, "Lists the products.");
      assert.match(document.paths["/products"].get.description!, /^Paged by `page`, newest first\./);
      assert.strictEqual(document.paths["/products/{id}"].get.summary, "One product.", "a default class's method's own comment");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--runtime DIR adds the actions' schemas from the compiled controllers: params as a request body or query parameters, responses by status", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-openapi-runtime-"));
    try {
      fs.mkdirSync(path.join(dir, "dist", "controllers", "admin"), { recursive: true });
      fs.writeFileSync(
        path.join(dir, "routes.ts"),
        `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("posts", { only: ["index", "create", "update"] });\n  map.namespace("admin", (admin) => admin.resources("users", { only: ["index"] }));\n});\n`,
      );
      // Compiled controllers: Zod's Standard Schema (with its Standard JSON Schema) in CommonJS, a JSON Schema in an ES module's default class.
      fs.writeFileSync(
        path.join(dir, "dist", "controllers", "posts.js"),
        `const { z } = require(${JSON.stringify(require.resolve("zod"))});\n` +
          `exports.schemas = {\n  create: { params: z.object({ post: z.object({ title: z.string().min(3) }) }), responses: { 201: z.object({ id: z.number() }) } },\n  update: { params: { type: "object", properties: { id: { type: "string" }, post: { type: "object" } }, required: ["id", "post"] } },\n};\n` +
          `exports.index = () => [];\n`,
      );
      fs.writeFileSync(
        path.join(dir, "dist", "controllers", "admin", "users.mjs"),
        `export default class { static schemas = { index: { params: { type: "object", properties: { page: { type: "string", pattern: "^\\\\d+$" } }, required: ["page"] } } }; index() { return []; } }\n`,
      );
      const run = (...extra: string[]) =>
        cp.spawnSync(process.execPath, [CLI, "openapi", "routes.ts", "--title", "t", "--version", "1", ...extra], { cwd: dir, encoding: "utf8" });
      const result = run("--runtime", "dist/controllers");
      assert.strictEqual(result.status, 0, result.stderr);
      await assertValid(result.stdout, "with schemas");
      type Operation = {
        parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
        requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      };
      const paths = (JSON.parse(result.stdout) as { paths: Record<string, Record<string, Operation>> }).paths;
      const create = paths["/posts"].post;
      assert.deepStrictEqual(Object.keys(create.requestBody!.content), ["application/json", "application/x-www-form-urlencoded"]);
      assert.deepStrictEqual(create.requestBody!.content["application/json"].schema.properties.post, {
        type: "object",
        properties: { title: { type: "string", minLength: 3 } },
        required: ["title"],
      });
      assert.deepStrictEqual(Object.keys(create.responses), ["201", "default"]);
      // The path's own key is a path parameter, not a body field.
      const update = paths["/posts/{id}"].put.requestBody!.content["application/json"].schema;
      assert.deepStrictEqual([Object.keys(update.properties), update.required], [["post"], ["post"]]);
      assert.deepStrictEqual(paths["/admin/users"].get.parameters, [
        { name: "page", in: "query", required: true, schema: { type: "string", pattern: "^\\d+$" } },
      ]);
      assert.strictEqual(paths["/posts"].get.requestBody, undefined, "an action without schemas is as the static document has it");
      // Without --runtime nothing is run: no schema.
      assert.ok(!run().stdout.includes("requestBody"));
      const missing = run("--runtime", "nowhere");
      assert.deepStrictEqual(
        [missing.status, missing.stderr],
        [2, `resource-routes: --runtime takes the compiled controllers folder, and "nowhere" is not a folder\n`],
      );
      // A schema that has no JSON Schema is left out with a warning naming its action; the others stay.
      fs.writeFileSync(
        path.join(dir, "dist", "controllers", "events.js"),
        `const { z } = require(${JSON.stringify(require.resolve("zod"))});\n` +
          `exports.schemas = { create: { params: z.object({ at: z.coerce.date() }) }, index: { params: { type: "object" } } };\n`,
      );
      const partial = run("--runtime", "dist/controllers");
      assert.strictEqual(partial.status, 0, partial.stderr);
      assert.match(partial.stderr, /^warning: events#create's params cannot be described as JSON Schema \(.+\): left out\n$/);
      assert.ok(partial.stdout.includes(`"minLength": 3`), "the other actions' schemas are kept");
      // A folder of TypeScript sources, or an empty one, holds nothing to run.
      fs.mkdirSync(path.join(dir, "src"));
      fs.writeFileSync(path.join(dir, "src", "posts.ts"), "export const schemas = {};\n");
      for (const folder of ["src", "dist/controllers/admin/empty"]) {
        fs.mkdirSync(path.join(dir, folder), { recursive: true });
        const none = run("--runtime", folder);
        assert.deepStrictEqual(
          [none.status, none.stderr],
          [
            2,
            `resource-routes: --runtime takes the compiled controllers folder, and ${JSON.stringify(folder)} holds no compiled module (.js, .mjs, .cjs): compile the controllers first\n`,
          ],
        );
      }
      fs.writeFileSync(path.join(dir, "dist", "controllers", "broken.js"), `throw new Error("boom at load");\n`);
      const broken = run("--runtime", "dist/controllers");
      assert.deepStrictEqual([broken.status, broken.stderr], [2, `resource-routes: cannot run "dist/controllers": boom at load\n`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every conformance case gives a valid document", async () => {
    for (const kase of conformanceCases()) {
      let routes: { routes: Route[] } | undefined;
      try {
        routes = runRoutingFile<{ routes: Route[] }>(kase.ts);
      } catch {
        continue; // a case whose file draw() refuses
      }
      await assertValid(openApiDocument(routes.routes, { title: kase.id, version: "1" }), kase.id);
    }
  });
});
