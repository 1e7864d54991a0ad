import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/** The CLI for daily use: filters, discovery, and never printing or writing routes that may differ from the app without saying so. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const BLOG = path.join(ROOT, "examples", "blog", "routes.ts");

function run(args: string[], cwd = ROOT): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", cwd, timeout: 30_000, env: { ...process.env, NO_COLOR: "1" } });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A scratch project inside the repository, so that its modules resolve `resource-routes` to this package. */
function project(files: Record<string, string>): string {
  fs.mkdirSync(path.join(ROOT, ".test-cli"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, ".test-cli", "p-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The computed file: an imported constant for `only`, a loop over a computed list. */
const COMPUTED = `import { draw } from "resource-routes";
import { READ_ONLY } from "./constants";
const names = ["tags", "notes"].map((n) => n);
export default draw((map) => {
  map.resources("posts", { only: [...READ_ONLY] });
  for (const n of names) map.resources(n, { only: ["index"] });
});
`;
/** The same file as the application runs it, compiled. */
const COMPILED = `"use strict";
const { draw } = require("resource-routes");
const READ_ONLY = ["index", "show"];
const names = ["tags", "notes"].map((n) => n);
exports.default = draw((map) => {
  map.resources("posts", { only: [...READ_ONLY] });
  for (const n of names) map.resources(n, { only: ["index"] });
});
`;

describe("CLI: routes for daily use", function () {
  this.timeout(60_000);
  after(() => fs.rmSync(path.join(ROOT, ".test-cli"), { recursive: true, force: true }));

  it("-c keeps one controller's routes, -g those whose name, verb, path or action match; --format prints (.:format)", () => {
    const byController = run(["routes", BLOG, "-c", "admin/users"]);
    assert.strictEqual(byController.status, 0);
    const lines = byController.stdout.trim().split("\n");
    assert.ok(lines.length === 8 && lines.every((line) => line.endsWith(" admin/users#" + line.split("#")[1])), byController.stdout);
    const grepped = run(["routes", BLOG, "-g", "publish|PUT /admin"]).stdout.trim().split("\n");
    assert.deepStrictEqual(grepped.map((l) => l.trim().split(/\s+/).slice(-1)[0]).sort(), ["admin/users#suspend", "admin/users#update", "articles#publish"]);
    assert.match(run(["routes", BLOG, "-c", "articles", "--format"]).stdout, /feed_articles GET +\/articles\/feed\(\.:format\) +articles#feed/);
    assert.strictEqual(run(["routes", BLOG, "-g", "no-such-thing"]).stdout.trim(), "");
  });

  it("with no FILE: package.json's resource-routes.routes, else the only routing file found; none or several is one clear line", () => {
    const configured = project({
      "package.json": JSON.stringify({ "resource-routes": { routes: "config/routes.ts" } }),
      "config/routes.ts": `import { draw } from "resource-routes";\nexport default draw((map) => map.resources("photos"));\n`,
    });
    assert.match(run(["routes"], configured).stdout, /photos GET +\/photos\.:format/);
    const found = project({
      "src/app/routes.ts": `import { draw } from "resource-routes";\nexport default draw((map) => map.resources("albums"));\n`,
      "src/other.ts": "export const x = 1;\n",
    });
    assert.match(run(["routes"], found).stdout, /albums GET/);
    assert.match(run(["check"], found).stdout, /^$/);
    const none = run(["routes"], project({ "a.ts": "export {};\n" }));
    assert.strictEqual(none.status, 2);
    assert.match(none.stderr, /^resource-routes: no routing file given, and none found under .*: name it, or set it in package\.json/);
    const several = run(
      ["routes"],
      project({ "a.ts": `import { draw } from "resource-routes";\ndraw(() => {});\n`, "b.ts": `import { draw } from "resource-routes";\ndraw(() => {});\n` }),
    );
    assert.strictEqual(several.status, 2);
    assert.match(several.stderr, /and 2 found \(a\.ts, b\.ts\)/);
    assert.strictEqual(several.stderr.trim().split("\n").length, 1);
  });
});

describe("CLI: the truth about computed declarations", function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = project({ "routes.ts": COMPUTED, "constants.ts": `export const READ_ONLY = ["index", "show"] as const;\n`, "routes.js": COMPILED })));
  after(() => fs.rmSync(path.join(ROOT, ".test-cli"), { recursive: true, force: true }));

  it("routes says on stderr and in --json how many parts it could not read, and where", () => {
    const printed = run(["routes", "routes.ts"], dir);
    assert.strictEqual(printed.status, 0);
    assert.match(
      printed.stderr,
      /routes\.ts: 2 parts could not be read statically \(not-static\): routes\.ts:3:15, routes\.ts:5:38; the running app may route otherwise/,
    );
    const json = JSON.parse(run(["routes", "routes.ts", "--json"], dir).stdout) as {
      notStatic: { count: number; at: Array<{ line: number; character: number }> };
    };
    assert.deepStrictEqual(json.notStatic, {
      count: 2,
      at: [
        { line: 2, character: 14 },
        { line: 4, character: 37 },
      ],
    });
  });

  it("types refuses to write types that could differ from the app (exit 1) unless --allow-partial, which marks them", () => {
    const refused = run(["types", "routes.ts"], dir);
    assert.strictEqual(refused.status, 1);
    assert.match(refused.stderr, /routes\.routes\.d\.ts not written: the types could differ from the running app/);
    assert.ok(!fs.existsSync(path.join(dir, "routes.routes.d.ts")));
    const partial = run(["types", "routes.ts", "--allow-partial"], dir);
    assert.strictEqual(partial.status, 0, partial.stderr);
    assert.match(partial.stdout, /helpers, partial\)/);
    assert.match(fs.readFileSync(path.join(dir, "routes.routes.d.ts"), "utf8"), /^\/\/ PARTIAL: 2 parts of the routing file could not be read statically/m);
  });

  it("check --strict fails on any not-static; a fully static file passes", () => {
    assert.strictEqual(run(["check", "routes.ts"], dir).status, 0);
    const strict = run(["check", "routes.ts", "--strict"], dir);
    assert.strictEqual(strict.status, 1);
    assert.match(strict.stderr, /--strict: 2 not-static part\(s\)/);
    assert.strictEqual(run(["check", BLOG, "--strict", "--no-controllers"]).status, 0);
  });

  it("routes --runtime runs the compiled module and prints what the app really routes; check --runtime lists every difference", () => {
    const real = run(["routes", "--runtime", "routes.js"], dir);
    assert.strictEqual(real.status, 0, real.stderr);
    assert.deepStrictEqual(
      real.stdout
        .trim()
        .split("\n")
        .map((l) => l.trim().split(/\s+/).slice(-1)[0]),
      ["posts#index", "posts#show", "tags#index", "notes#index"],
    );
    const compared = run(["check", "routes.ts", "--runtime", "routes.js"], dir);
    assert.strictEqual(compared.status, 1);
    const lines = compared.stdout.split("\n").filter((l) => / (only in|differs)/.test(l));
    assert.deepStrictEqual(
      lines.map((l) => l.replace(/^routes\.ts: /, "")),
      [
        "only in the static reading: POST /posts.:format posts#create",
        "only in the static reading: GET /posts/new.:format posts#new (new_post)",
        "only in the static reading: GET /posts/:id/edit.:format posts#edit (edit_post)",
        "only in the static reading: PUT /posts/:id.:format posts#update",
        "only in the static reading: DELETE /posts/:id.:format posts#destroy",
        "only in the running app: GET /tags.:format tags#index (tags)",
        "only in the running app: GET /notes.:format notes#index (notes)",
      ],
    );
    assert.match(compared.stderr, /7 difference\(s\) between the static reading and the running app/);
    const same = project({
      "r.ts": `import { draw } from "resource-routes";\nexport default draw((map) => map.resources("posts"));\n`,
      "r.js": `exports.routes = require("resource-routes").draw((map) => map.resources("posts"));\n`,
    });
    const agreed = run(["check", "r.ts", "--runtime", "r.js"], same);
    assert.deepStrictEqual([agreed.status, agreed.stderr.trim()], [0, "the static reading and the running app have the same routes"]);
    const broken = run(["routes", "--runtime", "nope.js"], same);
    assert.deepStrictEqual([broken.status, broken.stderr.trim().split("\n").length], [2, 1]);
  });
});
