import { serve } from "@hono/node-server";
import * as assert from "assert";
import express from "express";
import * as http from "http";
import type { AddressInfo } from "net";
import * as net from "net";
import { draw } from "resource-routes";
import { type ActionContext, csrf, fetchHandler, type HttpOptions, nodeHandler } from "resource-routes/http";

import { servedByFastify } from "../support/fastify";

/**
 * The request target is a path, never an authority: `POST //evil.example/x` and the absolute-form
 * `POST http://evil.example/x` are requests to this server, whose origin csrf(), `ctx.url`, `_url`
 * helpers and redirects take from the Host header (or a trusted proxy), on every adapter.
 */

const routes = draw((map) => {
  map.resources("posts");
  map.connect("*path", { controller: "pages", action: "create" });
});

const controllers = {
  pages: {
    create: (ctx: ActionContext) => ctx.redirect(`${ctx.url.origin}${ctx.url.pathname}/done`),
  },
  posts: { create: (ctx: ActionContext) => ({ origin: ctx.url.origin, postsUrl: ctx.urls.posts_url() }) },
};

interface Server {
  port: number;
  close(): Promise<void>;
}

async function nodeServer(listener: http.RequestListener): Promise<Server> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const adapters: Record<string, (options: HttpOptions) => Promise<Server>> = {
  nodeHandler: (options) => nodeServer(nodeHandler(routes, controllers, options) as http.RequestListener),
  "Express 5": (options) => {
    const app = express();
    app.use(nodeHandler(routes, controllers, options));
    return nodeServer(app as unknown as http.RequestListener);
  },
  "Fastify 5": async (options) => {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    servedByFastify(app, nodeHandler(routes, controllers, options));
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    return { port: Number(new URL(base).port), close: () => app.close() };
  },
  "fetchHandler under Hono's node server": async (options) => {
    const handle = fetchHandler(routes, controllers, options);
    const server = await new Promise<http.Server>((resolve) => {
      const started: http.Server = serve({ fetch: handle, port: 0, hostname: "127.0.0.1" }, () => resolve(started)) as http.Server;
    });
    return {
      port: (server.address() as AddressInfo).port,
      close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    };
  },
};

/** One request written as bytes: the target exactly as given, which fetch() and http.request would normalise. */
function raw(port: number, method: string, target: string, headers: Record<string, string>): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close", "Content-Length: 0"];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.end(`${lines.join("\r\n")}\r\n\r\n`);
    let text = "";
    socket.setEncoding("latin1");
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const split = text.indexOf("\r\n\r\n");
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

const crossSite = { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" };

for (const [name, start] of Object.entries(adapters)) {
  describe(`HTTP: the request target is a path (${name})`, function () {
    this.timeout(30_000);

    for (const options of [{}, { allowedHosts: ["127.0.0.1"] }]) {
      const label = "allowedHosts" in options ? " with allowedHosts" : "";
      it(`csrf() refuses a cross-site POST whose target begins with // or names another authority${label}`, async () => {
        const server = await start({ ...options, use: [csrf()], onError: () => undefined });
        try {
          for (const target of ["//evil.example/anything", "//3405803781/posts", "http://evil.example/anything", "http://evil.example//evil.example/x"]) {
            const answer = await raw(server.port, "POST", target, crossSite);
            assert.strictEqual(answer.status, 403, `${target}: ${answer.status} ${answer.body}`);
          }
          // The same request from the server's own pages passes: its origin is the Host header's.
          const own = await raw(server.port, "POST", "//evil.example/anything", { Origin: `http://127.0.0.1:${server.port}`, "Sec-Fetch-Site": "same-origin" });
          assert.strictEqual(own.status, 302, own.body);
        } finally {
          await server.close();
        }
      });
    }

    it("ctx.url, _url helpers and redirects keep the server's host for a target beginning with //", async () => {
      const server = await start({ onError: () => undefined });
      try {
        const answer = await raw(server.port, "POST", "//evil.example/anything", {});
        const host = `127.0.0.1:${server.port}`;
        assert.match(
          answer.headers,
          new RegExp(`\\r\\nlocation: http://${host.replace(/\./g, "\\.")}//evil\\.example/anything/done\\r\\n`, "i"),
          answer.headers,
        );
        const posts = await raw(server.port, "POST", "http://evil.example/posts", {});
        assert.deepStrictEqual(JSON.parse(posts.body), { origin: `http://${host}`, postsUrl: `http://${host}/posts` });
      } finally {
        await server.close();
      }
    });
  });
}

describe("HTTP: the request's host as the helpers and ctx.url see it", () => {
  it("a Host header no host may hold reaches neither ctx.url nor the _url helpers", async () => {
    const handle = fetchHandler(routes, controllers);
    const answer = await handle(new Request("http://app.test/posts", { method: "POST", headers: { host: "evil.com/x?" } }));
    assert.deepStrictEqual(await answer.json(), { origin: "http://localhost", postsUrl: "http://localhost/posts" });
  });
});
