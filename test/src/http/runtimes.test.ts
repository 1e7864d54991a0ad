import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { esbuildOnce } from "../support/esbuild";
import { ROOT } from "../support/fixtures";

/**
 * The example blog served by the packed runtime package on each runtime the serving guide names,
 * set up exactly as the guide shows: Bun (`Bun.serve`) and Deno (`Deno.serve`) run its TypeScript
 * as it is; workerd (through Miniflare) runs an esbuild bundle made with the worker conditions.
 * Each binary comes from the npm registry (bun, deno, miniflare).
 */

/** A clean npm environment: run from `npm test`, children would inherit its npm_* settings. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/** What the blog answers on its home page, an article list as JSON and a controller it does not have. */
async function blogAnswers(fetchPath: (path: string) => Promise<Response>): Promise<string[]> {
  const answers: string[] = [];
  for (const path of ["/", "/articles.json", "/authors"]) {
    const response = await fetchPath(path);
    answers.push(`${response.status} ${(await response.text()).slice(0, 40)}`);
  }
  return answers;
}

function assertBlog(answers: string[]): void {
  assert.match(answers[0], /^200 <h1>The blog<\/h1>/);
  assert.match(answers[1], /^200 \[\{"id":1,"title":"Hello, routes"/);
  assert.strictEqual(answers[2], "404 uninitialized controller authors");
}

/** An ES module bundle of `entry` as a worker's bundler makes it: the worker export conditions, no Node built-in. */
function workerBundle(entry: string, outfile: string) {
  return esbuildOnce({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker"],
    mainFields: ["module", "main"],
    outfile,
    metafile: true,
    logLevel: "silent",
  });
}

/** A worker of the guide's shape with signed cookies and a call of behaviour B's deprecated alias (no `process` in a worker). */
const SESSION_WORKER = `import { draw } from "resource-routes";
import { fetchHandler, type ActionContext } from "resource-routes/http";
const routes = draw((map) => map.resources("visits", { only: ["index"] }));
const controllers = {
  visits: {
    index: async (ctx: ActionContext) => {
      const count = Number((await ctx.cookies.get("visits", { signed: true })) ?? 0) + 1;
      ctx.cookies.set("visits", String(count), { signed: true });
      return { count, link: ctx.urls.formatted_visits_path("json") };
    },
  },
};
export default { fetch: fetchHandler(routes, controllers, { cookieKeys: ["a-secret-of-at-least-32-characters!"], onError: console.error }) };
`;

/** Three visits: the second sends back the first's signed cookie, the third a tampered one. */
/** Rails 2's catch-all in a worker: `:controller` reaches every controller the handler is given, as on Node. */
const CATCH_ALL_WORKER = `import { draw } from "resource-routes";
import { fetchHandler, type ActionContext } from "resource-routes/http";
const routes = draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { only: ["index"] });
  map.connect(":controller/:action/:id");
  map.connect(":controller/:action/:id.:format");
});
const controllers = {
  posts: { index: () => "posts" },
  "api/feeds": { latest: (ctx: ActionContext) => \`feeds \${ctx.params.id ?? "-"} \${ctx.format ?? "-"}\` },
  reports: { daily: () => "daily" },
};
export default { fetch: fetchHandler(routes, controllers) };
`;

/** Behaviour C served: PATCH is update's own method, a wrong method is no route (404), doubled slashes count as one. */
const MODERN_WORKER = `import { draw } from "resource-routes";
import { fetchHandler, type ActionContext } from "resource-routes/http";
const routes = draw({ behaviour: "C" }, (r) => {
  r.resources("posts", { only: ["show", "update"] });
  r.mount(async (request: Request, { mountPath }: { mountPath: string }) => new Response(mountPath + " " + new URL(request.url).pathname + " " + (await request.text())), { at: "/jobs" });
});
const controllers = {
  posts: {
    show: (ctx: ActionContext) => ({ id: ctx.params.id, url: ctx.urls.post_path(ctx.params.id) }),
    update: (ctx: ActionContext) => ({ updated: ctx.params.id, method: ctx.request.method }),
  },
};
export default { fetch: fetchHandler(routes, controllers) };
`;

async function modernAnswers(fetchPath: (path: string, init?: RequestInit) => Promise<Response>): Promise<string[]> {
  const answers: string[] = [];
  for (const [method, p] of [
    ["GET", "/posts/1"],
    ["PATCH", "/posts/1.json"],
    ["POST", "/posts/1"],
    ["GET", "/posts//1"],
    ["PUT", "/jobs/queues/1"],
  ]) {
    const response = await fetchPath(p, { method, ...(method === "PUT" ? { body: "raw", headers: { "content-type": "text/plain" } } : {}) });
    answers.push(`${method} ${p} ${response.status} ${response.status === 200 ? await response.text() : ""}`.trim());
  }
  return answers;
}

function assertModern(answers: string[]): void {
  assert.deepStrictEqual(answers, [
    'GET /posts/1 200 {"id":"1","url":"/posts/1"}',
    'PATCH /posts/1.json 200 {"updated":"1","method":"PATCH"}',
    "POST /posts/1 404",
    'GET /posts//1 200 {"id":"1","url":"/posts/1"}',
    // A mounted application: given the path below the mount and the body, told the mount path.
    "PUT /jobs/queues/1 200 /jobs /queues/1 raw",
  ]);
}

async function sessionAnswers(fetchPath: (path: string, init?: RequestInit) => Promise<Response>): Promise<string[]> {
  const answers: string[] = [];
  const first = await fetchPath("/visits");
  const cookie = first.headers.get("set-cookie")?.split(";")[0] ?? "";
  answers.push(`${first.status} ${await first.text()} ${/^visits=1\.[\w-]{43}$/.test(cookie)}`);
  const second = await fetchPath("/visits", { headers: { cookie } });
  answers.push(`${second.status} ${await second.text()}`);
  const third = await fetchPath("/visits", { headers: { cookie: cookie.replace("visits=1.", "visits=9.") } });
  answers.push(`${third.status} ${await third.text()}`);
  return answers;
}

function assertSession(answers: string[]): void {
  assert.deepStrictEqual(answers, [
    '200 {"count":1,"link":"/visits.json"} true',
    '200 {"count":2,"link":"/visits.json"}',
    '200 {"count":1,"link":"/visits.json"}',
  ]);
}

/** What a test asks a served app, through a fetch of its paths. */
type Ask = (fetchPath: (path: string, init?: RequestInit) => Promise<Response>) => Promise<string[]>;

/** Runs a server script until it prints its port, asks it the blog's pages (or what `ask` asks), then stops it. */
async function serveWith(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}, ask: Ask = blogAnswers): Promise<string[]> {
  const child = cp.spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
        const match = /listening on (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.on("exit", (code) => reject(new Error(`${command} exited (${code}) before listening: ${stderr}`)));
    });
    return await ask((p, init) => fetch(`http://127.0.0.1:${port}${p}`, init));
  } finally {
    child.kill();
  }
}

