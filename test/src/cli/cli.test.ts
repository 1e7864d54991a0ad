import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { conformanceCases, ROOT } from "../support/fixtures";

/** docs/cli.md: the CLI run as a real child process. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const BLOG = path.join(ROOT, "examples", "blog", "routes.ts");

function run(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

function tempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-cli-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("CLI", () => {
  describe("routes", () => {
    it("prints an aligned table: name, verb, path, controller#action", () => {
      const { stdout, status } = run("routes", BLOG);
      assert.strictEqual(status, 0);
      const lines = stdout.trimEnd().split("\n");
      assert.match(
        lines.find((l) => l.includes("articles#show"))!,
        /^\s+article GET\s+\/articles\/:id\.:format\s+articles#show$/,
      );
      const pathColumn = lines.map((l) => l.indexOf("/"));
      assert.strictEqual(new Set(pathColumn).size, 1, "paths start in one column");
      assert.ok(!stdout.includes("\x1b["), "no colour when piped");
    });
    it("--json prints the documented object; several files give one object per line", () => {
      const shop = path.join(ROOT, "examples", "shop", "routes.js");
      const { stdout, status } = run("routes", BLOG, shop, "--json");
      assert.strictEqual(status, 0);
      const objects = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      assert.deepStrictEqual(
        objects.map((o) => [o.file, o.behaviour]),
        [
          [BLOG, "B"],
          [shop, "A"],
        ],
      );
      // The documented keys, then how many parts could not be read statically.
      assert.deepStrictEqual(Object.keys(objects[0]), ["file", "behaviour", "routes", "diagnostics", "notStatic"]);
      assert.deepStrictEqual(objects[0].notStatic, { count: 0, at: [] });
      assert.deepStrictEqual(objects[0].routes[0], {
        name: "root",
        verb: "ANY",
        path: "/",
        controller: "home",
        action: "index",
        requirements: {},
        params: {},
        conditions: {},
      });
    });
    it("--behaviour wins over the file's setting", () => {
      const { stdout } = run("routes", BLOG, "--json", "--behaviour", "A");
      assert.strictEqual(JSON.parse(stdout).behaviour, "A");
    });
    it("exit 1 when a diagnostic is an error, routes still printed", () => {
      const c = conformanceCases().find((x) => x.id === "case-0686")!;
      const { stdout, status } = run("routes", tempFile("r.ts", c.ts), "--json");
      assert.strictEqual(status, 1);
      const out = JSON.parse(stdout);
      assert.deepStrictEqual(out.routes, c.expected.routes);
      assert.deepStrictEqual(
        out.diagnostics.map((d: { code: string; severity: string }) => `${d.severity} ${d.code}`),
        ["error only-and-except"],
      );
      assert.deepStrictEqual(Object.keys(out.diagnostics[0].range.start), ["line", "character"]);
    });
  });

  describe("check", () => {
    it("one line per diagnostic, 1-based positions", () => {
      const file = tempFile(
        "r.ts",
        `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("posts", { colection: {} });\n});\n`,
      );
      const { stdout, status } = run("check", file);
      assert.strictEqual(status, 0);
      assert.strictEqual(stdout.trim(), `${file}:3:28: warning unknown-option: Unknown option "colection" for resources; did you mean "collection"?`);
    });
    it("reports a route an earlier route captures (unreachable-route), in file order", () => {
      const file = tempFile(
        "r.ts",
        `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.connect("files/*path", { controller: "files", action: "show" });\n  map.connect("files/:name", { controller: "files", action: "named" });\n});\n`,
      );
      const { stdout, status } = run("check", file, "--json");
      assert.strictEqual(status, 0, "a warning");
      const [diagnostic] = JSON.parse(stdout).diagnostics;
      assert.strictEqual(diagnostic.code, "unreachable-route");
      assert.deepStrictEqual(diagnostic.range.start, { line: 3, character: 14 });
      assert.match(diagnostic.message, /ANY \/files\/:name \(files#named\) can never be recognised: the earlier route ANY \/files\/\*path \(files#show\)/);
    });
    it("a clean file prints nothing and exits 0", () => {
      assert.deepStrictEqual(run("check", BLOG, "--no-controllers"), { stdout: "", stderr: "", status: 0 });
    });
    it("routes to controllers and actions the controllers folder lacks are errors, as they answer 404; the folder is named relative to where it runs", () => {
      const { stdout, status } = run("check", BLOG);
      assert.strictEqual(status, 1);
      const lines = stdout.trimEnd().split("\n");
      assert.ok(lines.length > 0 && lines.every((line) => / error missing-(controller|action): /.test(line)), stdout);
      assert.ok(
        lines.some(
          (line) =>
            line.includes(`No module for controller "authors" in ${path.join("examples", "blog", "controllers")}:`) ||
            line.includes(`No module for controller "authors" in ./${path.relative(process.cwd(), path.join(ROOT, "examples", "blog", "controllers"))}:`),
        ),
        stdout,
      );
    });
  });

  describe("recognize", () => {
    it("prints the matched route, and JSON with --json", () => {
      const { stdout, status } = run("recognize", BLOG, "POST", "/articles/5", "--param", "_method=put", "--json");
      assert.strictEqual(status, 0);
      assert.deepStrictEqual(JSON.parse(stdout), { route: null, controller: "articles", action: "update", params: { id: "5" } });
      assert.match(run("recognize", BLOG, "GET", "/comments/3").stdout, /controller: comments\naction:\s+show/);
    });
    it("a routing error exits 1 with the original's message", () => {
      const { stderr, status } = run("recognize", BLOG, "POST", "/nowhere");
      assert.strictEqual(status, 1);
      assert.strictEqual(stderr.trim(), 'No route matches "/nowhere" with {:method=>:post}');
    });
  });

  describe("generate", () => {
    it("paths, URLs and hashes", () => {
      assert.strictEqual(run("generate", BLOG, "article_comments_path", "4", "--param", "page=2").stdout.trim(), "/articles/4/comments?page=2");
      assert.strictEqual(run("generate", BLOG, "article_url", "4").stdout.trim(), "http://blog.example.com/articles/4");
      assert.strictEqual(run("generate", BLOG, "article_url", "4", "--host", "h.test").stdout.trim(), "http://h.test/articles/4");
      assert.deepStrictEqual(JSON.parse(run("generate", BLOG, "hash_for_article_path", "4").stdout), {
        controller: "articles",
        action: "show",
        id: "4",
        use_route: "article",
        only_path: true,
      });
    });
    it("exit 1 when it cannot generate", () => {
      const missing = run("generate", BLOG, "article_path");
      assert.strictEqual(missing.status, 1);
      assert.match(missing.stderr, /no value for :id/);
      const unknown = run("generate", BLOG, "artcle_path", "1");
      assert.strictEqual(unknown.status, 1);
      assert.match(unknown.stderr, /Unknown helper "artcle_path"; did you mean "article_path"\?/);
    });
    it("without a helper, generates from the options as url_for did, the left-over keys as the query", () => {
      const generated = run("generate", BLOG, "--param", "controller=articles", "--param", "action=show", "--param", "id=1", "--param", "page=2");
      assert.deepStrictEqual([generated.status, generated.stdout.trim()], [0, "/articles/1?page=2"]);
      assert.strictEqual(run("generate", BLOG, "--param", "controller=articles").stdout.trim(), "/articles");
      const none = run("generate", BLOG, "--param", "controller=nothing");
      assert.deepStrictEqual([none.status, none.stderr.trim()], [1, 'No route matches {:controller=>"nothing", :action=>"index"}']);
      assert.strictEqual(run("generate", BLOG).status, 2, "no helper and no controller");
    });
  });

  describe("usage errors exit 2 with one line on stderr", () => {
    const cases: Array<[string, string[], RegExp]> = [
      ["a missing file", ["routes", "/no/such/file.ts"], /^resource-routes: cannot read "\/no\/such\/file.ts": no such file$/],
      ["a file that is not a routing file", ["routes", path.join(ROOT, "package.json")], /is not a routing file/],
      ["an unknown command", ["frobnicate"], /unknown command "frobnicate"/],
      ["an unknown option", ["routes", BLOG, "--colour"], /unknown option --colour/],
      ["a wrong behaviour", ["routes", BLOG, "--behaviour", "D"], /--behaviour must be A, B or C/],
      ["missing arguments", ["recognize", BLOG, "GET"], /recognize takes FILE METHOD PATH/],
    ];
    for (const [title, args, message] of cases) {
      it(title, () => {
        const { stdout, stderr, status } = run(...args);
        assert.strictEqual(status, 2);
        assert.strictEqual(stdout, "");
        assert.strictEqual(stderr.trim().split("\n").length, 1);
        assert.match(stderr.trim(), message);
      });
    }
  });

  it("--help for each command", () => {
    for (const command of ["routes", "check", "recognize", "generate"]) {
      const { stdout, status } = run(command, "--help");
      assert.strictEqual(status, 0);
      assert.ok(stdout.startsWith(`resource-routes ${command}`), stdout);
    }
  });
});
