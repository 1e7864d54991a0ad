import * as assert from "assert";
import express from "express";
import { Hono } from "hono";
import * as http from "http";
import type { AddressInfo } from "net";
import * as net from "net";
import { draw, RouteSet } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, loadControllers, nodeHandler } from "resource-routes/http";

/** Contract §7–§8: the adapters through fetchHandler directly and nodeHandler over real sockets. */

function blog(behaviour: "A" | "B"): RouteSet {
  return draw({ behaviour }, (map) => {
    map.resources("posts", { member: { publish: "put" } });
    map.resources("drafts", { only: ["index"] });
    map.namespace("admin", (admin) => admin.resources("users", { only: ["index", "show"] }));
    map.connect("echo/:value", { controller: "echo", action: "show" });
  });
}

/** Every call an action saw, for assertions on params and context. */
const seen: ActionContext[] = [];
let constructed = 0;

const controllers: Controllers = {
  posts: {
    index: (ctx: ActionContext) => (seen.push(ctx), ctx.format === "json" ? [{ id: 1 }] : "<h1>Posts</h1>"),
    show: (ctx: ActionContext) => (seen.push(ctx), { id: ctx.params.id, format: ctx.format, url: ctx.urls.post_url(ctx.params.id as string) }),
    create: (ctx: ActionContext) => {
      seen.push(ctx);
      ctx.respond(201, { created: ctx.params.post }, { Location: "/posts/2" });
    },
    update: (ctx: ActionContext) => void seen.push(ctx),
    destroy: (ctx: ActionContext) => (seen.push(ctx), new Response("gone", { status: 410, headers: { "x-own": "yes" } })),
    edit: () => {
      throw new Error("edit exploded");
    },
    new: async () => "async new",
  },
  echo: {
    default: class {
      constructor() {
        constructed++;
      }
      show(ctx: ActionContext) {
        return { params: ctx.params, route: ctx.route };
      }
    },
  },
  "admin/users": { default: { index: () => "admin users" } },
};

const errors: unknown[] = [];
const options = { onError: (error: unknown) => errors.push(error), bodyLimit: 64 * 1024 };

function form(body: string, method = "POST"): RequestInit {
  return { method, body, headers: { "content-type": "application/x-www-form-urlencoded" } };
}

