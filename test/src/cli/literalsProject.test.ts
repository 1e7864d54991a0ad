import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as http from "http";
import { createRequire } from "module";
import * as os from "os";
import * as path from "path";
import ts = require("typescript");
import type { RouteSet } from "resource-routes";
import type { ActionContext } from "resource-routes/http";
import { nodeHandler } from "resource-routes/http";

import { ROOT } from "../support/fixtures";

/**
 * `literals --fix` on an application's code (test/fixtures/literals): the rewrite is the expected
 * one, a second run changes nothing, the rewritten project type-checks, and run before and after,
 * the code builds the very same URLs, which the served routes answer the same.
 */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const FIXTURE = path.join(ROOT, "test", "fixtures", "literals");
/** Loads the compiled application's modules (a test's modules are imported; these are built at run time). */
const load = createRequire(__filename);
const REWRITTEN = ["src/client/api.ts", "src/server/handlers.ts"];

/** A copy of the application with resource-routes installed (the runtime package, linked). */
function copyOfApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-literals-app-"));
  fs.cpSync(path.join(FIXTURE, "app"), dir, { recursive: true });
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(path.join(ROOT, "runtime"), path.join(dir, "node_modules", "resource-routes"), "dir");
  return dir;
}

/** Every request the application's code makes or links to, run: its handlers, its fetch calls, its component's links and form. */
function requestsMadeBy(dir: string, version: string): Array<[string, string]> {
  // A folder per version (under out/, which the scan skips as a build): Node keeps each module it loaded by its path.
  const out = path.join(dir, "out", version);
  for (const file of [...walk(path.join(dir, "src"))].filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))) {
    const compiled = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.React },
    }).outputText;
    const target = path.join(out, path.relative(path.join(dir, "src"), file)).replace(/\.tsx?$/, ".js");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, compiled);
  }
  const made: Array<[string, string]> = [];
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { fetch: globals.fetch, React: globals.React };
  globals.fetch = (url: string, options?: { method?: string }) => made.push([options?.method ?? "GET", url]);
  globals.React = {
    createElement: (_tag: string, props: Record<string, unknown> | null) => {
      for (const key of ["href", "action", "src"])
        if (typeof props?.[key] === "string") made.push([key === "action" ? String(props.method).toUpperCase() : "GET", props[key] as string]);
      return null;
    },
  };
  try {
    const reply = { redirect: (url: string) => void made.push(["GET", url]), location: (url: string) => (made.push(["GET", url]), reply) };
    const handlers = load(path.join(out, "server", "handlers.js"));
    handlers.afterLogout(reply);
    handlers.afterCreate(reply, { id: 5 });
    handlers.afterComment(reply, 7);
    handlers.toAdmin(reply, "x9");
    const api = load(path.join(out, "client", "api.js"));
    for (const name of Object.keys(api).sort()) api[name](3);
    load(path.join(out, "client", "PostLinks.js")).PostLinks({ id: 4 });
  } finally {
    Object.assign(globals, saved);
  }
  return made;
}

function* walk(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** The answers of the application's routes, served on 127.0.0.1, to each request (a controller action answers with its name and params). */
async function answers(routes: RouteSet, requests: Array<[string, string]>): Promise<string[]> {
  const action = (name: string) => (ctx: ActionContext) => `${name} ${JSON.stringify(ctx.params)}`;
  const controllers = {
    posts: { index: action("posts#index"), show: action("posts#show"), create: action("posts#create"), publish: action("posts#publish") },
    comments: { index: action("comments#index"), create: action("comments#create") },
    sessions: { new: action("sessions#new") },
    "admin/users": { index: action("admin/users#index"), show: action("admin/users#show") },
  };
  const server = http.createServer(nodeHandler(routes, controllers));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const said: string[] = [];
    for (const [method, url] of requests) {
      if (!url.startsWith("/")) continue; // another site's
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { method });
      said.push(`${method} ${url} → ${response.status} ${await response.text()}`);
    }
    return said;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("CLI: literals --fix on an application's code", function () {
  this.timeout(120_000);

  it("rewrites each file as expected, once; the result type-checks and makes the same requests, answered the same", async () => {
    const dir = copyOfApp();
    try {
      const before = requestsMadeBy(dir, "before");
      const run = (...args: string[]) => cp.spawnSync(process.execPath, [CLI, "literals", ...args], { cwd: dir, encoding: "utf8" });
      const fixed = run("--fix");
      assert.strictEqual(fixed.status, 0, fixed.stderr);
      assert.match(fixed.stderr, /^2 file\(s\) rewritten, 9 literal\(s\) replaced by helper calls$/m);
      // Left as written, each listed with why: a user's id of any text written raw (the helper escapes it), and a
      // front-end component, which takes helpers from a browser helpers module only, and the app has none.
      assert.match(fixed.stdout, /^src\/server\/handlers\.ts:20: `\/admin\/users\/\$\{userId\}#profile`: not replaced: admin_user_path: with userId = "a\/b"/m);
      assert.strictEqual(
        fixed.stdout.split("\n").filter((line) => line.startsWith("src/client/PostLinks.tsx:") && line.includes("browser helpers module")).length,
        4,
      );
      for (const file of REWRITTEN)
        assert.strictEqual(fs.readFileSync(path.join(dir, file), "utf8"), fs.readFileSync(path.join(FIXTURE, "expected", file), "utf8"), file);
      // The test's expectations, and the component, are left as written.
      for (const file of ["src/client/api.test.ts", "src/client/PostLinks.tsx"])
        assert.strictEqual(fs.readFileSync(path.join(dir, file), "utf8"), fs.readFileSync(path.join(FIXTURE, "app", file), "utf8"), file);
      assert.match(run("--fix").stderr, /^0 file\(s\) rewritten/m);

      const tsc = cp.spawnSync(process.execPath, [load.resolve("typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
      assert.strictEqual(tsc.status, 0, tsc.stdout);

      const after = requestsMadeBy(dir, "after");
      assert.strictEqual(before.length, 19); // 5 from the handlers, 9 fetch calls, the component's 3 links, form and image
      assert.deepStrictEqual(after, before);
      const routes = load(path.join(dir, "out", "after", "routes.js")).default as RouteSet;
      const [answeredBefore, answeredAfter] = [await answers(routes, before), await answers(routes, after)];
      assert.deepStrictEqual(answeredAfter, answeredBefore);
      assert.ok(answeredBefore.includes('GET /admin/users/x9#profile → 200 admin/users#show {"id":"x9"}'), answeredBefore.join("\n"));
      assert.ok(answeredBefore.includes("POST /posts → 200 posts#create {}"), answeredBefore.join("\n"));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
