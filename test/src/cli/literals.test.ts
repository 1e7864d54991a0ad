import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import * as ts from "typescript";
import { addedSyntaxError, rewriteLiterals } from "../../../server/out/literals/literalRewrites";
import { ROOT } from "../support/fixtures";

/** URLs written by hand become helper calls: found, matched by recognition, proved by generation, rewritten. */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");

const ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" } }, (post) => post.resources("comments"));
  map.named_route("login", "login", { controller: "sessions", action: "new" });
});
`;

const routes = draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" } }, (post) => post.resources("comments"));
  map.named_route("login", "login", { controller: "sessions", action: "new" });
});

/** A project folder whose package.json names src/routes.ts (ROUTES), with src/`folder` made. */
function project(folder: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-literals-"));
  fs.mkdirSync(path.join(dir, "src", folder), { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ "resource-routes": { routes: "src/routes.ts" } }));
  fs.writeFileSync(path.join(dir, "src", "routes.ts"), ROUTES);
  return dir;
}

/** The CLI, run in `dir`. */
const cliIn =
  (dir: string) =>
  (...args: string[]) =>
    cp.spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

/** The replacements of a file's literals, by the literal as written. */
function replacements(text: string, fileName = "/app/src/view.tsx"): Record<string, string | undefined> {
  const { found } = rewriteLiterals(fileName, text, [{ file: "/app/src/routes.ts", routes }]);
  return Object.fromEntries(found.map((f) => [f.text, f.replacement]));
}

describe("URL literals", () => {
  it("a literal, a template of whole segments and a concatenation, where a URL goes, each with the call that generates it", () => {
    assert.deepStrictEqual(
      replacements(
        [
          'export const a = () => fetch("/posts");',
          "export const b = (id: number) => fetch(`/posts/${id}/comments?page=2#top`);",
          'export const c = (id: number) => res.redirect("/posts/" + id);',
          'export const d = () => fetch("/posts/1/publish", { method: "PUT" });',
          'export const e = { url: "/login" };',
        ].join("\n"),
      ),
      {
        '"/posts"': "routes.helpers.posts_path()",
        "`/posts/${id}/comments?page=2#top`": 'routes.helpers.post_comments_path(id, { page: "2", anchor: "top" })',
        '"/posts/" + id': "routes.helpers.post_path(id)",
        '"/posts/1/publish"': 'routes.helpers.publish_post_path("1")',
        '"/login"': "routes.helpers.login_path()",
      },
    );
  });

  it("leaves alone what is not a whole segment, another method, a query the helper would reorder, assets, external URLs and other places", () => {
    assert.deepStrictEqual(
      replacements(
        [
          "export const a = (x: string) => fetch(`/posts-${x}`);",
          'export const b = () => fetch("/posts/1/publish");', // GET: the publish route takes PUT
          'export const c = () => fetch("/posts?b=1&a=2");', // the helper writes a=2&b=1
          'export const d = () => fetch("/assets/app.css");',
          'export const e = () => fetch("https://example.com/posts");',
          'const label = "/posts"; console.log(label.length);',
          'export const f = () => fetch("/nothing");',
        ].join("\n"),
      ),
      {
        '"/posts/1/publish"': undefined,
        '"/posts?b=1&a=2"': undefined,
        '"/posts"': "routes.helpers.posts_path()", // an initialiser is a place a URL goes
        '"/nothing"': undefined,
      },
    );
  });

  it("never adds an import of `routes` to a file that declares that name for something else", () => {
    assert.deepStrictEqual(replacements('const routes = ["a"];\nexport const go = () => fetch("/posts");\n'), { '"/posts"': undefined });
    // A name used and declared nowhere (a global) is no clash: the import declares it.
    assert.deepStrictEqual(replacements('routes.helpers.posts_path();\nexport const go = () => fetch("/posts");\n'), {
      '"/posts"': "routes.helpers.posts_path()",
    });
  });

  it("uses the file's own import of the routing file, or adds one written as its other relative imports are", () => {
    const imported = rewriteLiterals("/app/src/view.ts", 'import appRoutes from "./routes";\nexport const a = () => fetch("/posts");\n', [
      { file: "/app/src/routes.ts", routes },
    ]);
    assert.strictEqual(imported.text, 'import appRoutes from "./routes";\nexport const a = () => fetch(appRoutes.helpers.posts_path());\n');
    const added = rewriteLiterals("/app/src/views/view.ts", 'import { api } from "../api.js";\nexport const a = () => api("/login");\n', [
      { file: "/app/src/routes.ts", routes },
    ]);
    assert.strictEqual(
      added.text,
      'import { api } from "../api.js";\nimport routes from "../routes.js";\nexport const a = () => api(routes.helpers.login_path());\n',
    );
  });

  it("a rewrite is written only where it parses as well as the file did: a syntax error it would add is told, one already there is not its", () => {
    assert.strictEqual(addedSyntaxError("/app/a.ts", 'fetch("/posts");\n', "fetch(routes.helpers.posts_path());\n"), undefined);
    assert.match(addedSyntaxError("/app/a.ts", 'fetch("/posts");\n', "fetch(routes.helpers.posts_path(;\n") ?? "", /expected/);
    assert.strictEqual(addedSyntaxError("/app/a.ts", 'fetch("/posts"; let\n', "fetch(routes.helpers.posts_path(); let\n"), undefined);
  });

  it("resource-routes literals lists them, --fix rewrites them once (a second run changes nothing), --fail-on-literals fails on what remains", () => {
    const dir = project("views");
    const view = path.join(dir, "src", "views", "links.tsx");
    fs.writeFileSync(
      view,
      'export const Links = ({ id }: { id: number }) => <nav><a href="/posts">All</a><a href={`/posts/${id}`}>One</a><img src="/static/logo.png" /></nav>;\n',
    );
    // A test's expectation is left alone: its URL is what the test checks.
    fs.writeFileSync(path.join(dir, "src", "views", "links.test.ts"), 'expect(link).toBe("/posts");\nexport const go = () => fetch("/posts");\n');
    const run = (...args: string[]) => cliIn(dir)("literals", ...args);
    try {
      const listed = run("--fail-on-literals");
      assert.strictEqual(listed.status, 1);
      assert.deepStrictEqual(listed.stdout.trim().split("\n"), [
        'src/views/links.tsx:1: "/posts" → {routes.helpers.posts_path()} (posts#index)',
        "src/views/links.tsx:1: `/posts/${id}` → routes.helpers.post_path(id) (posts#show)",
      ]);
      assert.strictEqual(run("--fix").status, 0);
      const fixed = fs.readFileSync(view, "utf8");
      assert.strictEqual(
        fixed,
        'import routes from "../routes";\nexport const Links = ({ id }: { id: number }) => <nav><a href={routes.helpers.posts_path()}>All</a><a href={routes.helpers.post_path(id)}>One</a><img src="/static/logo.png" /></nav>;\n',
      );
      assert.match(run("--fix").stderr, /0 file\(s\) rewritten/);
      assert.strictEqual(fs.readFileSync(view, "utf8"), fixed, "idempotent");
      assert.strictEqual(run("--fail-on-literals").status, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with the routing file's helpers module written (resource-routes helpers), front-end files import each helper from it", () => {
    const dir = project("views");
    try {
      const component = path.join(dir, "src", "views", "links.tsx");
      fs.writeFileSync(component, 'export const Links = ({ id }: { id: number }) => <nav><a href="/posts">All</a><a href={`/posts/${id}`}>One</a></nav>;\n');
      const server = path.join(dir, "src", "redirects.ts");
      fs.writeFileSync(server, 'export const home = () => "/posts";\n');
      const cli = cliIn(dir);
      assert.strictEqual(cli("helpers", "src/routes.ts").status, 0);
      const fixed = cli("literals", "--fix");
      assert.strictEqual(fixed.status, 0, fixed.stderr);
      assert.strictEqual(
        fs.readFileSync(component, "utf8"),
        'import { posts_path, post_path } from "../routes.helpers";\nexport const Links = ({ id }: { id: number }) => <nav><a href={posts_path()}>All</a><a href={post_path(id)}>One</a></nav>;\n',
      );
      assert.strictEqual(fs.readFileSync(server, "utf8"), 'import routes from "./routes";\nexport const home = () => routes.helpers.posts_path();\n');
      // A module that is not the routing file's helpers module is refused, with why.
      const wrong = cli("literals", "--helpers-module", "src/redirects.ts");
      assert.deepStrictEqual(
        [wrong.status, wrong.stderr.trim()],
        [2, "resource-routes: src/redirects.ts is not the helpers module of src/routes.ts (write it with `resource-routes helpers`)"],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with a split helpers module (helpers --split), front-end files import each helper from its controller's module, and the result compiles", () => {
    const dir = project("views");
    try {
      const component = path.join(dir, "src", "views", "links.tsx");
      fs.writeFileSync(
        component,
        'export const Links = ({ id }: { id: number }) => <nav><a href="/posts">All</a><a href={`/posts/${id}/comments`}>Comments</a><a href="/login">In</a></nav>;\n',
      );
      const cli = cliIn(dir);
      assert.strictEqual(cli("helpers", "src/routes.ts", "--split").status, 0);
      const fixed = cli("literals", "--fix");
      assert.strictEqual(fixed.status, 0, fixed.stderr);
      assert.strictEqual(
        fs.readFileSync(component, "utf8"),
        [
          'import { posts_path } from "../routes.helpers/posts";',
          'import { post_comments_path } from "../routes.helpers/comments";',
          'import { login_path } from "../routes.helpers/sessions";',
          "export const Links = ({ id }: { id: number }) => <nav><a href={posts_path()}>All</a><a href={post_comments_path(id)}>Comments</a><a href={login_path()}>In</a></nav>;",
          "",
        ].join("\n"),
      );
      // The imports resolve and the calls type-check against the controllers' declarations.
      const program = ts.createProgram([component], {
        jsx: ts.JsxEmit.Preserve,
        strict: true,
        noEmit: true,
        types: [],
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
      assert.deepStrictEqual(
        errors.filter((e) => !/JSX/.test(e)),
        [],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("hostile and large code: a concatenation of 60,000 terms, 20,000 nested parentheses, a 4.8 MB file, 10,000 files: each read once, none stops the scan", () => {
    const dir = project("many");
    try {
      // Deeper than any recursion on the tree would go: not a URL (too many pieces), and no stack overflow.
      fs.writeFileSync(path.join(dir, "src", "deep.ts"), `declare const id: number;\nfetch(${Array(60_000).fill('"/posts/" + id').join(" + ")});\n`);
      // Past TypeScript's own parser: said, and passed over.
      fs.writeFileSync(path.join(dir, "src", "nested.ts"), `fetch(${'("/posts/" + '.repeat(20_000)}1${")".repeat(20_000)});\n`);
      const lines = Array.from({ length: 65_000 }, (_, i) => `export const f${i} = (id: number) => fetch("/posts/" + id + "/comments");`);
      fs.writeFileSync(path.join(dir, "src", "big.ts"), `${lines.join("\n")}\n`);
      for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, "src", "many", `m${i}.ts`), `export const go = () => fetch("/posts/${i}");\n`);
      const run = (...args: string[]) => cliIn(dir)("literals", ...args);
      const listed = run();
      assert.strictEqual(listed.status, 0, listed.stderr);
      assert.deepStrictEqual(listed.stderr.trim().split("\n"), [
        "src/nested.ts: not scanned: nested too deeply for TypeScript's parser",
        "75000 literal(s) a helper call can replace, in 10003 file(s) scanned (--fix replaces them)",
      ]);
      const fixed = run("--fix", "src/big.ts");
      assert.strictEqual(fixed.status, 0, fixed.stderr);
      assert.match(fixed.stderr, /^1 file\(s\) rewritten, 65000 literal\(s\) replaced by helper calls$/m);
      const big = fs.readFileSync(path.join(dir, "src", "big.ts"), "utf8").split("\n");
      assert.deepStrictEqual(
        [big[0], big[65_000]],
        ['import routes from "./routes";', "export const f64999 = (id: number) => fetch(routes.helpers.post_comments_path(id));"],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
