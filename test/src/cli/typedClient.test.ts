import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as http from "http";
import { createRequire } from "module";
import type { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import type { RouteSet } from "resource-routes";
import { type Controllers, nodeHandler } from "resource-routes/http";
import * as ts from "typescript";
import { pathToFileURL } from "url";
import * as zlib from "zlib";

import { hasChromium, servedInChromium } from "../support/chromium";
import { esbuildOnce } from "../support/esbuild";
import { ROOT, TYPESCRIPT_COMPILERS } from "../support/fixtures";

/**
 * Typed from the schema to the browser, on a project of the product's own making
 * (test/fixtures/typed-client): `types` reads the controllers, `helpers --client` writes the client,
 * three TypeScript compilers accept its uses and refuse wrong ones, and the client talks to the
 * project served on node:http and in a workerd worker.
 */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const FIXTURE = path.join(ROOT, "test", "fixtures", "typed-client");

type Page = { page(): Promise<string[]> };
type ClientSettings = { configure(options: { fetch?: unknown; baseUrl?: string }): void };

/** What the fixture's page sees, in order, from a fresh server. */
const SEEN = [
  "created 2: TYPED ALL THE WAY (4)",
  "refused: post.title",
  "shown Hello, routes, published never",
  "listed 2",
  "updated Renamed (essay)",
  "published",
  "published 1970",
  'comments [{"post":"2","body":"First!"}]',
  'comment 201 {"post":"2","body":"Nice"}',
  "destroyed 204",
  "missing: uninitialized controller drafts",
];

function cli(dir: string, ...args: string[]): string {
  const run = cp.spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });
  assert.strictEqual(run.status, 0, run.stdout + run.stderr);
  return run.stdout;
}

/** A module of the project's TypeScript as CommonJS, loaded with the project's node_modules. */
function load<T>(file: string): T {
  const js = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const out = file.replace(/\.ts$/, ".cjs");
  fs.writeFileSync(out, js);
  return createRequire(__filename)(out) as T;
}

