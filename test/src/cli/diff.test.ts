import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as http from "http";
import ts = require("typescript");
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { type ActionContext, nodeHandler, type RouteRedirect } from "resource-routes/http";

import { ROOT } from "../support/fixtures";

/** resource-routes diff: route changes a CI can review, read from git revisions without a checkout. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const HEAD = `import { draw } from "resource-routes";\nexport default draw((map) => {\n`;

describe("CLI: diff between revisions of a routing file", function () {
  this.timeout(60_000);
  let repo: string;
  const git = (...args: string[]) => cp.execFileSync("git", args, { cwd: repo, encoding: "utf8" });
  const commit = (body: string, message: string) => {
    fs.writeFileSync(path.join(repo, "config", "routes.ts"), `${HEAD}${body}});\n`);
    git("add", ".");
    git("commit", "-q", "-m", message);
  };
  const diff = (...args: string[]) =>
    cp.spawnSync(process.execPath, [CLI, "diff", path.join(repo, "config", "routes.ts"), ...args], {
      // In the project, whose code's URL literals it reads.
      cwd: repo,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });

  before(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "rr-diff-"));
    fs.mkdirSync(path.join(repo, "config"));
    git("init", "-q");
    git("config", "user.email", "dev@example.com");
    git("config", "user.name", "dev");
    commit(`  map.resources("posts", { only: ["index", "show"] });\n  map.resources("photos", { only: ["index"] });\n`, "first");
    commit(
      `  map.resources("posts", { only: ["index", "show"] });\n  map.resources("photos", { only: ["index"] });\n  map.resources("tags", { only: ["index"] });\n`,
      "add tags",
    );
    commit(
      `  map.resources("posts", { only: ["index", "show"], as: "articles" });\n  map.resources("tags", { only: ["index"] });\n`,
      "rename posts, remove photos",
    );
    // URLs the code writes by hand: two of them break with the last commit, one does not, one is a test's expectation.
    fs.mkdirSync(path.join(repo, "app"));
    fs.writeFileSync(
      path.join(repo, "app", "links.ts"),
      'export const post = (id: number) => fetch(`/posts/${id}`);\nexport const photos = () => fetch("/photos");\nexport const tags = () => fetch("/tags");\n',
    );
    fs.writeFileSync(path.join(repo, "app", "links.test.ts"), 'fetch("/photos");\n');
  });
  after(() => fs.rmSync(repo, { recursive: true, force: true }));

  it("adding a resource: routes added, nothing breaking, exit 0 even with --fail-on-breaking", () => {
    const result = diff("--from", "HEAD~2", "--to", "HEAD~1", "--fail-on-breaking");
    assert.strictEqual(result.status, 0, result.stderr);
    assert.deepStrictEqual(result.stdout.trim().split("\n"), ["+ tags GET /tags.:format tags#index"]);
    assert.strictEqual(result.stderr.trim(), "1 added, 0 removed, 0 changed, 0 breaking (HEAD~2 → HEAD~1)");
  });

  it("renaming a path and removing a resource: the routes and helpers that break, exit 1 with --fail-on-breaking; --json", () => {
    const result = diff("--from", "HEAD~1", "--to", "HEAD", "--fail-on-breaking");
    assert.strictEqual(result.status, 1);
    const lines = result.stdout
      .trim()
      .split("\n")
      .map((l) => l.replace(/ +/g, " "));
    assert.deepStrictEqual(lines.slice(0, 5), [
      "- posts GET /posts.:format posts#index BREAKING: its URLs no longer route",
      "- post GET /posts/:id.:format posts#show BREAKING: its URLs no longer route",
      "- photos GET /photos.:format photos#index BREAKING: its URLs no longer route",
      "+ posts GET /articles.:format posts#index",
      "+ post GET /articles/:id.:format posts#show",
    ]);
    assert.ok(lines.includes("! post: BREAKING: post_path now builds /articles/:id.:format (was /posts/:id.:format)"), result.stdout);
    assert.ok(lines.includes("! photos: BREAKING: photos_path and photos_url are gone"), result.stdout);
    assert.deepStrictEqual(
      lines.filter((line) => line.startsWith("! app/")),
      [
        "! app/links.ts:1: `/posts/${id}`: BREAKING: went to GET /posts/:id.:format posts#show, now no route recognises it",
        '! app/links.ts:2: "/photos": BREAKING: went to GET /photos.:format photos#index, now no route recognises it',
      ],
    );
    const json = JSON.parse(diff("--from", "HEAD~1", "--to", "HEAD", "--json").stdout) as {
      breaking: number;
      routes: Array<{ kind: string }>;
      helpers: unknown[];
      literals: Array<{ file: string; line: number; after: string | null }>;
    };
    assert.deepStrictEqual(
      [
        json.breaking,
        json.routes.filter((r) => r.kind === "removed").length,
        json.helpers.length,
        json.literals.map((l) => [path.basename(l.file), l.line, l.after]),
      ],
      [
        8,
        3,
        3,
        [
          ["links.ts", 1, null],
          ["links.ts", 2, null],
        ],
      ],
    );
  });

  it("the working tree against HEAD by default; a revision that does not exist is one clear line, exit 2", () => {
    fs.appendFileSync(path.join(repo, "config", "routes.ts"), "// a comment changes no route\n");
    const unchanged = diff();
    assert.deepStrictEqual(
      [unchanged.status, unchanged.stdout, unchanged.stderr.trim()],
      [0, "", "0 added, 0 removed, 0 changed, 0 breaking (HEAD → the working tree)"],
    );
    const missing = diff("--from", "no-such-rev");
    assert.strictEqual(missing.status, 2);
    assert.match(missing.stderr, /^resource-routes: cannot read config\/routes\.ts at no-such-rev: /);
    assert.strictEqual(missing.stderr.trim().split("\n").length, 1);
  });

  it("--redirects: each pattern that no longer routes to the route of the same action that keeps its segments, and none invented", () => {
    const result = diff("--from", "HEAD~1", "--to", "HEAD", "--redirects");
    assert.strictEqual(result.status, 0, result.stderr);
    assert.deepStrictEqual(result.stdout.trim().split("\n"), [
      "GET /posts.:format → /articles.:format (301)",
      "GET /posts/:id.:format → /articles/:id.:format (301)",
    ]);
    assert.deepStrictEqual(result.stderr.trim().split("\n"), [
      "GET /photos.:format: no redirect: no route of photos#index takes GET with its segments now",
      "2 redirect(s), 1 without a target (HEAD~1 → HEAD)",
    ]);
  });

  it("--redirects --out: a module the adapters serve: each old URL answered 301 with the new one for the same values, its query kept; nothing else", async () => {
    const out = path.join(repo, "config", "redirects.ts");
    const written = diff("--from", "HEAD~1", "--to", "HEAD", "--redirects", "--out", out);
    assert.deepStrictEqual([written.status, written.stdout.trim()], [0, `wrote ${out}`], written.stderr);
    assert.strictEqual(diff("--from", "HEAD~1", "--to", "HEAD", "--redirects", "--out", out).stdout.trim(), `unchanged ${out}`);
    const text = fs.readFileSync(out, "utf8");
    assert.match(text, /^\/\/ Generated by resource-routes from routes\.ts/);
    const compiled = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    const module = { exports: {} as { default: RouteRedirect[] } };
    new Function("module", "exports", "require", compiled)(module, module.exports, () => ({}));
    const redirects = module.exports.default;
    assert.deepStrictEqual(
      redirects.map((r) => `${r.verb} ${r.from} → ${r.to} (${r.status})`),
      ["GET /posts.:format → /articles.:format (301)", "GET /posts/:id.:format → /articles/:id.:format (301)"],
    );
    // The routes at HEAD, served with them.
    const routes = draw((map) => {
      map.resources("posts", { only: ["index", "show"], as: "articles" });
      map.resources("tags", { only: ["index"] });
    });
    const answer = (name: string) => (ctx: ActionContext) => `${name} ${JSON.stringify(ctx.params)}`;
    const controllers = { posts: { index: answer("posts#index"), show: answer("posts#show") }, tags: { index: answer("tags#index") } };
    const server = http.createServer(nodeHandler(routes, controllers, { redirects }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const ask = async (method: string, url: string) => {
        const response = await fetch(`${base}${url}`, { method, redirect: "manual" });
        return `${response.status} ${response.headers.get("location") ?? (await response.text())}`;
      };
      assert.deepStrictEqual(
        [await ask("GET", "/posts/42?ref=mail"), await ask("GET", "/posts.json"), await ask("GET", "/posts"), await ask("HEAD", "/posts/7")],
        ["301 /articles/42?ref=mail", "301 /articles.json", "301 /articles", "301 /articles/7"],
      );
      // What routes now is answered by its route; what never routed, and a method the old route did not take, are not sent anywhere.
      assert.strictEqual(await ask("GET", "/articles/42"), '200 posts#show {"id":"42"}');
      assert.match(await ask("GET", "/photos"), /^404 /);
      assert.match(await ask("POST", "/posts"), /^404 /);
      // Followed, the old URL ends at the new route with the same values.
      const followed = await fetch(`${base}/posts/42`);
      assert.deepStrictEqual([followed.status, followed.url, await followed.text()], [200, `${base}/articles/42`, 'posts#show {"id":"42"}']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
