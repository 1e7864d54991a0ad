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
          "export const b = (id: string) => fetch(`/posts/${Number(id)}/comments?page=2#top`);",
          'export const c = (id: string) => res.redirect("/posts/" + Number(id));',
          'export const d = () => fetch("/posts/1/publish", { method: "PUT" });',
          'export const e = { url: "/login" };',
        ].join("\n"),
      ),
      {
        '"/posts"': "routes.helpers.posts_path()",
        "`/posts/${Number(id)}/comments?page=2#top`": 'routes.helpers.post_comments_path(Number(id), { page: "2", anchor: "top" })',
        '"/posts/" + Number(id)': "routes.helpers.post_path(Number(id))",
        '"/posts/1/publish"': 'routes.helpers.publish_post_path("1")',
        '"/login"': "routes.helpers.login_path()",
      },
    );
  });

  it("replaces a substitution only where the helper writes what the literal writes for every value: raw text is listed, not replaced, with why", () => {
    // A segment that takes any text (files/:name) beside Rails 2's default one, which takes no `/`, `.` or `?`.
    const files = draw({ behaviour: "B" }, (map) => {
      map.named_route("file", "files/:name", { controller: "files", action: "show", requirements: { name: /.*/ } });
      map.resources("posts", (post) => post.resources("comments"));
    });
    const { found } = rewriteLiterals(
      "/app/src/view.ts",
      [
        "export const a = (q: string) => fetch(`/files/${q}`);",
        "export const b = (q: string) => fetch(`/files/${encodeURIComponent(q)}`);",
        "export const c = (q: string) => fetch(`/files/${encodeURIComponent(encodeURIComponent(q))}`);",
        "export const d = (q: string) => fetch(`/posts/${encodeURIComponent(q)}`);",
        "export const e = (n: number) => fetch(`/posts/${n - 1}/comments/${Math.floor(n)}`);",
        'export const f = (q: string) => fetch("/posts/" + q + "/comments");',
      ].join("\n"),
      [{ file: "/app/src/routes.ts", routes: files }],
    );
    assert.deepStrictEqual(
      found.map((f) => [f.text, f.replacement ?? `not replaced: ${f.unreplaced}`]),
      [
        [
          "`/files/${q}`",
          'not replaced: file_path: with q = "a/b" the literal writes /files/a/b and the helper /files/a%2Fb (`q` is written as it is, and the helper escapes it)',
        ],
        ["`/files/${encodeURIComponent(q)}`", "routes.helpers.file_path(q)"],
        // Escaped twice in the literal, so once by the helper over a value escaped once.
        ["`/files/${encodeURIComponent(encodeURIComponent(q))}`", "routes.helpers.file_path(encodeURIComponent(q))"],
        // The default segment refuses a value with `/`, which the literal sends escaped: the helper would throw where the literal worked.
        ["`/posts/${encodeURIComponent(q)}`", 'not replaced: post_path: with q = "a/b" the literal writes /posts/a%2Fb and the helper refuses it'],
        ["`/posts/${n - 1}/comments/${Math.floor(n)}`", "routes.helpers.post_comment_path(n - 1, Math.floor(n))"],
        ['"/posts/" + q + "/comments"', 'not replaced: post_comments_path: with q = "a/b" the literal writes /posts/a/b/comments and the helper refuses it'],
      ],
    );
  });

  it("a substitution the file declares a number (its annotation, read without type-checking) is replaced; the nearest declaration of its name decides", () => {
    const outcome = (code: string) => {
      const [found] = rewriteLiterals("/app/src/view.ts", code, [{ file: "/app/src/routes.ts", routes }]).found;
      return found?.replacement ?? "not replaced";
    };
    assert.strictEqual(outcome("export const a = (post: { id: number }) => fetch(`/posts/${post.id}`);"), "routes.helpers.post_path(post.id)");
    assert.strictEqual(outcome("export const b = ({ id }: { id: number }) => fetch(`/posts/${id}`);"), "routes.helpers.post_path(id)");
    assert.strictEqual(outcome("const id: number = 4;\nexport const c = () => fetch(`/posts/${id}`);"), "routes.helpers.post_path(id)");
    assert.strictEqual(outcome("export const d = (id: number) => (id: string) => fetch(`/posts/${id}`);"), "not replaced");
    assert.strictEqual(outcome("export const e = (post: { id?: number }) => fetch(`/posts/${post.id}`);"), "not replaced");
    assert.strictEqual(outcome("let id: number = 4;\nexport const f = () => fetch(`/posts/${id}`);"), "not replaced");
  });

  it("a URL sent by code that does not say its verb is not replaced where the path's routes differ by verb; known request forms are read for theirs", () => {
    const ordered = draw({ behaviour: "B" }, (map) => map.resources("contexts", { collection: { order: "post" } }));
    const outcome = (line: string) => {
      const [found] = rewriteLiterals("/app/src/view.ts", line, [{ file: "/app/src/routes.ts", routes: ordered }]).found;
      return found?.replacement ?? (found?.unreplaced ? `not replaced: ${found.unreplaced}` : "no match");
    };
    assert.strictEqual(
      outcome('ajax("/contexts/order");'),
      "not replaced: the request's verb is not known, and the path's routes differ by verb: GET /contexts/:id(.:format) → contexts#show (context_path(\"order\")), POST /contexts/order(.:format) → contexts#order (order_contexts_path())".replace(
        /\(\.:format\)/g,
        ".:format",
      ),
    );
    assert.strictEqual(outcome('$.post("/contexts/order");'), "routes.helpers.order_contexts_path()");
    assert.strictEqual(outcome('jQuery.ajax("/contexts/order", { type: "POST" });'), "routes.helpers.order_contexts_path()");
    assert.strictEqual(outcome('$.ajax({ url: "/contexts/order", type: "post" });'), "routes.helpers.order_contexts_path()");
    assert.strictEqual(outcome('axios.post("/contexts/order");'), "routes.helpers.order_contexts_path()");
    assert.strictEqual(outcome('fetch("/contexts/order");'), 'routes.helpers.context_path("order")');
    assert.strictEqual(outcome('$.get("/contexts/order");'), 'routes.helpers.context_path("order")');
    // One route whatever the verb: GET and POST /contexts are both written by contexts_path().
    assert.strictEqual(outcome('ajax("/contexts");'), "routes.helpers.contexts_path()");
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
    for (const declared of ['const routes = ["a"];', 'import routes from "./other";', "function go(routes: string[]) {}"]) {
      const rewrite = rewriteLiterals("/app/src/view.ts", `${declared}\nexport const go = () => fetch("/posts");\n`, [{ file: "/app/src/routes.ts", routes }]);
      assert.strictEqual(rewrite.text, `${declared}\nexport const go = () => fetch("/posts");\n`, declared);
      assert.match(rewrite.found[0].unreplaced ?? "", /the file declares `routes` for something else/);
    }
    // The file's own binding of the routing file, by require too, is used.
    const required = rewriteLiterals("/app/src/view.js", 'const appRoutes = require("./routes");\nfetch("/posts");\n', [
      { file: "/app/src/routes.ts", routes },
    ]);
    assert.strictEqual(required.text, 'const appRoutes = require("./routes");\nfetch(appRoutes.helpers.posts_path());\n');
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
    const view = path.join(dir, "src", "views", "links.ts");
    // `id` is declared a number, `slug` any text: written raw, a slug with a `/` would reach another URL than its helper's.
    fs.writeFileSync(
      view,
      'export const links = (id: number, slug: string) => [fetch("/posts"), fetch(`/posts/${id}`), fetch(`/posts/${slug}`), fetch("/static/logo.png")];\n',
    );
    // A test's expectation is left alone: its URL is what the test checks.
    fs.writeFileSync(path.join(dir, "src", "views", "links.test.ts"), 'expect(link).toBe("/posts");\nexport const go = () => fetch("/posts");\n');
    const run = (...args: string[]) => cliIn(dir)("literals", ...args);
    try {
      const listed = run("--fail-on-literals");
      assert.strictEqual(listed.status, 1);
      const raw =
        'src/views/links.ts:1: `/posts/${slug}`: not replaced: post_path: with slug = "a/b" the literal writes /posts/a/b and the helper refuses it (posts#show)';
      assert.deepStrictEqual(listed.stdout.trim().split("\n"), [
        'src/views/links.ts:1: "/posts" → routes.helpers.posts_path() (posts#index)',
        "src/views/links.ts:1: `/posts/${id}` → routes.helpers.post_path(id) (posts#show)",
        raw,
      ]);
      const fix = run("--fix");
      assert.strictEqual(fix.status, 0);
      assert.match(fix.stderr, /^1 file\(s\) rewritten, 2 literal\(s\) replaced by helper calls$/m);
      const fixed = fs.readFileSync(view, "utf8");
      assert.strictEqual(
        fixed,
        'import routes from "../routes";\n\nexport const links = (id: number, slug: string) => [fetch(routes.helpers.posts_path()), fetch(routes.helpers.post_path(id)), fetch(`/posts/${slug}`), fetch("/static/logo.png")];\n',
      );
      assert.match(run("--fix").stderr, /0 file\(s\) rewritten/);
      assert.strictEqual(fs.readFileSync(view, "utf8"), fixed, "idempotent");
      // The literal it could not prove is still there, and listed.
      const left = run("--fail-on-literals");
      assert.strictEqual(left.status, 1);
      assert.deepStrictEqual(left.stdout.trim().split("\n"), [raw.replace("links.ts:1:", "links.ts:3:")]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--fix keeps a file's byte order mark, line endings and encoding, refuses bytes that are not UTF-8 unless --encoding names theirs, reports what it does not scan, and never rewrites a routing file", () => {
    const dir = project("views");
    const views = path.join(dir, "src", "views");
    try {
      fs.writeFileSync(path.join(views, "bom.ts"), '\uFEFFexport const go = () => fetch("/posts");\n');
      fs.writeFileSync(path.join(views, "crlf.ts"), 'import { x } from "./x";\r\nexport const go = () => fetch("/posts");\r\n');
      // "café" in Latin-1: the é is one byte that is no UTF-8.
      const latin1 = Buffer.from('// café\nexport const go = () => fetch("/posts");\n', "latin1");
      fs.writeFileSync(path.join(views, "latin1.ts"), latin1);
      // A second draw() file: its strings are route patterns.
      const other = 'import { draw } from "resource-routes";\nexport default draw((map) => map.connect("/posts", { controller: "posts", action: "index" }));\n';
      fs.writeFileSync(path.join(views, "more-routes.ts"), other);
      const run = (...args: string[]) => cliIn(dir)("literals", ...args);
      const fixed = run("--fix");
      assert.strictEqual(fixed.status, 1, fixed.stderr);
      assert.match(fixed.stderr, /^src\/views\/latin1\.ts: not rewritten: it is not UTF-8 text \(give --encoding latin1 or utf16le/m);
      assert.strictEqual(
        fs.readFileSync(path.join(views, "bom.ts"), "utf8"),
        '\uFEFFimport routes from "../routes";\n\nexport const go = () => fetch(routes.helpers.posts_path());\n',
      );
      assert.strictEqual(
        fs.readFileSync(path.join(views, "crlf.ts"), "utf8"),
        'import { x } from "./x";\r\nimport routes from "../routes";\r\nexport const go = () => fetch(routes.helpers.posts_path());\r\n',
      );
      assert.ok(fs.readFileSync(path.join(views, "latin1.ts")).equals(latin1), "left as it was");
      assert.strictEqual(fs.readFileSync(path.join(views, "more-routes.ts"), "utf8"), other);
      assert.ok(!fixed.stdout.includes("more-routes.ts"), fixed.stdout);

      const encoded = run("--fix", "--encoding", "latin1", "src/views/latin1.ts");
      assert.strictEqual(encoded.status, 0, encoded.stderr);
      assert.ok(
        fs
          .readFileSync(path.join(views, "latin1.ts"))
          .equals(Buffer.from('import routes from "../routes";\n\n// café\nexport const go = () => fetch(routes.helpers.posts_path());\n', "latin1")),
      );

      // A file over the scan's 5 MB is said, and --fail-on-literals cannot pass over it.
      fs.writeFileSync(path.join(views, "bundle.js"), `// ${"x".repeat(5.5 * 1024 * 1024)}\nfetch("/posts");\n`);
      const large = run("--fail-on-literals", "src/views/bundle.js", "src/views/bom.ts");
      assert.strictEqual(large.status, 1);
      assert.match(large.stderr, /^src\/views\/bundle\.js: not scanned: 5\.5 MB, over the 5 MB of code written by hand \(a bundle\?\)$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--json prints one document: each literal with its place, verb, route and replacement (or why none), and the URLs no route recognises", () => {
    const dir = project("views");
    try {
      fs.writeFileSync(
        path.join(dir, "src", "views", "a.ts"),
        'fetch("/posts");\nexport const one = (q: string) => fetch(`/posts/${q}`);\nfetch("/nowhere");\n',
      );
      const listed = cliIn(dir)("literals", "--json", "--unknown");
      assert.strictEqual(listed.status, 0, listed.stderr);
      const document = JSON.parse(listed.stdout);
      const route = { name: "posts", controller: "posts", action: "index", path: "/posts.:format" };
      assert.deepStrictEqual(document.literals[0], {
        file: "src/views/a.ts",
        line: 1,
        column: 7,
        text: '"/posts"',
        verb: "GET",
        route,
        replacement: "routes.helpers.posts_path()",
      });
      assert.strictEqual(document.literals[1].replacement, null);
      assert.match(document.literals[1].unreplaced, /^post_path: with q = "a\/b"/);
      assert.deepStrictEqual(document.unknown, [{ file: "src/views/a.ts", line: 3, column: 7, text: '"/nowhere"' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--fix writes the import the tsconfig's module resolution takes (node16, nodenext, bundler, commonjs), and tsc stays clean", () => {
    const settings: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
      ["node16", { module: "node16" }, { type: "module" }, '"../routes.js"'],
      ["nodenext", { module: "nodenext", moduleResolution: "nodenext" }, { type: "module" }, '"../routes.js"'],
      ["nodenext with .ts imports", { module: "nodenext", allowImportingTsExtensions: true, noEmit: true }, { type: "module" }, '"../routes.ts"'],
      ["bundler", { module: "esnext", moduleResolution: "bundler" }, {}, '"../routes"'],
      ["commonjs", { module: "commonjs", moduleResolution: "node" }, {}, '"../routes"'],
    ];
    for (const [title, compilerOptions, packageFields, specifier] of settings) {
      const dir = project("views");
      try {
        fs.mkdirSync(path.join(dir, "node_modules"));
        fs.symlinkSync(path.join(ROOT, "runtime"), path.join(dir, "node_modules", "resource-routes"), "dir");
        fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...packageFields, "resource-routes": { routes: "src/routes.ts" } }));
        // The options in a base config the project's extends, as projects often write them.
        fs.writeFileSync(
          path.join(dir, "tsconfig.base.json"),
          JSON.stringify({
            compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ["es2022", "dom"], target: "es2022", ...compilerOptions },
          }),
        );
        fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ extends: "./tsconfig.base.json", include: ["src"] }));
        fs.writeFileSync(path.join(dir, "src", "views", "links.ts"), 'export const all = () => fetch("/posts");\n');
        const fixed = cliIn(dir)("literals", "--fix");
        assert.strictEqual(fixed.status, 0, `${title}: ${fixed.stderr}`);
        assert.strictEqual(
          fs.readFileSync(path.join(dir, "src", "views", "links.ts"), "utf8"),
          `import routes from ${specifier};\n\nexport const all = () => fetch(routes.helpers.posts_path());\n`,
          title,
        );
        const tsc = cp.spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
        assert.strictEqual(tsc.status, 0, `${title}: ${tsc.stdout}`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("with the routing file's helpers module written (resource-routes helpers), front-end files import each helper from it", () => {
    const dir = project("views");
    try {
      const component = path.join(dir, "src", "views", "links.tsx");
      fs.writeFileSync(
        component,
        'export const Links = ({ id }: { id: number }) => <nav><a href="/posts">All</a><a href={`/posts/${Number(id)}`}>One</a></nav>;\n',
      );
      const server = path.join(dir, "src", "redirects.ts");
      fs.writeFileSync(server, 'export const home = () => "/posts";\n');
      const cli = cliIn(dir);
      assert.strictEqual(cli("helpers", "src/routes.ts").status, 0);
      const fixed = cli("literals", "--fix");
      assert.strictEqual(fixed.status, 0, fixed.stderr);
      assert.strictEqual(
        fs.readFileSync(component, "utf8"),
        'import { posts_path, post_path } from "../routes.helpers";\n\nexport const Links = ({ id }: { id: number }) => <nav><a href={posts_path()}>All</a><a href={post_path(Number(id))}>One</a></nav>;\n',
      );
      assert.strictEqual(fs.readFileSync(server, "utf8"), 'import routes from "./routes";\n\nexport const home = () => routes.helpers.posts_path();\n');
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
        'export const Links = ({ id }: { id: number }) => <nav><a href="/posts">All</a><a href={`/posts/${Number(id)}/comments`}>Comments</a><a href="/login">In</a></nav>;\n',
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
          "",
          "export const Links = ({ id }: { id: number }) => <nav><a href={posts_path()}>All</a><a href={post_comments_path(Number(id))}>Comments</a><a href={login_path()}>In</a></nav>;",
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
      const lines = Array.from({ length: 60_000 }, (_, i) => `export const f${i} = (id: number) => fetch("/posts/" + Number(id) + "/comments");`);
      fs.writeFileSync(path.join(dir, "src", "big.ts"), `${lines.join("\n")}\n`);
      for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, "src", "many", `m${i}.ts`), `export const go = () => fetch("/posts/${i}");\n`);
      const run = (...args: string[]) => cliIn(dir)("literals", ...args);
      const listed = run();
      assert.strictEqual(listed.status, 0, listed.stderr);
      assert.deepStrictEqual(listed.stderr.trim().split("\n"), [
        "src/nested.ts: not scanned: nested too deeply for TypeScript's parser",
        "70000 literal(s) a helper call can replace, in 10003 file(s) scanned (--fix replaces those it proves)",
      ]);
      const fixed = run("--fix", "src/big.ts");
      assert.strictEqual(fixed.status, 0, fixed.stderr);
      assert.match(fixed.stderr, /^1 file\(s\) rewritten, 60000 literal\(s\) replaced by helper calls$/m);
      const big = fs.readFileSync(path.join(dir, "src", "big.ts"), "utf8").split("\n");
      assert.deepStrictEqual(
        [big[0], big[1], big[60_001]],
        ['import routes from "./routes";', "", "export const f59999 = (id: number) => fetch(routes.helpers.post_comments_path(Number(id)));"],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
