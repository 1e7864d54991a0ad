import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/** Route coverage: processes record the routes they recognise, `resource-routes coverage` merges them. */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");

const ROUTES = `const { draw } = require("resource-routes");
module.exports = draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { only: ["index", "show", "create"] });
  map.named_route("login", "login", { controller: "sessions", action: "new" });
});
`;

describe("route coverage", function () {
  this.timeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-coverage-"));
  const recorded = path.join(dir, "coverage");
  before(() => {
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ "resource-routes": { routes: "routes.cjs" } }));
    fs.writeFileSync(path.join(dir, "routes.cjs"), ROUTES);
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(path.join(ROOT, "runtime"), path.join(dir, "node_modules", "resource-routes"), "dir");
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A test process: routing assertions and a request through the fetch handler, with the variable set or not. */
  function runTests(environment: Record<string, string>): void {
    const script = `
      const routes = require("./routes.cjs");
      const { assertRecognizes, request } = require("resource-routes/testing");
      const { fetchHandler } = require("resource-routes/http");
      assertRecognizes(routes, "/posts/1", { controller: "posts", action: "show", id: "1" });
      assertRecognizes(routes, "/posts/2", { controller: "posts", action: "show", id: "2" });
      request(fetchHandler(routes, { posts: { index: () => "all" } }, { onError: () => {} }), "GET /posts").then((r) => { if (r.status !== 200) process.exit(3); });
    `;
    const run = cp.spawnSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8", env: { ...process.env, ...environment } });
    assert.strictEqual(run.status, 0, run.stderr);
  }

  it("records nothing unless asked for", () => {
    runTests({});
    assert.ok(!fs.existsSync(recorded));
  });

  it("writes a file per process; the command lists the routes never exercised, with their lines, and fails under --min", () => {
    runTests({ RESOURCE_ROUTES_COVERAGE: recorded });
    const files = fs.readdirSync(recorded);
    assert.strictEqual(files.length, 1);
    const written = JSON.parse(fs.readFileSync(path.join(recorded, files[0]), "utf8"));
    assert.deepStrictEqual(written.routes.map((use: { verb: string; path: string; count: number }) => `${use.verb} ${use.path} ×${use.count}`).sort(), [
      "GET /posts.:format ×1",
      "GET /posts/:id.:format ×2",
    ]);
    const report = cp.spawnSync(process.execPath, [CLI, "coverage", recorded, "--min", "60"], { cwd: dir, encoding: "utf8" });
    assert.deepStrictEqual(report.stdout.trim().split("\n"), [
      "routes.cjs:3: POST /posts.:format → posts#create: never exercised",
      "routes.cjs:4: ANY /login → sessions#new (login_path): never exercised",
    ]);
    assert.strictEqual(report.stderr.trim(), "2 of 4 routes exercised (50.0%), from 1 coverage file(s): under --min 60%");
    assert.strictEqual(report.status, 1);
    assert.strictEqual(cp.spawnSync(process.execPath, [CLI, "coverage", recorded, "--min", "50"], { cwd: dir }).status, 0);
  });

  it("check --unused: the routes no helper call, no URL written by hand and no recorded test uses, each with why", () => {
    fs.mkdirSync(path.join(dir, "views"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "views", "nav.ts"),
      'import routes from "../routes.cjs";\nexport const login = routes.helpers.login_path();\nexport const one = () => fetch("/posts/1");\n',
    );
    const check = (...args: string[]) =>
      cp.spawnSync(process.execPath, [CLI, "check", "routes.cjs", "--unused", "--no-controllers", ...args], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, RESOURCE_ROUTES_COVERAGE: "" },
      });
    const plain = check();
    assert.deepStrictEqual(plain.stdout.trim().split("\n"), [
      "routes.cjs:3: GET /posts.:format → posts#index: unused (no call of posts_path or posts_url, no URL written by hand, no coverage recorded)",
      "routes.cjs:3: POST /posts.:format → posts#create: unused (no call of posts_path or posts_url, no URL written by hand, no coverage recorded)",
    ]);
    assert.strictEqual(plain.status, 0);
    // The recorded tests exercised the index: the create route alone is left, and --fail-on-unused fails on it.
    const covered = check("--coverage", recorded, "--fail-on-unused");
    assert.deepStrictEqual(covered.stdout.trim().split("\n"), [
      "routes.cjs:3: POST /posts.:format → posts#create: unused (no call of posts_path or posts_url, no URL written by hand, no recorded test)",
    ]);
    assert.strictEqual(covered.status, 1);
  });

  it("under node:test, mocha and vitest alike: each runner's processes record what its tests recognised, and the files merge", () => {
    const tests = path.join(dir, "runners");
    fs.mkdirSync(tests, { recursive: true });
    const recognise = (url: string, method: string, action: string) =>
      `assertRecognizes(routes, { path: ${JSON.stringify(url)}, method: ${JSON.stringify(method.toUpperCase())} }, { controller: "posts", action: ${JSON.stringify(action)}${action === "show" ? ', id: "1"' : ""} });`;
    fs.writeFileSync(
      path.join(tests, "node.test.cjs"),
      `const test = require("node:test");\nconst routes = require("../routes.cjs");\nconst { assertRecognizes } = require("resource-routes/testing");\ntest("show", () => { ${recognise("/posts/1", "get", "show")} });\n`,
    );
    fs.writeFileSync(
      path.join(tests, "mocha.spec.cjs"),
      `const routes = require("../routes.cjs");\nconst { assertRecognizes } = require("resource-routes/testing");\nit("create", () => { ${recognise("/posts", "post", "create")} });\n`,
    );
    fs.writeFileSync(
      path.join(tests, "vitest.test.mjs"),
      `import { test } from "vitest";\nimport { createRequire } from "node:module";\nimport { assertRecognizes } from "resource-routes/testing";\nconst routes = createRequire(import.meta.url)("../routes.cjs");\ntest("index", () => { ${recognise("/posts", "get", "index")} });\n`,
    );
    const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
    const runners: Array<[string, string[]]> = [
      ["node", [process.execPath, "--test", path.join(tests, "node.test.cjs")]],
      ["mocha", [bin("mocha"), "--no-config", path.join(tests, "mocha.spec.cjs")]],
      ["vitest", [bin("vitest"), "run", "--root", tests, "vitest.test.mjs"]],
    ];
    for (const [name, [command, ...args]] of runners) {
      const run = cp.spawnSync(command, args, { cwd: dir, encoding: "utf8", env: { ...process.env, RESOURCE_ROUTES_COVERAGE: path.join(dir, `by-${name}`) } });
      assert.strictEqual(run.status, 0, `${name}: ${run.stdout}${run.stderr}`);
      const uses = fs
        .readdirSync(path.join(dir, `by-${name}`))
        .flatMap((file) => JSON.parse(fs.readFileSync(path.join(dir, `by-${name}`, file), "utf8")).routes as Array<{ verb: string; path: string }>)
        .map((use) => `${use.verb} ${use.path}`);
      const expected = { node: "GET /posts/:id.:format", mocha: "POST /posts.:format", vitest: "GET /posts.:format" }[name];
      assert.deepStrictEqual(uses, [expected], name);
    }
    const merged = cp.spawnSync(process.execPath, [CLI, "coverage", "by-node", "by-mocha", "by-vitest"], { cwd: dir, encoding: "utf8" });
    assert.deepStrictEqual(merged.stdout.trim().split("\n"), ["routes.cjs:4: ANY /login → sessions#new (login_path): never exercised"]);
    assert.match(merged.stderr, /^3 of 4 routes exercised \(75\.0%\), from \d+ coverage file\(s\)/);
  });

  it("hostile coverage folders: a link out of the project, a FIFO, a folder named .json, a wrong entry: each passed over with a line, never a hang or an internal error", function () {
    if (process.platform === "win32") this.skip();
    const hostile = path.join(dir, "hostile");
    fs.mkdirSync(hostile, { recursive: true });
    fs.symlinkSync("/dev/zero", path.join(hostile, "a.json"));
    cp.execFileSync("mkfifo", [path.join(hostile, "b.json")]);
    fs.mkdirSync(path.join(hostile, "c.json"));
    const use = { file: null, verb: "GET", path: "/posts/:id.:format", target: "posts#show", count: 1 };
    fs.writeFileSync(path.join(hostile, "d.json"), JSON.stringify({ version: 1, routes: [use, { ...use, verb: 7 }, { ...use, file: {} }, null] }));
    fs.writeFileSync(path.join(hostile, "e.json"), JSON.stringify({ version: 2 }));
    const report = cp.spawnSync(process.execPath, [CLI, "coverage", "hostile"], { cwd: dir, encoding: "utf8", timeout: 20_000 });
    assert.strictEqual(report.status, 0, report.stderr);
    assert.deepStrictEqual(report.stderr.trim().split("\n"), [
      "hostile/a.json: not read: it is a link to /dev/zero, outside the project",
      "hostile/b.json: not read: it is a FIFO, not a regular file",
      "hostile/c.json: not read: it is a directory, not a regular file",
      "hostile/d.json: 3 entries are not a route use (verb, path and target as text) and passed over",
      "hostile/e.json: not read: it is not a coverage file (version 1)",
      "1 of 4 routes exercised (25.0%), from 1 coverage file(s)",
    ]);
    const json = cp.spawnSync(process.execPath, [CLI, "check", "routes.cjs", "--unused", "--no-controllers", "--coverage", "hostile", "--json"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 20_000,
    });
    // Nothing but JSON on standard output: the unused routes are unused-route diagnostics of the file.
    const document = JSON.parse(json.stdout) as { diagnostics: Array<{ code: string; message: string; range: { start: { line: number } } }> };
    assert.deepStrictEqual(
      document.diagnostics.filter((d) => d.code === "unused-route").map((d) => [d.range.start.line, d.message.split(": unused")[0]]),
      [[2, "POST /posts.:format → posts#create"]],
    );
    assert.match(json.stderr, /hostile\/a\.json: not read: it is a link to \/dev\/zero, outside the project/);
  });
});
