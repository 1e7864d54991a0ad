import * as assert from "assert";
import express from "express";
import * as http from "http";
import type { AddressInfo } from "net";
import * as net from "net";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, type HttpOptions, nodeHandler } from "resource-routes/http";

/** Request bodies: forms and JSON into params, bodies parsed by a middleware first, and no wait without a bound. */

const routes = draw((map) => map.resources("posts"));
const seen: ActionContext[] = [];
const controllers: Controllers = {
  posts: {
    create: (ctx: ActionContext) => (seen.push(ctx), { params: ctx.params }),
    update: (ctx: ActionContext) => (seen.push(ctx), { params: ctx.params, action: ctx.route.action }),
    index: () => "index",
  },
};
const errors: unknown[] = [];
const OPTIONS = { onError: (error: unknown) => errors.push(error), bodyTimeout: 1_000 } satisfies HttpOptions;

/** A server on 127.0.0.1 for `listener`, closed after `run`. */
async function serving(listener: http.RequestListener, run: (base: string, port: number) => Promise<void>): Promise<void> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    await run(`http://127.0.0.1:${port}`, port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Sends `head` over a raw socket, then `write` bytes at its pace; resolves with what the server answered and when, or "" after `ms`. */
function rawRequest(port: number, head: string, write: (socket: net.Socket) => void, ms = 25_000): Promise<{ answer: string; after: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer, after: Date.now() - started });
    };
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (/\r\n\r\n/.test(answer)) setTimeout(finish, 50);
    });
    socket.on("close", finish);
    socket.on("error", finish);
    setTimeout(finish, ms).unref();
    socket.write(head);
    write(socket);
  });
}

const json = (body: unknown, method = "POST"): RequestInit => ({
  method,
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

describe("request bodies", function () {
  this.timeout(30_000);
  const handle = fetchHandler(routes, controllers, OPTIONS);
  const request = (path: string, init?: RequestInit) => handle(new Request(`http://app.test${path}`, init));

  beforeEach(() => {
    seen.length = 0;
    errors.length = 0;
  });

  it("a JSON object's keys become params, nested, scalars as text; _method in it counts as a form's", async () => {
    const created = await request("/posts", json({ post: { title: "x", draft: true, views: 3, tags: ["a", null] } }));
    assert.deepStrictEqual(await created.json(), { params: { post: { title: "x", draft: "true", views: "3", tags: ["a", ""] } } });
    const updated = await request("/posts/7", json({ _method: "put", post: { title: "y" } }));
    assert.deepStrictEqual(await updated.json(), { params: { _method: "put", post: { title: "y" }, id: "7" }, action: "update" });
    const vendor = await request("/posts", { method: "POST", body: '{"a":"1"}', headers: { "content-type": "application/vnd.api+json; charset=utf-8" } });
    assert.deepStrictEqual(await vendor.json(), { params: { a: "1" } });
  });

  it("a JSON body that is not an object, or not JSON, is 400 with what was wrong", async () => {
    for (const [body, why] of [
      ["[1,2]", /must be an object of fields, not a list/],
      ['"text"', /not string/],
      ["{nope", /not valid JSON/],
    ] as const) {
      const answer = await request("/posts", json(body));
      assert.strictEqual(answer.status, 400, body);
      assert.match(await answer.text(), why);
    }
    assert.strictEqual(seen.length, 0);
  });

  it("__proto__ and constructor in a JSON body are plain keys: nothing reaches Object.prototype", async () => {
    const answer = await request("/posts", json('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}'));
    assert.strictEqual(answer.status, 200);
    const params = seen[0].params as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(params, "__proto__"));
    assert.deepStrictEqual(Object.getOwnPropertyDescriptor(params, "__proto__")!.value, { polluted: "yes" });
    assert.strictEqual(({} as Record<string, unknown>).polluted, undefined);
  });

  it("JSON nested past 32 levels or past 10,000 values: 400, in time linear in the body", async () => {
    const deep = await request("/posts", json(`${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`));
    assert.strictEqual(deep.status, 400);
    assert.match(await deep.text(), /nested more than 32 levels/);
    const wide = await request("/posts", json(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))));
    assert.strictEqual(wide.status, 400);
    assert.match(await wide.text(), /more than 10000 values/);
  });

  it("a form key nested thousands deep (a[b][c]…): 400, not a plain key", async () => {
    const answer = await request("/posts", {
      method: "POST",
      body: `a${"[b]".repeat(5_000)}=1`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.strictEqual(answer.status, 400);
    assert.match(await answer.text(), /nested more than 32 levels/);
    const query = await request(`/posts?a${"[b]".repeat(40)}=1`);
    assert.strictEqual(query.status, 400);
  });

  it("fetchHandler: a body that stalls is answered 408 once the time limit passes", async () => {
    const stalled = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode("a=1")) }); // never closes
    const answer = await request("/posts", {
      method: "POST",
      body: stalled,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    assert.strictEqual(answer.status, 408);
  });

  it("fetchHandler: a body read before it (bodyUsed) is a 500 at once, not a wait", async () => {
    const used = new Request("http://app.test/posts", json({ a: 1 }));
    await used.text();
    const answer = await handle(used);
    assert.strictEqual(answer.status, 500);
    assert.match(String(errors[0]), /read before this handler/);
  });
});

