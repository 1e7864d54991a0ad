import * as assert from "assert";
import express from "express";
import * as fs from "fs";
import { Hono } from "hono";
import * as http from "http";
import type { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, type Filters, loadControllers, type Middleware, nodeHandler } from "resource-routes/http";
import { filtersFor } from "resource-routes/internal/http";
import { request } from "resource-routes/testing";

/** What an application needs around its actions: filters, middleware, error answers, mount points, PATCH, multipart. */

const routes = draw((map) => {
  map.resources("posts", { member: { publish: "put" } });
  map.namespace("admin", (admin) => admin.resources("users", { only: ["index"] }));
});

const calls: string[] = [];
const postFilters: Filters = {
  around: [async (ctx, next) => (calls.push(`around-in ${ctx.route.action}`), await next().finally(() => calls.push("around-out")))],
  before: [
    (ctx) => void calls.push(`before ${ctx.route.action}`),
    { run: (ctx) => (ctx.params.token === "nope" ? ctx.respond(401, { error: "login" }) : undefined), except: ["index", "show"] },
    { run: (ctx) => (ctx.params.stop ? "stopped by a filter" : undefined), only: ["show"] },
  ],
  after: [{ run: (ctx) => void calls.push(`after ${ctx.route.action}`), only: ["show", "create"] }],
};
const controllers: Controllers = {
  posts: {
    filters: postFilters,
    index: () => (calls.push("index"), "index"),
    show: (ctx: ActionContext) => (calls.push("show"), { id: ctx.params.id, self: ctx.urls.post_path(ctx.params.id), url: ctx.urls.post_url(ctx.params.id) }),
    create: (ctx: ActionContext) => (calls.push("create"), ctx.redirect(ctx.urls.post_path(9) as string)),
    update: (ctx: ActionContext) => ({ updated: ctx.params.id, method: (ctx.request as Request).method ?? (ctx.request as http.IncomingMessage).method }),
    publish: () => {
      throw new Error("publish exploded");
    },
  },
  "admin/users": {
    default: class {
      static filters: Filters = { before: [() => "admins only"] };
      index() {
        return "users";
      }
    },
  },
};
const quiet = { onError: () => undefined };

describe("serving: filters and middleware", () => {
  const handle = fetchHandler(routes, controllers, quiet);
  beforeEach(() => (calls.length = 0));

  it("around, before, the action and after run in that order, each only for its actions", async () => {
    assert.deepStrictEqual(await (await request(handle, "GET /posts/3")).json(), { id: "3", self: "/posts/3", url: "http://localhost/posts/3" });
    assert.deepStrictEqual(calls, ["around-in show", "before show", "show", "after show", "around-out"]);
    calls.length = 0;
    assert.strictEqual(await (await request(handle, "GET /posts")).text(), "index");
    assert.deepStrictEqual(calls, ["around-in index", "before index", "index", "around-out"]);
  });

  it("a before filter that responds or returns a value stops the action", async () => {
    const refused = await request(handle, "POST /posts", { form: { token: "nope" } });
    assert.deepStrictEqual([refused.status, await refused.json()], [401, { error: "login" }]);
    assert.ok(!calls.includes("create"));
    assert.strictEqual(await (await request(handle, "GET /posts/3?stop=1")).text(), "stopped by a filter");
    assert.ok(!calls.includes("show"));
  });

  it("an action no filter applies to runs without the chain, and each action's filters are worked out once", () => {
    const module = { filters: { before: [{ run: () => "never", only: ["publish"] }] }, show: () => "show", publish: () => "publish" };
    assert.strictEqual(filtersFor(module, "show"), undefined);
    const publish = filtersFor(module, "publish");
    assert.strictEqual(publish?.before.length, 1);
    assert.strictEqual(filtersFor(module, "publish"), publish);
  });

  it("a default class's static filters apply to its actions", async () => {
    assert.strictEqual(await (await request(handle, "GET /admin/users")).text(), "admins only");
  });

  it("middleware sees the route and params after recognition, wraps the filters, and may answer itself", async () => {
    const seen: string[] = [];
    const log: Middleware = async (ctx, next) => {
      seen.push(`${ctx.route.verb} ${ctx.route.path} ${ctx.route.controller}#${ctx.route.action} id=${String(ctx.params.id)}`);
      const result = await next();
      seen.push("logged");
      return result;
    };
    const gate: Middleware = (ctx, next) => (ctx.route.controller.startsWith("admin/") ? new Response("gate", { status: 403 }) : next());
    const withMiddleware = fetchHandler(routes, controllers, { ...quiet, use: [log, gate] });
    await request(withMiddleware, "GET /posts/5");
    assert.deepStrictEqual(seen, ["GET /posts/:id.:format posts#show id=5", "logged"]);
    assert.deepStrictEqual(calls, ["around-in show", "before show", "show", "after show", "around-out"]);
    assert.strictEqual((await request(withMiddleware, "GET /admin/users")).status, 403);
  });

  it("redirect sets Location and 302", async () => {
    const answer = await request(handle, "POST /posts", { json: { post: { title: "x" } } });
    assert.deepStrictEqual([answer.status, answer.headers.get("location")], [302, "/posts/9"]);
  });
});

