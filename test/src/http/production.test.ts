import * as assert from "assert";
import * as cp from "child_process";
import express from "express";
import * as http from "http";
import type { AddressInfo } from "net";
import * as net from "net";
import * as path from "path";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, csrf, fetchHandler, nodeHandler } from "resource-routes/http";

import { servedByFastify } from "../support/fastify";
import { ROOT } from "../support/fixtures";

/** What real applications send and return, over real sockets: streams, headers, cookies, CSRF, proxies, hosts, formats. */

const routes = draw((map) => {
  map.resources("posts");
  map.resources("exports", { only: ["index", "show"] });
  map.resource("session", { only: ["create", "destroy"] });
});

/** A stream the test drives: each chunk is produced only when the test says so, and the test learns when it is cancelled. */
function drivenStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled!: () => void;
  const cancel = new Promise<void>((resolve) => (cancelled = resolve));
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => cancelled(),
  });
  return { stream, push: (text: string) => controller.enqueue(new TextEncoder().encode(text)), close: () => controller.close(), cancel };
}

let driven = drivenStream();
/** An endless stream of 64 KiB chunks, produced only when pulled: its count shows whether backpressure holds. */
const endless = { produced: 0, cancelled: false };

const seen: ActionContext[] = [];
const controllers: Controllers = {
  exports: {
    index: () => new Response(driven.stream, { headers: { "content-type": "text/event-stream" } }),
    show: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull: (c) => {
            endless.produced++;
            c.enqueue(new Uint8Array(64 * 1024));
          },
          cancel: () => void (endless.cancelled = true),
        }),
      ),
  },
  sessions: {
    create: (ctx: ActionContext) => {
      ctx.cookies.set("remember", "yes; really", { maxAge: 3600 });
      const response = new Response("signed in", { headers: { "content-type": "text/plain" } });
      response.headers.append("set-cookie", "session=abc; Path=/; HttpOnly");
      response.headers.append("set-cookie", "csrf=def; Path=/");
      return response;
    },
    destroy: (ctx: ActionContext) => {
      ctx.cookies.delete("session");
      return { had: ctx.cookies.get("session") ?? null, all: ctx.cookies.all() };
    },
  },
  posts: {
    index: (ctx: ActionContext) => (seen.push(ctx), { format: ctx.format ?? null, url: ctx.urls.posts_url(), full: ctx.url.href }),
    show: (ctx: ActionContext) => ctx.respond(204, "ignored"),
    create: (ctx: ActionContext) => (seen.push(ctx), { post: ctx.params.post ?? null }),
    update: (ctx: ActionContext) => ({ updated: ctx.params.id, method: ctx.method }),
    destroy: () => new Response("gone", { status: 200, headers: { "content-length": "4" } }),
  },
};