describe("typed from the schema to the browser: types, helpers --client and the client", function () {
  this.timeout(300_000);
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-typed-client-"));
    fs.cpSync(FIXTURE, dir, { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    cli(dir, "types", "routes.ts");
    assert.match(
      cli(dir, "helpers", "routes.ts", "--out", "web/routes.js", "--client"),
      /wrote web\/routes\.client\.js and wrote web\/routes\.client\.d\.ts \(9 requests\)/,
    );
    // The client and the page run as ES modules in the tests below.
    fs.writeFileSync(path.join(dir, "web", "package.json"), JSON.stringify({ type: "module" }));
  });

  it("types reads each schema's output and input and what each action returns, with TypeScript's checker, never running a controller", () => {
    const text = fs.readFileSync(path.join(dir, "routes.routes.d.ts"), "utf8");
    const entry = (action: string) => text.split("\n").find((line) => line.startsWith(`  ${JSON.stringify(action)}: { `) && line.includes("answer"));
    assert.strictEqual(
      entry("posts#create"),
      '  "posts#create": { params: { post: { title: string; stars: number; }; }; input: { post: { title: string; stars?: unknown; }; }; answer: { id: number; title: string; stars: number; published?: string; } };',
    );
    assert.strictEqual(entry("posts#show"), '  "posts#show": { answer: { id: number; title: string; published?: string; } };');
    assert.strictEqual(entry("posts#publish"), '  "posts#publish": { answer: string };');
    assert.strictEqual(entry("posts#destroy"), '  "posts#destroy": { answer: unknown };');
    assert.match(
      entry("posts#update")!,
      /params: \{ post: \{ title: string; kind\?: "note" \| "essay"; \[key: string\]: unknown; \}; \[key: string\]: unknown; \}/,
    );
    // The answer of update reads the JSON Schema's output through ActionContext: the second reading sees the first's params.
    assert.match(entry("posts#update")!, /answer: \{ id: number; title: string; kind: "note" \| "essay"; \}/);
    assert.strictEqual(entry("drafts#index"), undefined);
  });

  for (const [name, tsc] of Object.entries(TYPESCRIPT_COMPILERS)) {
    it(`${name} accepts the project's uses and refuses wrong bodies, missing segments and wrong reads with the expected errors`, () => {
      const run = (): string => cp.spawnSync(process.execPath, [tsc, "-p", "."], { cwd: dir, encoding: "utf8" }).stdout;
      fs.rmSync(path.join(dir, "wrong.ts"), { force: true });
      assert.strictEqual(run(), "");
      const wrong = fs.readFileSync(path.join(FIXTURE, "wrong.ts.txt"), "utf8");
      fs.writeFileSync(path.join(dir, "wrong.ts"), wrong);
      const expected = wrong.split("\n").flatMap((line, i) => (/expect (TS\d+)/.exec(line) ? [`${i + 1} ${/expect (TS\d+)/.exec(line)![1]}`] : []));
      const found = [...run().matchAll(/^wrong\.ts\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]} ${m[2]}`);
      assert.deepStrictEqual(found, expected);
      assert.doesNotMatch(run(), /excessively deep/);
    });
  }

  async function page(): Promise<Page & ClientSettings> {
    const js = ts.transpileModule(fs.readFileSync(path.join(dir, "page.ts"), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    fs.writeFileSync(path.join(dir, "web", "page.js"), js.replace('"./web/routes.client.js"', '"./routes.client.js"'));
    const module = (await import(pathToFileURL(path.join(dir, "web", "page.js")).href)) as Page;
    const client = (await import(pathToFileURL(path.join(dir, "web", "routes.client.js")).href)) as ClientSettings;
    return { ...module, ...client };
  }

  it("the client against the project served by node:http over 127.0.0.1: every action, a 422 narrowed by status, a 404", async () => {
    const routes = load<{ default: RouteSet }>(path.join(dir, "routes.ts")).default;
    const controllers: Controllers = {
      posts: load(path.join(dir, "controllers", "posts.ts")),
      comments: load(path.join(dir, "controllers", "comments.ts")),
    };
    const server = http.createServer(nodeHandler(routes, controllers, { onError: (error) => console.error(error) }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { page: run, configure } = await page();
      configure({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      assert.deepStrictEqual(await run(), SEEN);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("helpers --client --split: a client module per controller, typed alike, making the same requests over 127.0.0.1", async () => {
    const split = fs.mkdtempSync(path.join(os.tmpdir(), "rr-typed-client-split-"));
    fs.cpSync(FIXTURE, split, { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(split, "node_modules"), "dir");
    cli(split, "types", "routes.ts");
    cli(split, "helpers", "routes.ts", "--out", "web/routes.js", "--client", "--split");
    // The page with the controllers' client modules in place of the whole one, as one namespace.
    const controllers = ["posts", "comments", "drafts"];
    const imports = controllers.map((c) => `import * as ${c} from "./web/routes/${c}.client.js";`).join("\n");
    const text = fs
      .readFileSync(path.join(split, "page.ts"), "utf8")
      .replace('import * as client from "./web/routes.client.js";', `${imports}\nconst client = { ${controllers.map((c) => `...${c}`).join(", ")} };`);
    fs.writeFileSync(path.join(split, "page.ts"), text);
    const compiled = cp.spawnSync(process.execPath, [TYPESCRIPT_COMPILERS[`TypeScript ${ts.version} (the project's)`], "-p", "."], {
      cwd: split,
      encoding: "utf8",
    });
    assert.strictEqual(compiled.stdout, "");
    const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    fs.writeFileSync(path.join(split, "web", "package.json"), JSON.stringify({ type: "module" }));
    fs.writeFileSync(path.join(split, "web", "page.js"), js.replaceAll('"./web/routes/', '"./routes/'));
    const { page: run } = (await import(pathToFileURL(path.join(split, "web", "page.js")).href)) as Page;
    const { configure } = (await import(pathToFileURL(path.join(split, "web", "routes.client.js")).href)) as ClientSettings;
    const routes = load<{ default: RouteSet }>(path.join(split, "routes.ts")).default;
    const served: Controllers = { posts: load(path.join(split, "controllers", "posts.ts")), comments: load(path.join(split, "controllers", "comments.ts")) };
    const server = http.createServer(nodeHandler(routes, served, { onError: (error) => console.error(error) }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      configure({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      assert.deepStrictEqual(await run(), SEEN);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(split, { recursive: true, force: true });
    }
  });

  it("the client through a workerd worker (Miniflare), fetch injected", async () => {
    fs.writeFileSync(
      path.join(dir, "worker.ts"),
      `import routes from "./routes";\nimport * as posts from "./controllers/posts";\nimport * as comments from "./controllers/comments";\nimport { fetchHandler } from "resource-routes/http";\nexport default { fetch: fetchHandler(routes, { posts, comments }) };\n`,
    );
    const built = await esbuildOnce({
      entryPoints: [path.join(dir, "worker.ts")],
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker"],
      mainFields: ["module", "main"],
      write: false,
      logLevel: "silent",
    });
    const { Miniflare } = (await import("miniflare")) as typeof import("miniflare");
    const worker = new Miniflare({ modules: [{ type: "ESModule", path: "worker.mjs", contents: built.outputFiles[0].text }], compatibilityDate: "2026-01-01" });
    try {
      const { page: run, configure } = await page();
      const asked: string[] = [];
      configure({
        // A base URL with a trailing slash joins the path with one slash.
        baseUrl: "http://blog.test/",
        fetch: async (url: string, init: RequestInit) => {
          asked.push(url);
          return (await worker.dispatchFetch(url, init as Parameters<typeof worker.dispatchFetch>[1])) as unknown as Response;
        },
      });
      assert.deepStrictEqual(await run(), SEEN);
      assert.deepStrictEqual(
        asked.filter((url) => !/^http:\/\/blog\.test\/[^/]/.test(url)),
        [],
      );
      assert.ok(asked.includes("http://blog.test/posts?page=2"), asked.join(" "));
    } finally {
      await worker.dispose();
    }
  });

  it("a GET's params go in its query whatever their names, those of URL options (anchor, host, trailing_slash) too; the path's values in the path", async () => {
    const client = (await import(pathToFileURL(path.join(dir, "web", "routes.client.js")).href)) as ClientSettings &
      Record<string, (params: object) => Promise<unknown>>;
    const asked: string[] = [];
    client.configure({
      baseUrl: "http://blog.test",
      fetch: async (url: string) => {
        asked.push(url);
        return new Response("[]", { headers: { "content-type": "application/json" } });
      },
    });
    await client.postsIndex({ page: 2, anchor: "top", host: "h", trailing_slash: true, tags: ["a b", "c"] });
    await client.commentsIndex({ post_id: 3, only_path: false });
    assert.deepStrictEqual(asked, [
      "http://blog.test/posts?anchor=top&host=h&page=2&tags%5B%5D=a+b&tags%5B%5D=c&trailing_slash=true",
      "http://blog.test/posts/3/comments?only_path=false",
    ]);
  });

  it("the client in Chromium: the page's bundle makes its requests with the browser's own fetch, same origin, no base URL", async function () {
    if (!hasChromium()) this.skip();
    await page(); // writes web/page.js
    const built = await esbuildOnce({
      stdin: { contents: 'import { page } from "./page.js";\nglobalThis.run = page;\n', resolveDir: path.join(dir, "web") },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const routes = load<{ default: RouteSet }>(path.join(dir, "routes.ts")).default;
    const controllers: Controllers = { posts: load(path.join(dir, "controllers", "posts.ts")), comments: load(path.join(dir, "controllers", "comments.ts")) };
    const api = nodeHandler(routes, controllers, { onError: (error) => console.error(error) });
    const served = await servedInChromium((request, response) => {
      if (request.url === "/") response.writeHead(200, { "content-type": "text/html" }).end('<script type="module" src="/page.js"></script>');
      else if (request.url === "/page.js") response.writeHead(200, { "content-type": "text/javascript" }).end(built.outputFiles[0].text);
      else api(request, response);
    });
    try {
      const tab = await served.browser.newPage();
      await tab.goto(`${served.base}/`);
      await tab.waitForFunction(() => typeof (globalThis as unknown as { run?: unknown }).run === "function");
      assert.deepStrictEqual(await tab.evaluate(() => (globalThis as unknown as { run(): Promise<string[]> }).run()), SEEN);
    } finally {
      await served.close();
    }
  });

  it("helpers --client says where the declaration file its types come from is missing, and writes the client all the same", () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "rr-client-untyped-"));
    fs.copyFileSync(path.join(FIXTURE, "routes.ts"), path.join(bare, "routes.ts"));
    const run = cp.spawnSync(process.execPath, [CLI, "helpers", "routes.ts", "--out", "web/routes.js", "--client"], { cwd: bare, encoding: "utf8" });
    assert.strictEqual(run.status, 0, run.stderr);
    assert.strictEqual(run.stderr.trim(), "routes.routes.d.ts does not exist: the client's types come from it (run resource-routes types routes.ts)");
    assert.ok(fs.existsSync(path.join(bare, "web", "routes.client.js")));
  });

  it("a bundle that makes one request holds that route alone: under 3.5 KB minified, under 2 KB gzipped", async () => {
    fs.writeFileSync(
      path.join(dir, "web", "one.js"),
      `import { postsCreate } from "./routes.client.js";\npostsCreate({ post: { title: "abc" } }).then(console.log);\n`,
    );
    const built = await esbuildOnce({
      entryPoints: [path.join(dir, "web", "one.js")],
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      platform: "browser",
    });
    const bundle = built.outputFiles[0].text;
    // The shared core is generation's rules with the server's own error messages (2.5 KB); the request adds under 1 KB.
    assert.ok(bundle.length < 3_500 && zlib.gzipSync(bundle).length < 2_000, `${bundle.length} bytes, ${zlib.gzipSync(bundle).length} gzipped`);
    for (const other of ["comments", "publish", "drafts", "$table"]) assert.ok(!bundle.includes(other), `${other} is not in the bundle`);
    assert.match(bundle, /"POST \/posts\.:format"/);
  });
});