describe("request bodies over real sockets", function () {
  this.timeout(30_000);

  beforeEach(() => {
    seen.length = 0;
    errors.length = 0;
  });

  it("Express with urlencoded() first: a form POST is answered with the parsed fields (it used to hang)", async () => {
    const app = express();
    app.use(express.urlencoded({ extended: true }));
    app.use(nodeHandler(routes, controllers, OPTIONS));
    await serving(app, async (base) => {
      const answer = await fetch(`${base}/posts`, {
        method: "POST",
        body: "post[title]=x&_method=post",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        signal: AbortSignal.timeout(25_000),
      });
      assert.deepStrictEqual(await answer.json(), { params: { post: { title: "x" }, _method: "post" } });
      const put = await fetch(`${base}/posts/3`, {
        method: "POST",
        body: "_method=put",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        signal: AbortSignal.timeout(25_000),
      });
      assert.strictEqual(((await put.json()) as { action: string }).action, "update");
    });
  });

  it("Express with json() first: req.body is used", async () => {
    const app = express();
    app.use(express.json());
    app.use(nodeHandler(routes, controllers, OPTIONS));
    await serving(app, async (base) => {
      const answer = await fetch(`${base}/posts/9`, { ...json({ post: { title: "t" } }, "PUT"), signal: AbortSignal.timeout(25_000) });
      assert.deepStrictEqual(await answer.json(), { params: { post: { title: "t" }, id: "9" }, action: "update" });
    });
  });

  it("an empty req.body left by a parser that did not read the stream (Express 4's body-parser on another type): the form is read", async () => {
    const handler = nodeHandler(routes, controllers, OPTIONS);
    const emptyBody: http.RequestListener = (req, res) => {
      (req as { body?: unknown }).body = {};
      handler(req, res);
    };
    await serving(emptyBody, async (base) => {
      const answer = await fetch(`${base}/posts`, {
        method: "POST",
        body: "a=1",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        signal: AbortSignal.timeout(25_000),
      });
      assert.deepStrictEqual(await answer.json(), { params: { a: "1" } });
    });
  });

  it("a stream consumed before the handler with nothing parsed: 500 at once, and the server serves others", async () => {
    // A body time limit past the test's own: a handler that waited for the body would fail the test by its timeout.
    const handler = nodeHandler(routes, controllers, { ...OPTIONS, bodyTimeout: 3_600_000 });
    const consumeFirst: http.RequestListener = (req, res) => {
      req.resume();
      req.on("end", () => handler(req, res));
    };
    await serving(consumeFirst, async (base) => {
      const answer = await fetch(`${base}/posts`, { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
      assert.strictEqual(answer.status, 500);
      assert.match(String(errors[0]), /read before this handler/);
      assert.strictEqual(await (await fetch(`${base}/posts`, { signal: AbortSignal.timeout(25_000) })).text(), "index");
    });
  });

  it("a client that stalls: 408 after the time limit; one that sends a byte a second cannot hold the request past it; others are served meanwhile", async () => {
    await serving(nodeHandler(routes, controllers, OPTIONS), async (base, port) => {
      const head = "POST /posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n";
      const stalled = rawRequest(port, head, (socket) => socket.write("a=1"));
      let timer: NodeJS.Timeout | undefined;
      const trickling = rawRequest(port, head, (socket) => {
        timer = setInterval(() => !socket.destroyed && socket.write("b"), 300);
      });
      assert.strictEqual(await (await fetch(`${base}/posts`, { signal: AbortSignal.timeout(25_000) })).text(), "index");
      const [a, b] = await Promise.all([stalled, trickling]);
      clearInterval(timer);
      for (const { answer, after } of [a, b]) {
        assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
        assert.match(answer, /connection: close/i);
        // Not before the limit (a busy machine can only make it later; a request held past it would fail the test by its timeout).
        assert.ok(after >= 900, `answered after ${after} ms`);
      }
    });
  });
});