for (const behaviour of ["A", "B"] as const) {
  describe(`fetchHandler (behaviour ${behaviour})`, () => {
    const handle = fetchHandler(blog(behaviour), controllers, options);
    const request = (path: string, init?: RequestInit) => handle(new Request(`http://app.test${path}`, init));

    beforeEach(() => {
      seen.length = 0;
      errors.length = 0;
    });

    it("a string is 200 HTML, an object 200 JSON; params and format come from the path", async () => {
      const html = await request("/posts");
      assert.strictEqual(html.status, 200);
      assert.strictEqual(html.headers.get("content-type"), "text/html; charset=utf-8");
      assert.strictEqual(await html.text(), "<h1>Posts</h1>");
      const json = await request("/posts/7.json");
      assert.strictEqual(json.headers.get("content-type"), "application/json; charset=utf-8");
      assert.deepStrictEqual(await json.json(), { id: "7", format: "json", url: "http://app.test/posts/7" });
    });

    it("undefined is 204; respond() sets status, body and headers; a Response is sent as it is; async actions are awaited", async () => {
      const put = await request("/posts/1", { method: "PUT" });
      assert.strictEqual(put.status, 204);
      assert.strictEqual(await put.text(), "");
      const created = await request("/posts", form("post[title]=Hi"));
      assert.strictEqual(created.status, 201);
      assert.strictEqual(created.headers.get("location"), "/posts/2");
      assert.deepStrictEqual(await created.json(), { created: { title: "Hi" } });
      const gone = await request("/posts/1", { method: "DELETE" });
      assert.deepStrictEqual([gone.status, gone.headers.get("x-own"), await gone.text()], [410, "yes", "gone"]);
      assert.strictEqual(await (await request("/posts/new")).text(), "async new");
    });

    it("no route: 404 with the routing error's message", async () => {
      const response = await request("/nothing/here");
      assert.strictEqual(response.status, 404);
      assert.strictEqual(await response.text(), 'No route matches "/nothing/here" with {:method=>:get}');
    });

    it("a path that matches only with other methods: 405 with Allow in route order, upper case, no repeats", async () => {
      const response = await request("/posts", { method: "DELETE" });
      assert.strictEqual(response.status, 405);
      assert.strictEqual(response.headers.get("allow"), "GET, POST");
      // PATCH is answered as PUT (the adapters' default), so it is allowed wherever PUT is.
      assert.strictEqual((await request("/posts/1", { method: "POST" })).headers.get("allow"), "GET, PUT, PATCH, DELETE");
      const strict = fetchHandler(blog(behaviour), controllers, { ...options, patch: false });
      assert.strictEqual((await strict(new Request("http://app.test/posts/1", { method: "POST" }))).headers.get("allow"), "GET, PUT, DELETE");
    });

    it("HEAD runs the GET action and sends no body", async () => {
      const response = await request("/posts", { method: "HEAD" });
      assert.strictEqual(response.status, 200);
      assert.strictEqual(await response.text(), "");
      assert.strictEqual(seen.length, 1);
    });

    it("a missing controller or action: 404 with the original's words", async () => {
      assert.strictEqual(await (await request("/drafts")).text(), "uninitialized controller drafts");
      const missing = await request("/posts/1/publish", { method: "PUT" });
      assert.deepStrictEqual([missing.status, await missing.text()], [404, "No action responded to publish"]);
    });

    it("bad percent-encoding in the path, the query or a form: 400", async () => {
      assert.strictEqual((await request("/posts/%E0%A4%A")).status, 400);
      assert.strictEqual((await request("/posts?x=%ZZ")).status, 400);
      assert.strictEqual((await request("/posts", form("a=%E0%A4%A"))).status, 400);
    });

    it("a form body over the limit: 413, the stream cancelled", async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(16 * 1024).fill(97));
          if (pulled > 1000) controller.close();
        },
      });
      const response = await handle(
        new Request("http://app.test/posts", {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          duplex: "half",
        } as RequestInit),
      );
      assert.strictEqual(response.status, 413);
      assert.ok(pulled < 20, `read ${pulled} chunks`);
    });

    it("an action that throws: 500, the error to onError, the next request answered", async () => {
      const response = await request("/posts/1/edit");
      assert.deepStrictEqual([response.status, await response.text()], [500, "Internal Server Error"]);
      assert.match(String(errors[0]), /edit exploded/);
      assert.strictEqual((await request("/posts")).status, 200);
      const development = await fetchHandler(blog(behaviour), controllers, { onError: () => undefined, development: true })(
        new Request("http://app.test/posts/1/edit"),
      );
      assert.match(await development.text(), /^Internal Server Error\n\nError: edit exploded\n\s+at /);
    });

    it("_method from a form body and from the query, honoured on POST only", async () => {
      await request("/posts/1", form("_method=put"));
      await request("/posts/1?_method=put", { method: "POST" });
      assert.deepStrictEqual(
        seen.map((ctx) => ctx.route.action),
        ["update", "update"],
      );
      // Not on GET: a GET with _method=delete is a show.
      await request("/posts/1?_method=delete");
      assert.strictEqual(seen[2].route.action, "show");
    });

    if (behaviour === "A") {
      it("A: an unknown _method is refused (400)", async () => {
        const response = await request("/posts/1", form("_method=bogus"));
        assert.strictEqual(response.status, 400);
        assert.match(await response.text(), /bogus, accepted HTTP methods are/);
      });
    } else {
      it("B: an unknown _method is ignored (the POST stands)", async () => {
        const response = await request("/posts", form("_method=bogus&post[title]=x"));
        assert.strictEqual(response.status, 201);
      });
    }

    it("params: path values over form fields over the query, nested the Rails way", async () => {
      await request("/posts/5?id=query&page=2&tags[]=a&tags[]=b", form("_method=put&id=form&post[title]=T&post[meta][x]=1"));
      assert.deepStrictEqual(seen[0].params, { id: "5", page: "2", tags: ["a", "b"], _method: "put", post: { title: "T", meta: { x: "1" } } });
    });

    it("__proto__, constructor and prototype in the query, a form and the path reach no prototype", async () => {
      const response = await request(
        "/echo/__proto__?__proto__[polluted]=1&constructor[prototype][polluted]=2&a[__proto__][polluted]=3",
        form("__proto__[polluted]=4&prototype=5"),
      );
      assert.strictEqual(response.status, 200);
      assert.strictEqual(({} as { polluted?: unknown }).polluted, undefined);
      assert.strictEqual(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted"), false);
      const { params } = (await response.json()) as { params: Record<string, unknown> };
      assert.strictEqual(params.value, "__proto__");
      assert.deepStrictEqual(params.constructor, { prototype: { polluted: "2" } });
      assert.strictEqual(params.prototype, "5");
    });

    it("a default-exported class gets a fresh instance per request; the route is described", async () => {
      const before = constructed;
      await request("/echo/1");
      const last = (await (await request("/echo/2")).json()) as { route: unknown };
      assert.strictEqual(constructed - before, 2);
      assert.deepStrictEqual(last.route, { name: null, controller: "echo", action: "show", verb: "ANY", path: "/echo/:value" });
      assert.strictEqual(await (await request("/admin/users")).text(), "admin users");
    });
  });
}