describe("serving: failures", () => {
  it("404, 405 and 500 answer JSON for a .json path or Accept: application/json, text otherwise", async () => {
    const handle = fetchHandler(routes, controllers, quiet);
    const missing = await request(handle, "GET /nothing.json");
    assert.deepStrictEqual(
      [missing.status, missing.headers.get("content-type"), await missing.json()],
      [404, "application/json; charset=utf-8", { error: 'No route matches "/nothing.json" with {:method=>:get}', status: 404 }],
    );
    const accepted = await request(handle, "DELETE /posts", { headers: { accept: "application/json" } });
    assert.deepStrictEqual([accepted.status, accepted.headers.get("allow"), ((await accepted.json()) as { status: number }).status], [405, "GET, POST", 405]);
    const html = await request(handle, "GET /nothing", { headers: { accept: "text/html,application/json" } });
    assert.match(html.headers.get("content-type")!, /^text\/plain/);
    const failed = await request(handle, "PUT /posts/1/publish.json");
    assert.deepStrictEqual([failed.status, await failed.json()], [500, { error: "Internal Server Error", status: 500 }]);
  });

  it("the hooks answer instead: an HTML page, JSON, a Response; one that throws leaves the default", async () => {
    const handle = fetchHandler(routes, controllers, {
      ...quiet,
      notFound: (f) => `<h1>Not here</h1><p>${f.message.length > 0}</p>`,
      methodNotAllowed: (f) => ({ allowed: f.allow }),
      error: (f) => new Response(`oops: ${(f.error as Error).message}`, { status: 503 }),
    });
    const missing = await request(handle, "GET /nothing");
    assert.deepStrictEqual(
      [missing.status, missing.headers.get("content-type"), await missing.text()],
      [404, "text/html; charset=utf-8", "<h1>Not here</h1><p>true</p>"],
    );
    const wrong = await request(handle, "DELETE /posts");
    assert.deepStrictEqual([wrong.status, wrong.headers.get("allow"), await wrong.json()], [405, "GET, POST", { allowed: "GET, POST" }]);
    const failed = await request(handle, "PUT /posts/1/publish");
    assert.deepStrictEqual([failed.status, await failed.text()], [503, "oops: publish exploded"]);
    const throwing = fetchHandler(routes, controllers, {
      ...quiet,
      error: () => {
        throw new Error("hook");
      },
    });
    assert.strictEqual((await request(throwing, "PUT /posts/1/publish")).status, 500);
  });

  it("Hono: a notFound that gives undefined lets Hono's own routes and notFound answer", async () => {
    const handle = fetchHandler(routes, controllers, { ...quiet, notFound: () => undefined });
    const app = new Hono();
    app.use(async (c, next) => (await handle(c.req.raw)) ?? next());
    app.get("/health", (c) => c.text("ok"));
    app.notFound((c) => c.text("hono's own 404", 404));
    assert.strictEqual(await (await app.request("/posts")).text(), "index");
    assert.strictEqual(await (await app.request("/health")).text(), "ok");
    assert.deepStrictEqual([(await app.request("/nothing")).status, await (await app.request("/nothing")).text()], [404, "hono's own 404"]);
  });
});

