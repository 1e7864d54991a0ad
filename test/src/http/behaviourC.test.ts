import * as assert from "assert";
import express from "express";
import { Hono } from "hono";
import * as http from "http";
import type { AddressInfo } from "net";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, nodeHandler } from "resource-routes/http";
import { assertRecognizes, assertRouting } from "resource-routes/testing";

import { servedByFastify } from "../support/fastify";

/**
 * Serving a behaviour-C route set as Rails 6.1 routes it: PATCH and PUT both update, a method the
 * path's routes do not take is no route (404, no 405), HEAD is GET's, and a route constrained to a
 * subdomain or a scheme answers only requests to it (the Host header, or a trusted proxy's).
 */

const routes = draw({ behaviour: "C" }, (r) => {
  r.constraints({ subdomain: "api" }, () => {
    r.resources("keys", { only: ["index"] });
  });
  r.resources("posts", { only: ["show", "update"] });
  r.get("secure", { to: "pages#secure", constraints: { protocol: "https://" } });
  // The application's code: a header decides, and the route after it takes the request otherwise.
  r.get("beta", { to: "pages#beta", constraints: (request) => request.header("x-beta") === "1" && request.raw !== undefined });
  r.get("beta", { to: "pages#plain" });
  r.match("calendar", { to: "pages#calendar", via: ["propfind", "mkcalendar"] });
  // A route of HEAD's own after GET's: a HEAD request goes to it, as Rails 6.1 prefers it.
  r.get("status", { to: "pages#status" });
  r.match("status", { to: "pages#probe", via: "head" });
  r.get("photos/:id(-:slug)", { to: "pages#photo" });
});

const controllers: Controllers = {
  keys: { index: (ctx: ActionContext) => ({ keys: true, subdomain: ctx.params.subdomain }) },
  posts: {
    show: (ctx: ActionContext) => ({ id: ctx.params.id }),
    update: (ctx: ActionContext) => ({ updated: ctx.params.id }),
  },
  pages: {
    secure: () => "secure",
    beta: () => "beta",
    plain: () => "plain",
    calendar: () => "calendar",
    status: () => "status",
    probe: (ctx: ActionContext) => ctx.respond(204, undefined, { "x-probe": "1" }),
    photo: (ctx: ActionContext) => ({ id: ctx.params.id, slug: ctx.params.slug ?? null }),
  },
};

const quiet = { onError: () => undefined };

