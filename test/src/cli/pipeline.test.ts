import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

import { errorsUnder, ROOT } from "../support/fixtures";

/** What a CI runs: the built CLI on scratch projects, with the exit codes a pipeline reads. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");

function run(cwd: string, ...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A scratch project: a package.json and the files given, in a new folder. */
function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-pipeline-"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", private: true }));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const ROUTES = `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts"); });\n`;

describe("CLI in a pipeline", function () {
  this.timeout(120_000);

  describe("types --check and controllers --check", () => {
    it("exit 0 when the file on disk is current, 1 with the lines that differ when stale or missing; nothing written", () => {
      const dir = project({ "routes.ts": ROUTES, "controllers/posts.ts": "export function index() { return 'x'; }\n" });
      assert.strictEqual(run(dir, "types", "routes.ts", "--check").status, 1, "missing");
      assert.ok(!fs.existsSync(path.join(dir, "routes.routes.d.ts")), "--check writes nothing");
      assert.strictEqual(run(dir, "types", "routes.ts").status, 0);
      assert.strictEqual(run(dir, "controllers", "routes.ts").status, 0);
      const current = run(dir, "types", "routes.ts", "--check");
      assert.deepStrictEqual([current.status, current.stdout.trim()], [0, "current routes.routes.d.ts"]);
      assert.strictEqual(run(dir, "controllers", "routes.ts", "--check").status, 0);
      fs.writeFileSync(path.join(dir, "routes.ts"), ROUTES.replace(`map.resources("posts");`, `map.resources("posts"); map.resources("tags");`));
      fs.writeFileSync(path.join(dir, "controllers", "tags.ts"), "export function index() { return 'x'; }\n");
      const before = fs.readFileSync(path.join(dir, "routes.routes.d.ts"), "utf8");
      const stale = run(dir, "types", "routes.ts", "--check");
      assert.strictEqual(stale.status, 1);
      assert.match(stale.stderr, /^routes\.routes\.d\.ts is stale \(\d+ line\(s\) to add, \d+ to remove\): run `resource-routes types` again\n/);
      assert.match(stale.stderr, /^\+ .*tags_path/m);
      assert.strictEqual(fs.readFileSync(path.join(dir, "routes.routes.d.ts"), "utf8"), before, "--check writes nothing");
      const map = run(dir, "controllers", "routes.ts", "--check");
      assert.strictEqual(map.status, 1);
      assert.match(map.stderr, /^\+ .*controllers\/tags/m);
    });
  });

  describe("recognize routes as the adapters do", () => {
    it("PATCH and _method=patch reach update; --no-patch keeps Rails 2's methods", () => {
      const dir = project({ "routes.ts": ROUTES });
      for (const behaviour of ["A", "B"]) {
        const patch = run(dir, "recognize", "routes.ts", "PATCH", "/posts/3", "--behaviour", behaviour, "--json");
        assert.deepStrictEqual([patch.status, JSON.parse(patch.stdout).action], [0, "update"]);
        const form = run(dir, "recognize", "routes.ts", "POST", "/posts/3", "--param", "_method=PATCH", "--behaviour", behaviour, "--json");
        assert.deepStrictEqual([form.status, JSON.parse(form.stdout).action], [0, "update"]);
        const strict = run(dir, "recognize", "routes.ts", "PATCH", "/posts/3", "--behaviour", behaviour, "--no-patch");
        assert.strictEqual(strict.status, 1);
      }
    });

    it("--explain names the method where the path matched and the method did not, with and without a format", () => {
      const dir = project({ "routes.ts": ROUTES });
      const b = run(dir, "recognize", "routes.ts", "DELETE", "/posts", "--explain", "--behaviour", "B", "--json");
      const reasons = (JSON.parse(b.stdout) as { explain: Array<{ path: string; verb: string; passedOver?: string }> }).explain;
      assert.deepStrictEqual(
        reasons.slice(0, 2).map((r) => r.passedOver),
        ["the method is DELETE, the route takes GET", "the method is DELETE, the route takes POST"],
      );
      const a = run(dir, "recognize", "routes.ts", "DELETE", "/posts", "--explain", "--behaviour", "A", "--json");
      const inA = (JSON.parse(a.stdout) as { explain: Array<{ passedOver?: string }> }).explain;
      assert.deepStrictEqual(
        inA.slice(0, 2).map((r) => r.passedOver),
        ["the method is DELETE, the route takes GET", 'segment 1: "posts" has no format, the route takes posts.:format'],
      );
      const one = run(dir, "recognize", "routes.ts", "GET", "/posts/1/2/3/4", "--explain", "--behaviour", "B", "--json");
      assert.ok((JSON.parse(one.stdout) as { explain: Array<{ passedOver?: string }> }).explain.every((r) => !/\b1 segments\b/.test(r.passedOver ?? "")));
      const root = project({ "routes.ts": `import { draw } from "resource-routes";\nexport default draw((map) => { map.root({ controller: "home" }); });\n` });
      const single = run(root, "recognize", "routes.ts", "GET", "/x", "--explain", "--json");
      assert.strictEqual(
        (JSON.parse(single.stdout) as { explain: Array<{ passedOver?: string }> }).explain[0].passedOver,
        "the path has 1 segment, the route takes at most 0",
      );
    });
  });

  describe("diff reads git safely", () => {
    it("a revision that looks like an option is refused, and nothing is written", () => {
      const dir = project({ "routes.ts": ROUTES });
      const git = (...args: string[]) =>
        cp.execFileSync("git", args, {
          cwd: dir,
          stdio: "ignore",
          env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
        });
      git("init", "-q");
      git("add", ".");
      git("commit", "-qm", "routes");
      for (const from of ["--output=x", "-p"]) {
        const result = run(dir, "diff", "routes.ts", `--from=${from}`);
        assert.strictEqual(result.status, 2, result.stderr);
        assert.match(result.stderr, /a revision cannot begin with "-"/);
      }
      assert.ok(!fs.existsSync(path.join(dir, "x:routes.ts")) && !fs.existsSync(path.join(dir, "x")), "git wrote nothing");
      assert.strictEqual(run(dir, "diff", "routes.ts", "--from", "HEAD").status, 0);
    });
  });

  describe("--runtime runs the module in a process of its own, within a time limit", () => {
    const BROKEN = `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts", { only: "index" }); map.resources("posts", { only: ["bogus"] }); });\n`;

    it("a module whose import never settles: exit 1 within --runtime-timeout, the static diagnostics still printed", () => {
      const dir = project({ "routes.ts": BROKEN, "hang.mjs": "await new Promise(() => setInterval(() => undefined, 1000));\n" });
      const result = run(dir, "check", "routes.ts", "--runtime", "hang.mjs", "--runtime-timeout", "500");
      assert.strictEqual(result.status, 1, result.stderr);
      assert.match(result.stderr, /importing it did not finish within 500 ms \(--runtime-timeout\)/);
      assert.match(result.stdout, /routes\.ts:\d+:\d+: warning unknown-action/);
    });

    it("a module that ends the process itself, or throws: exit 1, never 0", () => {
      const dir = project({ "routes.ts": ROUTES, "exits.mjs": "process.exit(0);\n", "throws.mjs": "throw new Error('boom');\n" });
      const exits = run(dir, "check", "routes.ts", "--runtime", "exits.mjs");
      assert.strictEqual(exits.status, 1, exits.stderr);
      assert.match(exits.stderr, /the process ended \(exit code 0\) before its routes were read/);
      const throws = run(dir, "check", "routes.ts", "--runtime", "throws.mjs");
      assert.strictEqual(throws.status, 1);
      assert.match(throws.stderr, /cannot run "throws\.mjs": boom/);
      assert.strictEqual(run(dir, "routes", "--runtime", "exits.mjs").status, 2, "routes --runtime: one line, exit 2");
    });
  });
});