describe("controller modules are read at an action's first request", () => {
  it("an action found once is not looked up again; a path naming an action that does not exist reads the module every time and keeps nothing", async () => {
    const routes = draw({ behaviour: "B" }, (map) => map.connect(":controller/:action"));
    let reads = 0;
    // Counts every look at the module's own members: what the adapter reads of it.
    const module = new Proxy<Record<string, unknown>>(
      { index: () => "listed" },
      {
        getOwnPropertyDescriptor: (target, key) => (reads++, Reflect.getOwnPropertyDescriptor(target, key)),
        get: (target, key) => (reads++, Reflect.get(target, key)),
      },
    );
    const handle = fetchHandler(routes, { pages: module });
    assert.strictEqual(await (await handle(new Request("http://x/pages/index"))).text(), "listed");
    const first = reads;
    assert.ok(first > 0);
    for (let i = 0; i < 5; i++) assert.strictEqual(await (await handle(new Request("http://x/pages/index"))).text(), "listed");
    assert.strictEqual(reads, first, "the found action is kept with the module");
    for (const name of ["a", "b", "a"]) assert.strictEqual((await handle(new Request(`http://x/pages/${name}`))).status, 404);
    const perMissing = (reads - first) / 3;
    assert.ok(perMissing > 0);
    assert.strictEqual((await handle(new Request("http://x/pages/a"))).status, 404);
    assert.strictEqual(reads - first, perMissing * 4, "a missing action is looked up again, never kept");
  });
});

describe("a route's controller module, kept by the handler", () => {
  it("a route that names its controller and action reads no member of the module again; a new module object in controllers answers from the next request on", async () => {
    const routes = draw({ behaviour: "B" }, (map) => map.resources("pages"));
    let reads = 0;
    const counted = (members: Record<string, unknown>) =>
      new Proxy(members, {
        getOwnPropertyDescriptor: (target, key) => (reads++, Reflect.getOwnPropertyDescriptor(target, key)),
        get: (target, key) => (reads++, Reflect.get(target, key)),
      });
    const controllers: Record<string, unknown> = { pages: counted({ index: () => "first", show: () => "shown" }) };
    const handle = fetchHandler(routes, controllers as Controllers);
    assert.strictEqual(await (await handle(new Request("http://x/pages"))).text(), "first");
    const first = reads;
    for (let i = 0; i < 5; i++) assert.strictEqual(await (await handle(new Request("http://x/pages"))).text(), "first");
    assert.strictEqual(reads, first, "the route's plan is kept with its module");
    controllers.pages = counted({ index: () => "second" });
    assert.strictEqual(await (await handle(new Request("http://x/pages"))).text(), "second");
    assert.strictEqual((await handle(new Request("http://x/pages/1"))).status, 404, "the new module has no show");
    delete controllers.pages;
    assert.strictEqual((await handle(new Request("http://x/pages"))).status, 404);
  });
});

describe("what nodeHandler reads of a request", () => {
  it("no header of a GET whose action makes no URL; the Host header when it makes one", () => {
    const routes = draw({ behaviour: "B" }, (map) => map.resources("pages"));
    const handle = nodeHandler(routes, { pages: { index: () => "listed", show: ({ url }: ActionContext) => url.href } });
    const answer = (url: string) => {
      let headerReads = 0;
      const request = {
        method: "GET",
        url,
        socket: {},
        get headers() {
          headerReads++;
          return { host: "shop.example:8080" };
        },
      };
      let body = "";
      handle(request, { statusCode: 200, headersSent: false, writeHead: () => undefined, end: (text: string) => (body = text) } as never);
      return { body, headerReads };
    };
    assert.deepStrictEqual(answer("/pages"), { body: "listed", headerReads: 0 });
    assert.deepStrictEqual(answer("/pages/7"), { body: "http://shop.example:8080/pages/7", headerReads: 1 });
  });
});