describe("the example on every runtime the serving guide names, from the packed package", function () {
  this.timeout(300_000);
  let project: string;

  before(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), "rr-runtimes-"));
    const tarball = path.join(
      project,
      cp
        .execFileSync("npm", ["pack", "--workspace", "runtime", "--pack-destination", project, "--silent"], { cwd: ROOT, env, encoding: "utf8" })
        .trim()
        .split("\n")
        .pop()!,
    );
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "blog", private: true, type: "module" }));
    cp.execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", tarball], { cwd: project, env, stdio: "ignore" });
    const example = path.join(ROOT, "examples", "blog");
    for (const file of ["routes.ts", "routes.routes.d.ts", "controllers.generated.ts", "worker.ts"])
      fs.copyFileSync(path.join(example, file), path.join(project, file));
    fs.cpSync(path.join(example, "controllers"), path.join(project, "controllers"), { recursive: true });
    fs.writeFileSync(path.join(project, "session.ts"), SESSION_WORKER);
    fs.writeFileSync(path.join(project, "catchAll.ts"), CATCH_ALL_WORKER);
    fs.writeFileSync(path.join(project, "modern.ts"), MODERN_WORKER);
  });
  after(() => fs.rmSync(project, { recursive: true, force: true }));

  /** The default export of `worker` (a module of the project) served by Bun.serve, asked what `ask` asks. */
  const onBun = (worker: string, ask: Ask) => {
    const entry = `bun-${worker}.ts`;
    fs.writeFileSync(
      path.join(project, entry),
      `import worker from "./${worker}.ts";\nconst server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: worker.fetch });\nconsole.log("listening on " + server.port);\n`,
    );
    return serveWith(path.join(ROOT, "node_modules", ".bin", "bun"), ["run", entry], project, { BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" }, ask);
  };

  /** The same by Deno.serve, with the project's node_modules and its TypeScript as it is. */
  const onDeno = (worker: string, ask: Ask) => {
    const entry = `deno-${worker}.ts`;
    fs.writeFileSync(
      path.join(project, entry),
      `import worker from "./${worker}.ts";\nDeno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log("listening on " + port) }, worker.fetch);\n`,
    );
    const deno = path.join(ROOT, "node_modules", ".bin", "deno");
    const env = { DENO_DIR: path.join(project, ".deno"), DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
    return serveWith(deno, ["run", "--allow-net", "--allow-read", "--allow-env", "--unstable-sloppy-imports", entry], project, env, ask);
  };

  it("Bun: Bun.serve({ fetch })", async () => {
    assertBlog(await onBun("worker", blogAnswers));
  });

  it("Bun: signed cookies through WebCrypto, and B's deprecated alias", async () => {
    assertSession(await onBun("session", sessionAnswers));
  });

  it("Bun: behaviour C served as Rails 6.1 answers (PATCH, 404 for a wrong method, doubled slashes)", async () => {
    assertModern(await onBun("modern", modernAnswers));
  });

  it("Deno: Deno.serve(handler), the project's node_modules and its TypeScript as it is", async () => {
    assertBlog(await onDeno("worker", blogAnswers));
    assertSession(await onDeno("session", sessionAnswers));
    // Behaviour C, as Rails 6.1 answers it.
    assertModern(await onDeno("modern", modernAnswers));
  });

  it("workerd (Miniflare): an esbuild bundle with the worker conditions, no Node built-in in it; Rails 2's catch-all reaches every controller given", async () => {
    const outfile = path.join(project, "worker.bundle.mjs");
    const built = await workerBundle(path.join(project, "worker.ts"), outfile);
    const inputs = Object.keys(built.metafile.inputs);
    assert.ok(
      inputs.some((input) => /\/http\/core\/dispatch\.js$/.test(input)),
      "the bundle's inputs name the runtime's modules",
    );
    assert.deepStrictEqual(
      inputs.filter((input) => /\/load\.js$/.test(input)),
      [],
      "the Node-only loader stays out",
    );
    assert.doesNotMatch(fs.readFileSync(outfile, "utf8"), /require\("(node:)?(fs|path|url)"\)|from "(node:)?(fs|path|url)"/);
    /** A worker's bundle served by workerd, asked through `ask`. */
    const served = async <T>(entry: string, ask: (fetchPath: (path: string, init?: RequestInit) => Promise<Response>) => Promise<T>): Promise<T> => {
      const bundle = path.join(project, `${entry}.bundle.mjs`);
      if (entry !== "worker") await workerBundle(path.join(project, `${entry}.ts`), bundle);
      const { Miniflare } = (await import("miniflare")) as typeof import("miniflare");
      const worker = new Miniflare({
        modules: [{ type: "ESModule", path: `${entry}.mjs`, contents: fs.readFileSync(bundle, "utf8") }],
        compatibilityDate: "2026-01-01",
      });
      try {
        return await ask(
          async (p, init) => (await worker.dispatchFetch(`http://app.test${p}`, init as Parameters<typeof worker.dispatchFetch>[1])) as unknown as Response,
        );
      } finally {
        await worker.dispose();
      }
    };
    assertBlog(await served("worker", blogAnswers));
    assertSession(await served("session", sessionAnswers));
    assertModern(await served("modern", modernAnswers));
    const answers = await served("catchAll", async (fetchPath) => {
      const texts: string[] = [];
      for (const p of ["/api/feeds/latest/5.json", "/reports/daily", "/posts/index", "/nothing/daily"]) {
        const response = await fetchPath(p);
        texts.push(`${response.status} ${(await response.text()).split("\n")[0].slice(0, 40)}`);
      }
      return texts;
    });
    assert.deepStrictEqual(answers.slice(0, 3), ["200 feeds 5 json", "200 daily", "200 posts"]);
    assert.match(answers[3], /^404 No route matches "\/nothing\/daily"/);
  });
});

describe("the vitest example: controllers loaded through the test runner's import", function () {
  this.timeout(120_000);

  it("npx vitest run --root examples/blog passes both of its tests", () => {
    const run = cp.spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "--root", path.join(ROOT, "examples", "blog")],
      { cwd: ROOT, env: { ...env, NO_COLOR: "1", CI: "1" }, encoding: "utf8" },
    );
    assert.strictEqual(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /Tests\s+2 passed \(2\)/);
  });
});