describe("check reports what the language server reports of controllers", function () {
  this.timeout(60_000);

  it("a renamed resource with no module, and an action no module defines: exit 1 with missing-controller and missing-action; --no-controllers skips them; the controllers setting is followed", () => {
    const dir = project({
      "config/routes.ts": `import { draw } from "resource-routes";\nexport default draw({ controllers: "../app/controllers" }, (map) => { map.resources("articles", { only: ["index"] }); map.resources("posts", { only: ["index", "new"] }); });\n`,
      "app/controllers/posts.ts": "export function index() { return 'posts'; }\n",
    });
    const result = run(dir, "check", "config/routes.ts");
    assert.strictEqual(result.status, 1);
    assert.deepStrictEqual(result.stdout.trimEnd().split("\n"), [
      'config/routes.ts:2:85: error missing-controller: No module for controller "articles" in ./app/controllers: its routes answer 404 (uninitialized controller).',
      'config/routes.ts:2:133: error missing-action: The controller "posts" does not define the action "new" that GET /posts/new.:format reaches.',
    ]);
    assert.deepStrictEqual(run(dir, "check", "config/routes.ts", "--no-controllers"), { stdout: "", stderr: "", status: 0 });
    fs.writeFileSync(path.join(dir, "app", "controllers", "articles.ts"), "export default class { index() { return 'a'; } }\n");
    fs.writeFileSync(path.join(dir, "app", "controllers", "posts.ts"), "export default { index() { return 'posts'; }, new() { return 'form'; } };\n");
    assert.deepStrictEqual(run(dir, "check", "config/routes.ts"), { stdout: "", stderr: "", status: 0 });
  });
});