describe("nodeHandler over real sockets", function () {
  this.timeout(30_000);
  let server: http.Server;
  let base: string;
  let port: number;

  before(async () => {
    server = http.createServer(nodeHandler(blog("B"), controllers, options));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers, 405 with Allow, HEAD without a body, _method from a form", async () => {
    const index = await fetch(`${base}/posts.json`);
    assert.deepStrictEqual(await index.json(), [{ id: 1 }]);
    const wrong = await fetch(`${base}/posts`, { method: "DELETE" });
    assert.deepStrictEqual([wrong.status, wrong.headers.get("allow")], [405, "GET, POST"]);
    const head = await fetch(`${base}/posts`, { method: "HEAD" });
    assert.deepStrictEqual([head.status, await head.text()], [200, ""]);
    const put = await fetch(`${base}/posts/3`, form("_method=put"));
    assert.strictEqual(put.status, 204);
  });

  it("a 2 MiB form body: 413 and the connection closed without reading it all", async () => {
    let accepted: net.Socket | undefined;
    server.once("connection", (s: net.Socket) => (accepted = s));
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => undefined); // the server may stop reading while we still write
    const size = 2 * 1024 * 1024;
    socket.write(`POST /posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`);
    // Write in pieces, as a client would, without waiting for the server to read them.
    const chunk = Buffer.alloc(64 * 1024, 97);
    for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) socket.write(chunk);
    await closed;
    assert.match(received, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
    assert.match(received, /connection: close/i);
    assert.ok(accepted!.bytesRead < size / 2, `the server read ${accepted!.bytesRead} bytes`);
  });

  it("an action that throws: 500, then the next request is answered", async () => {
    assert.strictEqual((await fetch(`${base}/posts/1/edit`)).status, 500);
    assert.strictEqual((await fetch(`${base}/posts`)).status, 200);
  });
});

describe("frameworks", function () {
  this.timeout(30_000);

  it("Express: the routes answer; no route calls next()", async () => {
    const app = express();
    app.use(nodeHandler(blog("B"), controllers, options));
    app.use((_req, res) => {
      res.status(404).send("express's own 404");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      assert.strictEqual(await (await fetch(`${base}/posts`)).text(), "<h1>Posts</h1>");
      const none = await fetch(`${base}/nothing`);
      assert.deepStrictEqual([none.status, await none.text()], [404, "express's own 404"]);
      // A wrong method is still ours: 405 is an answer about a route that exists.
      assert.strictEqual((await fetch(`${base}/posts`, { method: "DELETE" })).status, 405);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("Hono: fetchHandler mounted answers the routes", async () => {
    const app = new Hono();
    app.get("/health", (c) => c.text("ok"));
    app.mount("/", fetchHandler(blog("B"), controllers, options));
    assert.strictEqual(await (await app.request("/health")).text(), "ok");
    assert.deepStrictEqual(await (await app.request("/posts/4.json")).json(), { id: "4", format: "json", url: "http://localhost/posts/4" });
    assert.strictEqual((await app.request("/posts", { method: "PATCH" })).status, 405);
  });
});

describe("loadControllers", () => {
  it("imports each controller from the routing file's controllers folder, JavaScript first beside compiled sources", async () => {
    const fs = await import("fs");
    const os = await import("os");
    const path = await import("path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-controllers-"));
    try {
      fs.mkdirSync(path.join(dir, "app", "admin"), { recursive: true });
      // TypeScript that Node cannot load beside the JavaScript compiled from it.
      fs.writeFileSync(path.join(dir, "app", "posts.ts"), "export function index(ctx: unknown): string { return 'ts'; }\n");
      fs.writeFileSync(path.join(dir, "app", "posts.js"), "exports.index = () => 'js';\n");
      fs.writeFileSync(path.join(dir, "app", "admin", "users.mjs"), "export default { index() { return 'admin'; } };\n");
      const routes = draw({ file: path.join(dir, "routes.js"), controllers: "./app" }, (map) => {
        map.resources("posts", { only: "index" });
        map.namespace("admin", (admin) => admin.resources("users", { only: "index" }));
        map.resources("missing", { only: "index" });
      });
      const controllers = await loadControllers(routes);
      assert.deepStrictEqual(Object.keys(controllers).sort(), ["admin/users", "posts"]);
      const handle = fetchHandler(routes, controllers);
      assert.strictEqual(await (await handle(new Request("http://x/posts"))).text(), "js");
      assert.strictEqual(await (await handle(new Request("http://x/admin/users"))).text(), "admin");
      assert.strictEqual(await (await handle(new Request("http://x/missing"))).text(), "uninitialized controller missing");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