describe("serving behaviour C", () => {
  const handle = fetchHandler(routes, controllers, quiet);
  const ask = (method: string, url: string, headers: Record<string, string> = {}) => handle(new Request(url, { method, headers }));

  it("PATCH and PUT update; a wrong method is a 404, as Rails 6.1 answers it; HEAD is GET's", async () => {
    for (const method of ["PATCH", "PUT"]) assert.deepStrictEqual(await (await ask(method, "http://example.com/posts/4")).json(), { updated: "4" });
    const wrong = await ask("DELETE", "http://example.com/posts/4");
    assert.strictEqual(wrong.status, 404);
    assert.strictEqual(wrong.headers.get("allow"), null);
    assert.strictEqual((await ask("HEAD", "http://example.com/posts/4")).status, 200);
  });

  it("HEAD goes to a route of HEAD's own before GET's; GET to GET's", async () => {
    const head = await ask("HEAD", "http://example.com/status");
    assert.deepStrictEqual([head.status, head.headers.get("x-probe")], [204, "1"]);
    const get = await ask("GET", "http://example.com/status");
    assert.deepStrictEqual([get.status, await get.text()], [200, "status"]);
  });

  it("an optional group inside a segment: the value as Rails' router reads it", async () => {
    assert.deepStrictEqual(await (await ask("GET", "http://example.com/photos/3-hello")).json(), { id: "3-hello", slug: null });
    assert.deepStrictEqual(await (await ask("GET", "http://example.com/photos/3.json")).json(), { id: "3", slug: null });
  });

  it("a subdomain constraint answers only its subdomain; a protocol constraint only its scheme", async () => {
    const api = await ask("GET", "http://api.example.com/keys");
    assert.deepStrictEqual(await api.json(), { keys: true, subdomain: "api" });
    assert.strictEqual((await ask("GET", "http://www.example.com/keys")).status, 404);
    assert.strictEqual((await ask("GET", "https://example.com/secure")).status, 200);
    assert.strictEqual((await ask("GET", "http://example.com/secure")).status, 404);
  });

  it("a route of WebDAV's methods answers them; a method outside Rails 6.1's list is a 405 with no Allow, whatever the path", async () => {
    assert.strictEqual(await (await ask("PROPFIND", "http://example.com/calendar")).text(), "calendar");
    assert.strictEqual((await ask("GET", "http://example.com/calendar")).status, 404);
    for (const path of ["/calendar", "/nowhere"]) {
      const refused = await ask("PURGE", `http://example.com${path}`);
      assert.strictEqual(refused.status, 405);
      assert.strictEqual(refused.headers.get("allow"), null);
    }
    // A form's _method takes Rack's MethodOverride list only: PROPFIND there is not the request's method.
    const form = (body: string) =>
      handle(new Request("http://example.com/calendar", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } }));
    assert.strictEqual((await form("_method=propfind")).status, 404);
    // LINK it takes, and Rails 6.1's request then refuses.
    assert.strictEqual((await form("_method=link")).status, 405);
  });

  it("a constraint of the application's code is asked with the request's headers and the adapter's own request; no means the next route", async () => {
    assert.strictEqual(await (await ask("GET", "http://example.com/beta", { "x-beta": "1" })).text(), "beta");
    assert.strictEqual(await (await ask("GET", "http://example.com/beta")).text(), "plain");
    const server = http.createServer(nodeHandler(routes, controllers, quiet)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const get = (headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/beta", headers }, (res) => {
            let body = "";
            res.on("data", (chunk) => (body += chunk)).on("end", () => resolve(body));
          })
          .on("error", reject);
      });
    try {
      assert.deepStrictEqual([await get({ "X-Beta": "1" }), await get({})], ["beta", "plain"]);
    } finally {
      server.close();
    }
  });

  it("on node:http behind Express, the Host header decides; a proxy's X-Forwarded-Proto only with trustProxy", async () => {
    const serve = async (options: { trustProxy?: boolean }) => {
      const app = express();
      app.use(nodeHandler(routes, controllers, { ...quiet, ...options }));
      const server = http.createServer(app).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as AddressInfo).port;
      const get = (path: string, headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          http.get({ host: "127.0.0.1", port, path, headers }, (res) => (res.resume(), resolve(res.statusCode!))).on("error", reject);
        });
      try {
        return [
          await get("/keys", { host: "api.example.com" }),
          await get("/keys", { host: "example.com" }),
          await get("/secure", { host: "example.com", "x-forwarded-proto": "https" }),
        ];
      } finally {
        server.close();
      }
    };
    assert.deepStrictEqual(await serve({}), [200, 404, 404]);
    assert.deepStrictEqual(await serve({ trustProxy: true }), [200, 404, 200]);
  });

  it("in Fastify 5 (the serving guide's recipe): PATCH updates, a wrong method is a 404, the Host header decides a subdomain", async () => {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    servedByFastify(app, nodeHandler(routes, controllers, quiet));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as AddressInfo).port;
    const ask = (method: string, path: string, host = "example.com") =>
      new Promise<string>((resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port, path, method, headers: { host } }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve(`${res.statusCode} ${res.statusCode === 200 ? body : ""}`.trim()));
        });
        request.on("error", reject).end();
      });
    try {
      assert.deepStrictEqual(
        [await ask("PATCH", "/posts/4"), await ask("DELETE", "/posts/4"), await ask("GET", "/keys", "api.example.com"), await ask("GET", "/keys")],
        ['200 {"updated":"4"}', "404", '200 {"keys":true,"subdomain":"api"}', "404"],
      );
    } finally {
      await app.close();
    }
  });

  it("in Hono, the request's own URL decides a constraint on its subdomain", async () => {
    const app = new Hono();
    app.use(async (c, next) => (await handle(c.req.raw)) ?? next());
    assert.deepStrictEqual(await (await app.request("http://api.example.com/keys")).json(), { keys: true, subdomain: "api" });
    assert.strictEqual((await app.request("http://example.com/keys")).status, 404);
  });

  it("resource-routes/testing: routing asserted in C, a request's host told for its constraints", () => {
    assertRouting(routes, { method: "PATCH", path: "/posts/3" }, { controller: "posts", action: "update", id: "3" });
    assertRecognizes(routes, { path: "/keys", host: "api.example.com" }, { controller: "keys", action: "index", subdomain: "api" });
    assert.throws(() => assertRecognizes(routes, "/keys", { controller: "keys", action: "index" }), /GET \/keys is not recognised: No route matches/);
    assertRecognizes(routes, { path: "/secure", host: "example.com", protocol: "https" }, { controller: "pages", action: "secure", protocol: "https://" });
  });
});