describe("typed routes that any route name or path leaves compilable", function () {
  this.timeout(120_000);

  it("a name holding */ cannot close a comment, a repeated key is duplicate-segment-key, and the .d.ts compiles", () => {
    const dir = project({
      "routes.ts": `import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => {\n  map.named_route("evil*/ declare const injected: number; /*", "evil", { controller: "pages", action: "show" });\n  map.connect("d/:id/e/:id", { controller: "pages", action: "show" });\n});\n`,
    });
    const checked = run(dir, "check", "routes.ts", "--no-controllers");
    assert.match(checked.stdout, /^routes\.ts:4:\d+: warning duplicate-segment-key: The key :id stands twice/m);
    assert.strictEqual(run(dir, "types", "routes.ts").status, 0);
    const declarations = fs.readFileSync(path.join(dir, "routes.routes.d.ts"), "utf8");
    // The name stays inside string literals and comments: no statement of its making.
    const parsed = ts.createSourceFile("routes.routes.d.ts", declarations, ts.ScriptTarget.Latest);
    assert.deepStrictEqual(
      parsed.statements.filter(ts.isVariableStatement).map((statement) => statement.getText(parsed)),
      [],
    );
    const file = path.join(dir, "routes.routes.d.ts");
    const errors = errorsUnder(dir, [file]);
    assert.deepStrictEqual(errors, []);
  });
});