async function listen(handler: http.RequestListener | express.Express): Promise<{ base: string; port: number; close: () => Promise<void> }> {
  const server = http.createServer(handler as http.RequestListener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A raw GET whose body is handed over chunk by chunk, for streams. */
function rawGet(port: number, path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get({ host: "127.0.0.1", port, path }, resolve).on("error", reject));
}

const quiet = { onError: (): void => undefined };

describe("serving in production: streamed answers (node:http)", function () {
  this.timeout(30_000);
  let server: Awaited<ReturnType<typeof listen>>;
  before(async () => (server = await listen(nodeHandler(routes, controllers, quiet))));
  after(() => server.close());

  it("a streamed Response reaches the client chunk by chunk: the first before the second is produced", async () => {
    driven = drivenStream();
    const response = await rawGet(server.port, "/exports");
    assert.strictEqual(response.headers["content-type"], "text/event-stream");
    assert.strictEqual(response.headers["content-length"], undefined);
    const chunks: string[] = [];
    let arrived!: () => void;
    response.on("data", (chunk: Buffer) => (chunks.push(chunk.toString()), arrived?.()));
    const next = () => new Promise<void>((resolve) => (arrived = resolve));
    let waiting = next();
    driven.push("data: one\n\n");
    await waiting;
    assert.deepStrictEqual(chunks, ["data: one\n\n"], "the first chunk arrived while the second does not exist yet");
    waiting = next();
    driven.push("data: two\n\n");
    await waiting;
    const ended = new Promise((resolve) => response.on("end", resolve));
    driven.close();
    await ended;
    assert.deepStrictEqual(chunks, ["data: one\n\n", "data: two\n\n"]);
  });

  it("a client that goes away cancels the stream", async () => {
    driven = drivenStream();
    const response = await rawGet(server.port, "/exports");
    driven.push("data: one\n\n");
    await new Promise((resolve) => response.once("data", resolve));
    response.destroy();
    await driven.cancel; // never settles (the test times out) if the server kept reading
  });

  it("an endless stream to a client that does not read: production stops at the socket's buffers, and ends when the client goes", async () => {
    endless.produced = 0;
    endless.cancelled = false;
    const response = await rawGet(server.port, "/exports/1");
    response.pause();
    // Let the server fill what the sockets hold; with backpressure it then stops pulling.
    let before = -1;
    while (before !== endless.produced) {
      before = endless.produced;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const held = endless.produced * 64 * 1024;
    assert.ok(held < 16 * 1024 * 1024, `${held} bytes produced for a client that read none`);
    response.destroy();
    while (!endless.cancelled) await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it("a buffered Response goes out with its length in one piece; 204 and HEAD carry neither body nor length", async () => {
    const gone = await fetch(`${server.base}/posts/1`, { method: "DELETE" });
    assert.deepStrictEqual([gone.status, gone.headers.get("content-length"), await gone.text()], [200, "4", "gone"]);
    const empty = await new Promise<string>((resolve) => {
      http.get({ host: "127.0.0.1", port: server.port, path: "/posts/1" }, (res) => {
        let raw = "";
        res.on("data", (c) => (raw += c));
        res.on("end", () => resolve(`${res.statusCode} ${res.headers["content-length"]} ${res.headers["transfer-encoding"]} [${raw}]`));
      });
    });
    assert.strictEqual(empty, "204 undefined undefined []");
    const head = await fetch(`${server.base}/posts/1`, { method: "HEAD" });
    assert.deepStrictEqual([head.status, head.headers.get("content-length"), await head.text()], [204, null, ""]);
  });
});

describe("serving in production: a client that leaves while the first chunk is flushing (node:http, Express)", function () {
  this.timeout(30_000);
  const feeds = draw((map) => map.resources("feeds", { only: ["index"] }));
  /** A producer that pushes without waiting to be pulled, as a log tail or a timer does: only a cancel stops it. */
  let producer = { produced: 0, cancelled: Promise.resolve() };
  const feedControllers: Controllers = {
    feeds: {
      index: () => {
        let timer: ReturnType<typeof setInterval> | undefined;
        let cancelled!: () => void;
        producer = { produced: 0, cancelled: new Promise<void>((resolve) => (cancelled = resolve)) };
        const body = new ReadableStream<Uint8Array>({
          start: (c) => {
            c.enqueue(new Uint8Array(32 * 1024 * 1024)); // more than the socket takes: the first write waits for a drain
            c.enqueue(new Uint8Array(1));
            timer = setInterval(() => (producer.produced++, c.enqueue(new Uint8Array(64 * 1024))), 5);
          },
          cancel: () => (clearInterval(timer), cancelled()),
        });
        return new Response(body);
      },
    },
  };

  for (const [name, handler] of [
    ["nodeHandler", () => nodeHandler(feeds, feedControllers, quiet)],
    ["Express", () => express().use(nodeHandler(feeds, feedControllers, quiet))],
  ] as const) {
    it(`${name}: the stream is cancelled and the producer stops`, async () => {
      const server = await listen(handler());
      try {
        const socket = net.connect(server.port, "127.0.0.1");
        socket.write("GET /feeds HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        await new Promise((resolve) => socket.once("data", resolve));
        socket.destroy();
        // Never settles (the test times out) if the server kept the stream; the cancel is what stops the producer's timer.
        await producer.cancelled;
      } finally {
        await server.close();
      }
    });
  }
});

describe("serving in production: headers and cookies", function () {
  this.timeout(30_000);

  it("every Set-Cookie of a Response, and the context's own, reach the client on both adapters", async () => {
    const server = await listen(nodeHandler(routes, controllers, quiet));
    const fetched = fetchHandler(routes, controllers, quiet);
    try {
      for (const response of [
        await fetch(`${server.base}/session`, { method: "POST" }),
        await fetched(new Request("http://shop.test/session", { method: "POST" })),
      ]) {
        assert.strictEqual(response.status, 200);
        assert.deepStrictEqual(response.headers.getSetCookie(), [
          "session=abc; Path=/; HttpOnly",
          "csrf=def; Path=/",
          "remember=yes%3B%20really; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax",
        ]);
        assert.strictEqual(await response.text(), "signed in");
      }
    } finally {
      await server.close();
    }
  });

  it("every Set-Cookie reaches the client in order on every adapter: a middleware's, the answer's own, the jar's", async () => {
    const jarred = draw((map) => map.resources("carts", { only: ["index", "show"] }));
    const cartControllers: Controllers = {
      carts: {
        index: (ctx: ActionContext) => {
          ctx.cookies.set("jar", "1");
          return new Response("ok", { headers: { "set-cookie": "own=1" } });
        },
        show: (ctx: ActionContext) => {
          ctx.cookies.set("jar", "2");
          ctx.respond(200, "ok", { "Set-Cookie": "own=2" });
        },
      },
    };
    const jar = (n: number) => `jar=${n}; Path=/; HttpOnly; SameSite=Lax`;
    const app = express();
    app.use((_req, res, next) => (res.cookie("middleware", "x"), next()));
    app.use(nodeHandler(jarred, cartControllers, quiet));
    const viaExpress = await listen(app);
    const viaNode = await listen(nodeHandler(jarred, cartControllers, quiet));
    const fetched = fetchHandler(jarred, cartControllers, quiet);
    try {
      for (const [path, n] of [
        ["/carts", 1],
        ["/carts/7", 2],
      ] as const) {
        const expected = [`own=${n}`, jar(n)];
        assert.deepStrictEqual((await fetch(`${viaExpress.base}${path}`)).headers.getSetCookie(), ["middleware=x; Path=/", ...expected], `Express ${path}`);
        assert.deepStrictEqual((await fetch(`${viaNode.base}${path}`)).headers.getSetCookie(), expected, `nodeHandler ${path}`);
        assert.deepStrictEqual((await fetched(new Request(`http://shop.test${path}`))).headers.getSetCookie(), expected, `fetchHandler ${path}`);
      }
    } finally {
      await viaExpress.close();
      await viaNode.close();
    }
  });

  it("ctx.cookies reads the request's cookies (decoded, the first of a name) and deletes one", async () => {
    const handle = fetchHandler(routes, controllers, quiet);
    const response = await handle(
      new Request("http://shop.test/session", { method: "DELETE", headers: { cookie: "session=a%20b; theme=dark; session=older; __proto__=x" } }),
    );
    assert.deepStrictEqual(await response.json(), { had: "a b", all: { session: "a b", theme: "dark", ["__proto__"]: "x" } });
    assert.deepStrictEqual(response.headers.getSetCookie(), ["session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax"]);
  });

  it("cookies no browser would keep are refused where they are set", async () => {
    const errors: unknown[] = [];
    const bad: Controllers = {
      sessions: {
        create: (ctx: ActionContext) => ctx.cookies.set("bad name", "x"),
        destroy: (ctx: ActionContext) => ctx.cookies.set("tracking", "x", { sameSite: "none" }),
      },
    };
    const handle = fetchHandler(routes, bad, { onError: (error) => errors.push(error) });
    assert.strictEqual((await handle(new Request("http://x/session", { method: "POST" }))).status, 500);
    assert.strictEqual((await handle(new Request("http://x/session", { method: "DELETE" }))).status, 500);
    assert.match(String(errors[0]), /cookie name must be a token/);
    assert.match(String(errors[1]), /sameSite "none" needs secure: true/);
  });
});

describe("serving in production: hooks and answers that cannot be sent never take the process down", function () {
  this.timeout(60_000);

  it("a shared error Response, a Response whose stream fails, and a used one: each answered with the default, the process alive", () => {
    const script = `
      const http = require("http");
      const { draw } = require(${JSON.stringify(path.join(ROOT, "runtime", "out", "index.js"))});
      const { nodeHandler } = require(${JSON.stringify(path.join(ROOT, "runtime", "out", "http", "index.js"))});
      const routes = draw((map) => map.resources("posts", { only: ["index", "show", "create"] }));
      const sorry = new Response("Sorry", { status: 503 });
      const used = new Response("used");
      const failing = () => new Response(new ReadableStream({ pull() { throw new Error("the stream failed"); } }));
      const errors = [];
      const controllers = { posts: {
        index: () => { throw new Error("index exploded"); },
        show: failing,
        create: () => used,
      } };
      const server = http.createServer(nodeHandler(routes, controllers, { error: () => sorry, onError: (e) => errors.push(String(e.message || e)) }));
      server.listen(0, "127.0.0.1", async () => {
        const base = "http://127.0.0.1:" + server.address().port;
        const answers = [];
        for (const [method, path] of [["GET", "/posts"], ["GET", "/posts"], ["GET", "/posts"], ["GET", "/posts/1"], ["POST", "/posts"], ["POST", "/posts"]]) {
          const r = await fetch(base + path, { method });
          answers.push(r.status + " " + (await r.text()));
        }
        // The failed stream's error comes after its answer: waited for (the run's timeout ends a wait that never does).
        while (!(errors.includes("the stream failed") && errors.some((e) => /already read or sent/.test(e)))) await new Promise((resolve) => setTimeout(resolve, 5));
        process.stdout.write(JSON.stringify({ answers, errors }));
        server.close();
      });
    `;
    const run = cp.spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 30_000 });
    assert.strictEqual(run.status, 0, `the process ended: ${run.stderr}`);
    const { answers, errors } = JSON.parse(run.stdout) as { answers: string[]; errors: string[] };
    assert.deepStrictEqual(answers, [
      "503 Sorry",
      "500 Internal Server Error",
      "500 Internal Server Error",
      "500 Internal Server Error",
      "200 used",
      "500 Internal Server Error",
    ]);
    assert.ok(
      errors.some((e) => /already read or sent/.test(e)),
      errors.join("\n"),
    );
    assert.ok(errors.includes("the stream failed"), errors.join("\n"));
  });

  it("fetchHandler: a used Response from a hook gives the default answer, the error to onError", async () => {
    const errors: unknown[] = [];
    const sorry = new Response("Sorry", { status: 503 });
    const handle = fetchHandler(
      routes,
      {
        posts: {
          index: () => {
            throw new Error("x");
          },
        },
      },
      { error: () => sorry, onError: (e) => errors.push(e) },
    );
    const first = await handle(new Request("http://x/posts"));
    assert.deepStrictEqual([first.status, await first.text()], [503, "Sorry"]);
    const second = await handle(new Request("http://x/posts"));
    assert.deepStrictEqual([second.status, await second.text()], [500, "Internal Server Error"]);
    assert.match(String(errors[errors.length - 1]), /already read or sent/);
  });
});

describe("serving in production: bodies and methods", function () {
  this.timeout(30_000);

  it("12,000 file parts are refused before they are parsed (400)", async () => {
    const boundary = "XyZ";
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n\r\n`;
    const body = part.repeat(12_000) + `--${boundary}--\r\n`;
    const handle = fetchHandler(routes, controllers, quiet);
    const response = await handle(
      new Request("http://x/posts", { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } }),
    );
    assert.deepStrictEqual([response.status, await response.text()], [400, "Bad Request: a multipart body of more than 10000 parts"]);
  });

  it("repeated file fields are gathered in order", async () => {
    const form = new FormData();
    for (let i = 0; i < 3000; i++) form.append("photos[]", new File([String(i)], `${i}.txt`));
    const gathered: Controllers = {
      posts: { create: (ctx: ActionContext) => ({ count: (ctx.files["photos[]"] as File[]).length, last: (ctx.files["photos[]"] as File[])[2999].name }) },
    };
    const response = await fetchHandler(routes, gathered, quiet)(new Request("http://x/posts", { method: "POST", body: form }));
    assert.deepStrictEqual(await response.json(), { count: 3000, last: "2999.txt" });
  });

  it("Express's default urlencoded() leaves post[title] flat: it nests as Rails nests it", async () => {
    const app = express();
    app.use(express.urlencoded());
    app.use(nodeHandler(routes, controllers, quiet));
    const server = await listen(app);
    try {
      const response = await fetch(`${server.base}/posts`, {
        method: "POST",
        body: "post[title]=Hello&post[tags][]=a&post[tags][]=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assert.deepStrictEqual(await response.json(), { post: { title: "Hello", tags: ["a", "b"] } });
    } finally {
      await server.close();
    }
  });

  it("_method=patch (any case) reaches update wherever PATCH is on, on both adapters; with patch: false it does not", async () => {
    const server = await listen(nodeHandler(routes, controllers, quiet));
    try {
      for (const value of ["patch", "PATCH", "Patch"]) {
        const response = await fetch(`${server.base}/posts/3`, {
          method: "POST",
          body: `_method=${value}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        assert.deepStrictEqual(await response.json(), { updated: "3", method: "POST" });
      }
    } finally {
      await server.close();
    }
    const fetched = await fetchHandler(routes, controllers, quiet)(new Request("http://x/posts/4?_method=patch", { method: "POST" }));
    assert.deepStrictEqual(await fetched.json(), { updated: "4", method: "POST" });
    const strict = await fetchHandler(routes, controllers, { ...quiet, patch: false })(new Request("http://x/posts/4?_method=patch", { method: "POST" }));
    assert.strictEqual(strict.status, 405);
  });
});

describe("serving in production: CSRF", function () {
  this.timeout(30_000);
  const post = (headers: Record<string, string>, json = false) =>
    new Request("http://shop.test/posts", {
      method: "POST",
      headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded", ...headers },
      body: json ? "{}" : "a=1",
    });

  it("refuses cross-site unsafe requests (forms and JSON) by Origin and Sec-Fetch-Site, lets same-origin and non-browser ones through", async () => {
    const handle = fetchHandler(routes, controllers, { ...quiet, use: [csrf()] });
    const status = async (request: Request) => (await handle(request)).status;
    assert.strictEqual(await status(post({ origin: "https://evil.test" })), 403);
    assert.strictEqual(await status(post({ origin: "https://evil.test" }, true)), 403);
    assert.strictEqual(await status(post({ "sec-fetch-site": "cross-site" })), 403);
    assert.strictEqual(await status(post({ origin: "null" })), 403);
    assert.strictEqual(await status(post({ origin: "http://shop.test" })), 200);
    assert.strictEqual(await status(post({ "sec-fetch-site": "same-origin", origin: "http://shop.test" })), 200);
    assert.strictEqual(await status(post({})), 200, "curl sends neither header");
    assert.strictEqual(await status(new Request("http://shop.test/posts", { headers: { origin: "https://evil.test" } })), 200, "GET changes nothing");
    const refused = await handle(post({ origin: "https://evil.test", accept: "application/json" }, true));
    assert.deepStrictEqual(await refused.json(), { error: "Forbidden: a cross-site POST request (Origin: https://evil.test) is refused", status: 403 });
  });

  it("origin: a string, a list or a function adds trusted origins; over a real socket through nodeHandler", async () => {
    for (const origin of ["https://admin.shop.test", ["https://other.test", "https://admin.shop.test/"], (o: string) => o.endsWith(".shop.test")]) {
      const server = await listen(nodeHandler(routes, controllers, { ...quiet, use: [csrf({ origin })] }));
      try {
        const send = (from: string) =>
          fetch(`${server.base}/posts`, { method: "POST", headers: { origin: from, "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
        assert.strictEqual((await send("https://admin.shop.test")).status, 200);
        assert.strictEqual((await send("https://evil.test")).status, 403);
        assert.strictEqual((await send(server.base)).status, 200, "its own origin");
      } finally {
        await server.close();
      }
    }
  });
});

describe("serving in production: proxies, hosts and formats", function () {
  this.timeout(30_000);
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  afterEach(async () => server?.close());
  const get = (base: string, headers: Record<string, string>, path = "/posts") => fetch(`${base}${path}`, { headers });

  it("trustProxy: the first X-Forwarded-Proto and -Host make _url helpers and ctx.url; off by default", async () => {
    const forwarded = { "x-forwarded-proto": "https, http", "x-forwarded-host": "shop.example, internal:8080" };
    server = await listen(nodeHandler(routes, controllers, { ...quiet, trustProxy: true }));
    assert.deepStrictEqual(await (await get(server.base, forwarded, "/posts.json")).json(), {
      format: "json",
      url: "https://shop.example/posts",
      full: "https://shop.example/posts.json",
    });
    await server.close();
    server = await listen(nodeHandler(routes, controllers, quiet));
    const plain = (await (await get(server.base, forwarded, "/posts.json")).json()) as { url: string };
    assert.strictEqual(plain.url, `${server.base}/posts`);
  });

  it("allowedHosts: any other Host is 400 before recognition; a leading dot takes the names below it", async () => {
    const handle = fetchHandler(routes, controllers, { ...quiet, allowedHosts: ["shop.example", ".cdn.example"] });
    const status = async (url: string) => (await handle(new Request(url))).status;
    assert.strictEqual(await status("http://shop.example/posts"), 200);
    assert.strictEqual(await status("http://shop.example:8080/posts"), 200);
    assert.strictEqual(await status("http://eu.cdn.example/posts"), 200);
    assert.strictEqual(await status("http://cdn.example/posts"), 200);
    assert.strictEqual(await status("http://evil.example/posts"), 400);
    assert.strictEqual(await status("http://evil.example/no/such/route"), 400);
    server = await listen(nodeHandler(routes, controllers, { ...quiet, allowedHosts: ["shop.example"] }));
    const forged = await get(server.base, { "x-forwarded-host": "shop.example" });
    assert.strictEqual(forged.status, 400, "the forwarded host counts only with trustProxy");
    const raw = await new Promise<number | undefined>((resolve) =>
      http.get({ host: "127.0.0.1", port: server!.port, path: "/posts", headers: { host: "shop.example" } }, (res) => (res.resume(), resolve(res.statusCode))),
    );
    assert.strictEqual(raw, 200);
  });

  it("allowedHosts: *.name takes the names below it, an entry with a port that port only; an entry that is no host is refused at once", async () => {
    const handle = fetchHandler(routes, controllers, { ...quiet, allowedHosts: ["*.shop.example", "api.example:8443", "[::1]:3000"] });
    const status = async (url: string) => (await handle(new Request(url))).status;
    assert.strictEqual(await status("http://eu.shop.example/posts"), 200);
    assert.strictEqual(await status("http://a.b.shop.example:81/posts"), 200);
    assert.strictEqual(await status("http://shop.example/posts"), 400);
    assert.strictEqual(await status("http://api.example:8443/posts"), 200);
    assert.strictEqual(await status("http://api.example/posts"), 400);
    assert.strictEqual(await status("http://api.example:8444/posts"), 400);
    assert.strictEqual(await status("http://[::1]:3000/posts"), 200);
    for (const entry of ["https://shop.example", "shop.example/admin", "", "*.", "shop example"]) {
      assert.throws(() => fetchHandler(routes, controllers, { allowedHosts: [entry] }), /allowedHosts: .* is no host/, entry);
    }
  });

  it("allowedHosts' 400 is JSON where the client asks for JSON, as every other failure", async () => {
    const handle = fetchHandler(routes, controllers, { ...quiet, allowedHosts: ["shop.example"] });
    for (const [url, accept] of [
      ["http://evil.example/posts.json", undefined],
      ["http://evil.example/posts", "application/json"],
    ] as const) {
      const answer = await handle(new Request(url, { headers: accept ? { accept } : {} }));
      assert.strictEqual(answer.status, 400);
      assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
      assert.deepStrictEqual(await answer.json(), { error: 'Bad Request: this server does not answer for the host "evil.example"', status: 400 });
    }
    assert.match((await handle(new Request("http://evil.example/posts"))).headers.get("content-type") ?? "", /^text\/plain/);
  });

  it("ctx.format falls back to Accept where the path gives none, for actions and default failures", async () => {
    const handle = fetchHandler(routes, controllers, quiet);
    const format = async (accept: string | undefined, path = "/posts") =>
      ((await (await handle(new Request(`http://x${path}`, { headers: accept ? { accept } : {} }))).json()) as { format: string | null }).format;
    assert.strictEqual(await format("application/json"), "json");
    assert.strictEqual(await format("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), "html");
    assert.strictEqual(await format("application/xml;q=0.5, application/json;q=0.9"), "json");
    assert.strictEqual(await format("*/*"), null);
    assert.strictEqual(await format(undefined), null);
    assert.strictEqual(await format("text/html", "/posts.json"), "json", "the path's format wins");
    const missing = await handle(new Request("http://x/nothing", { headers: { accept: "application/json" } }));
    assert.deepStrictEqual(await missing.json(), { error: 'No route matches "/nothing" with {:method=>:get}', status: 404 });
  });

  it("a basePath equal to Express's mount point is that mount point, not a second prefix", async () => {
    const app = express();
    app.use("/v2", nodeHandler(routes, controllers, { ...quiet, basePath: "/v2" }));
    server = await listen(app);
    const response = await fetch(`${server.base}/v2/posts.json`);
    assert.deepStrictEqual(await response.json(), { format: "json", url: `${server.base}/v2/posts`, full: `${server.base}/v2/posts.json` });
    assert.strictEqual((await fetch(`${server.base}/v2/v2/posts.json`)).status, 404);
  });
});

describe("serving in production: the Fastify 5 recipe of the serving guide", function () {
  this.timeout(30_000);

  it("JSON and form bodies reach the actions; Fastify's own routes go on", async () => {
    const { default: Fastify } = await import("fastify");
    // The recipe, as docs/serving.md shows it.
    const app = Fastify();
    app.get("/health", async () => "ok");
    servedByFastify(app, nodeHandler(routes, controllers, quiet));
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      assert.strictEqual(await (await fetch(`${base}/health`)).text(), "ok");
      const json = await fetch(`${base}/posts`, {
        method: "POST",
        body: JSON.stringify({ post: { title: "From JSON" } }),
        headers: { "content-type": "application/json" },
      });
      assert.deepStrictEqual([json.status, await json.json()], [200, { post: { title: "From JSON" } }]);
      const form = await fetch(`${base}/posts`, {
        method: "POST",
        body: "post[title]=From+a+form",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assert.deepStrictEqual(await form.json(), { post: { title: "From a form" } });
      assert.strictEqual((await fetch(`${base}/posts/1`, { method: "PATCH", body: "{}", headers: { "content-type": "application/json" } })).status, 200);
      assert.strictEqual((await fetch(`${base}/nothing`)).status, 404);
    } finally {
      await app.close();
    }
  });
});