describe("serving: mount points and PATCH", function () {
  this.timeout(30_000);

  it("basePath: stripped before recognition, put before every generated path and URL; a path outside it is not found", async () => {
    const handle = fetchHandler(routes, controllers, { ...quiet, basePath: "/api" });
    assert.deepStrictEqual(await (await request(handle, "GET /api/posts/4")).json(), { id: "4", self: "/api/posts/4", url: "http://localhost/api/posts/4" });
    assert.strictEqual((await request(handle, "POST /api/posts", { form: {} })).headers.get("location"), "/api/posts/9");
    assert.strictEqual((await request(handle, "GET /posts/4")).status, 404);
    assert.strictEqual((await request(handle, "GET /apiposts/4")).status, 404);
  });

  it('node:http with basePath, Express mounted with app.use("/api"), Hono mounted with basePath', async () => {
    const check = async (listener: http.RequestListener) => {
      const server = http.createServer(listener);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const shown = (await (await fetch(`${base}/api/posts/4`, { signal: AbortSignal.timeout(5_000) })).json()) as { self: string; url: string };
        assert.deepStrictEqual([shown.self, shown.url], ["/api/posts/4", `${base}/api/posts/4`]);
        const created = await fetch(`${base}/api/posts`, { method: "POST", redirect: "manual", signal: AbortSignal.timeout(5_000) });
        assert.strictEqual(created.headers.get("location"), "/api/posts/9");
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    };
    await check(nodeHandler(routes, controllers, { ...quiet, basePath: "/api" }));
    const app = express();
    app.use("/api", nodeHandler(routes, controllers, quiet));
    await check(app);
    const hono = new Hono();
    hono.mount("/api", fetchHandler(routes, controllers, { ...quiet, basePath: "/api" }), { replaceRequest: false });
    const shown = (await (await hono.request("http://h.test/api/posts/4")).json()) as { self: string };
    assert.strictEqual(shown.self, "/api/posts/4");
  });

  it("PATCH is answered as PUT (the update routes), and with patch: false it is not", async () => {
    const handle = fetchHandler(routes, controllers, quiet);
    assert.deepStrictEqual(await (await request(handle, "PATCH /posts/2", { json: { post: { title: "t" } } })).json(), { updated: "2", method: "PATCH" });
    assert.strictEqual((await request(fetchHandler(routes, controllers, { ...quiet, patch: false }), "PATCH /posts/2")).status, 405);
    assert.strictEqual(routes.recognize("PUT", "/posts/2").action, "update");
    assert.throws(() => routes.recognize("PATCH", "/posts/2"));
  });

  it("a method outside Rails' list is answered 405 with the path's methods, or 404 where no route has the path, in both behaviours", async () => {
    for (const behaviour of ["A", "B"] as const) {
      const set = draw({ behaviour }, (map) => {
        map.resources("posts", { only: ["show", "update"] });
        map.connect("any/:x", { controller: "posts", action: "show" });
      });
      const handle = fetchHandler(set, controllers, quiet);
      const refused = await request(handle, "BACON /posts/2");
      assert.deepStrictEqual([refused.status, refused.headers.get("allow")], [405, "GET, PUT, PATCH"], behaviour);
      assert.deepStrictEqual(set.allowedMethods("/posts/2"), ["get", "put"]);
      // A route with no method condition takes every method of Rails' list.
      assert.strictEqual((await request(handle, "PROPFIND /any/1")).headers.get("allow"), "GET, PUT, PATCH, POST, DELETE, OPTIONS");
      assert.strictEqual((await request(handle, "BACON /nothing")).status, 404);
      assert.strictEqual((await request(fetchHandler(set, controllers, { ...quiet, patch: false }), "PATCH /posts/2")).status, 405);
    }
  });
});

describe("serving: multipart bodies", () => {
  it("text fields become params (nested like a form's), files are WHATWG Files in ctx.files", async () => {
    const seen: ActionContext[] = [];
    const handle = fetchHandler(routes, { posts: { create: (ctx: ActionContext) => void seen.push(ctx) } }, quiet);
    const form = new FormData();
    form.append("post[title]", "Hello");
    form.append("photo", new File(["abc"], "a.txt", { type: "text/plain" }));
    form.append("photo", new File(["defg"], "b.txt"));
    assert.strictEqual((await handle(new Request("http://h.test/posts", { method: "POST", body: form }))).status, 204);
    assert.deepStrictEqual(seen[0].params, { post: { title: "Hello" } });
    const photos = seen[0].files.photo as File[];
    assert.deepStrictEqual(await Promise.all(photos.map(async (f) => `${f.name}:${await f.text()}`)), ["a.txt:abc", "b.txt:defg"]);
    const broken = await handle(
      new Request("http://h.test/posts", { method: "POST", body: "nonsense", headers: { "content-type": "multipart/form-data; boundary=x" } }),
    );
    assert.strictEqual(broken.status, 400);
  });
});

describe("serving: controllers found at start-up", () => {
  it("loadControllers warns once, listing every controller its routes name that has no module; strict throws", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-load-"));
    try {
      fs.writeFileSync(path.join(dir, "posts.js"), "exports.index = () => 'x';\n");
      const warnings: string[] = [];
      const loaded = await loadControllers(routes, dir, { warn: (m) => warnings.push(m) });
      assert.deepStrictEqual(Object.keys(loaded), ["posts"]);
      assert.strictEqual(warnings.length, 1);
      assert.match(warnings[0], /no module for controller admin\/users in /);
      await assert.rejects(loadControllers(routes, dir, { strict: true }), /no module for controller admin\/users/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