describe("types, controllers and helpers --watch", function () {
  // Each watcher is a process that loads TypeScript: slow to start on a busy machine.
  this.timeout(120_000);

  /**
   * A `--watch` process in `dir` (of `routes.ts`, unless the arguments name another file first), and a
   * promise of its `count`th write, which says what it waited for when the process ends first.
   */
  const watch = (dir: string, command: string, ...args: string[]) => {
    const named = args.length > 0 && !args[0].startsWith("-");
    const file = named ? [] : ["routes.ts"];
    const child = cp.spawn(process.execPath, [CLI, command, ...file, ...args, "--watch"], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    const written = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => ((out.match(/^wrote /gm) ?? []).length >= count ? resolve() : undefined);
        child.stdout.on("data", check);
        child.once("exit", (code) => reject(new Error(`${command} --watch exited ${code} before write ${count}: ${out}`)));
        check();
      });
    return { child, written };
  };

  it("types and controllers: write once, then again after each edit of the routing file or the controllers folder, until stopped", async () => {
    const dir = project({ "routes.ts": ROUTES, "controllers/posts.ts": "export function index() { return 'x'; }\n" });
    const types = watch(dir, "types");
    const map = watch(dir, "controllers");
    try {
      await types.written(1);
      await map.written(1);
      fs.writeFileSync(path.join(dir, "routes.ts"), ROUTES.replace(`map.resources("posts");`, `map.resources("posts"); map.resources("tags");`));
      await types.written(2);
      assert.match(fs.readFileSync(path.join(dir, "routes.routes.d.ts"), "utf8"), /tags_path/);
      fs.writeFileSync(path.join(dir, "controllers", "tags.ts"), "export function index() { return 'x'; }\n");
      await map.written(2);
      assert.match(fs.readFileSync(path.join(dir, "controllers.generated.ts"), "utf8"), /controllers\/tags/);
    } finally {
      types.child.kill();
      map.child.kill();
    }
  });

  it("helpers of a modern routes.rb: written again when the routes.rb or a file it draws (config/routes/*.rb) changes, each read again by Ruby's parser", async () => {
    const dir = project({
      "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts, only: [:index]\n  draw(:admin)\nend\n",
      "config/routes/admin.rb": "namespace :admin do\n  resources :users, only: [:index]\nend\n",
    });
    const { child, written } = watch(dir, "helpers", "config/routes.rb", "--out", "routes.js");
    const helpers = () => fs.readFileSync(path.join(dir, "routes.js"), "utf8");
    try {
      await written(1);
      assert.match(helpers(), /admin_users_path/);
      fs.writeFileSync(
        path.join(dir, "config", "routes.rb"),
        "Rails.application.routes.draw do\n  resources :posts, only: [:index]\n  resources :tags, only: [:index]\n  draw(:admin)\nend\n",
      );
      await written(2);
      assert.match(helpers(), /tags_path/);
      fs.writeFileSync(path.join(dir, "config", "routes", "admin.rb"), "namespace :admin do\n  resources :reports, only: [:index]\nend\n");
      await written(3);
      assert.match(helpers(), /admin_reports_path/);
      assert.doesNotMatch(helpers(), /admin_users_path/);
    } finally {
      child.kill();
    }
  });

  it("a change made while the first write runs is not missed: the watch exists before it", () => {
    const dir = project({ "routes.ts": ROUTES });
    // The first write changes the watched file itself; only a watch set up before it sees that and writes again (then exits).
    const script = `
      const fs = require("fs");
      const { watching } = require(${JSON.stringify(path.join(ROOT, "server", "out", "cli", "watch.js"))});
      let runs = 0;
      watching(() => {
        if (++runs === 2) process.exit(0);
        fs.appendFileSync("routes.ts", "// touched\\n");
        return { stdout: [], stderr: [], exitCode: 0 };
      }, ["routes.ts"], []);
    `;
    const child = cp.spawnSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    assert.strictEqual(child.status, 0, `the second write never ran: ${child.stderr}`);
  });

  it("helpers: the module and its declarations written once, then again after each edit of the routing file", async () => {
    const dir = project({ "routes.ts": ROUTES });
    const helpers = watch(dir, "helpers", "--out", "web/routes.js");
    try {
      await helpers.written(1);
      fs.writeFileSync(path.join(dir, "routes.ts"), ROUTES.replace(`map.resources("posts");`, `map.resources("posts"); map.resources("tags");`));
      await helpers.written(2);
      assert.match(fs.readFileSync(path.join(dir, "web", "routes.js"), "utf8"), /export function tags_path/);
      assert.match(fs.readFileSync(path.join(dir, "web", "routes.d.ts"), "utf8"), /export declare const tags_path: Helper\d+<string>;/);
    } finally {
      helpers.child.kill();
    }
  });
});
