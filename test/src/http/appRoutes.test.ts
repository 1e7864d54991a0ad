import * as assert from "assert";
import express from "express";
import * as http from "http";
import type { AddressInfo } from "net";
import { type AppContext, draw } from "resource-routes";
import { fetchHandler, nodeHandler } from "resource-routes/http";

/**
 * Behaviour C's routes to an application of their own (Rails' Rack endpoints and mounts) served
 * by both adapters over a real socket: what the application is given (its URL below the mount,
 * the mount path, the body the client sent) and how its answer goes out. What each request reaches
 * and what a mounted application is told are checked against Rails 6.1 in the behaviour-C cases.
 */

/** An application that answers with what it was given. */
async function echo(request: Request, context: AppContext): Promise<Response> {
  const body = request.body ? await request.text() : null;
  const given = {
    method: request.method,
    path: new URL(request.url).pathname + new URL(request.url).search,
    mountPath: context.mountPath,
    params: context.params,
    body,
  };
  return new Response(JSON.stringify(given), { headers: { "content-type": "application/json", "set-cookie": "a=1" } });
}

const routes = draw({ behaviour: "C" }, (r) => {
  r.get("jobs/stats", { to: "stats#show" });
  r.mount(echo, { at: "/jobs", as: "jobs" });
  r.scope(":locale", () => r.mount({ fetch: (request: Request) => echo(request, { params: {}, mountPath: "(fetch)" }) }, { at: "/docs", as: "docs" }));
  r.get("health", { to: () => new Response("ok") });
  r.get("broken", { to: () => "not a response" as unknown as Response });
});
const controllers = { stats: { show: () => ({ stats: true }) } };

/** What echo answers. */
interface Told {
  method: string;
  path: string;
  mountPath: string;
  params: Record<string, string>;
  body: string | null;
}

const told = async (response: Response | Promise<Response>): Promise<Told> => (await (await response).json()) as Told;

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("HTTP: behaviour C's routes to an application of their own", () => {
  it("node:http: the application gets the path below the mount, the mount path, the route's values and the body as sent (a form the router read, a stream it did not)", async () => {
    const server = http.createServer(nodeHandler(routes, controllers, { onError: () => undefined }));
    const base = await listening(server);
    try {
      const get = await told(fetch(`${base}/jobs/queues/a?x=1`));
      assert.deepStrictEqual(get, { method: "GET", path: "/queues/a?x=1", mountPath: "/jobs", params: {}, body: null });
      const form = await fetch(`${base}/jobs/retries`, { method: "POST", body: "a=1&b=2", headers: { "content-type": "application/x-www-form-urlencoded" } });
      assert.deepStrictEqual((await told(form)).body, "a=1&b=2");
      // A form's `_method` makes the POST the method it names, as Rack's MethodOverride does before an application sees it.
      const put = await told(
        fetch(`${base}/jobs/retries`, { method: "POST", body: "_method=put", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      );
      assert.deepStrictEqual([put.method, put.body], ["PUT", "_method=put"]);
      const unknown = await told(
        fetch(`${base}/jobs/retries`, { method: "POST", body: "_method=bogus", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      );
      assert.strictEqual(unknown.method, "POST");
      assert.strictEqual(form.headers.get("set-cookie"), "a=1");
      // A body the router does not read (not a form, JSON or multipart) goes to the application as it arrives, whatever its size.
      const large = "x".repeat(3 * 1024 * 1024);
      const raw = await fetch(`${base}/jobs/upload`, { method: "PUT", body: large, headers: { "content-type": "application/octet-stream" } });
      assert.strictEqual((await told(raw)).body?.length, large.length);
      const docs = await told(fetch(`${base}/fr/docs/guide`));
      assert.deepStrictEqual([docs.path, docs.mountPath], ["/guide", "(fetch)"]);
      assert.deepStrictEqual(await (await fetch(`${base}/jobs/stats`)).json(), { stats: true }, "a route before the mount takes its own paths");
      const head = await fetch(`${base}/health`, { method: "HEAD" });
      assert.deepStrictEqual([head.status, await head.text()], [200, ""]);
      assert.strictEqual((await fetch(`${base}/broken`)).status, 500);
    } finally {
      server.close();
    }
  });

  it("Express under app.use('/api', …), and fetchHandler under basePath: the mount path is below the handler's own mount point", async () => {
    const app = express();
    app.use("/api", nodeHandler(routes, controllers));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const below = await told(fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/jobs/busy`));
      assert.deepStrictEqual([below.path, below.mountPath], ["/busy", "/api/jobs"]);
    } finally {
      server.close();
    }
    const handle = fetchHandler(routes, controllers, { basePath: "/api" });
    const fetched = await told(handle(new Request("http://shop.example/api/jobs/busy", { method: "DELETE" })));
    assert.deepStrictEqual([fetched.method, fetched.path, fetched.mountPath], ["DELETE", "/busy", "/api/jobs"]);
    const form = { method: "POST", body: "_method=patch", headers: { "content-type": "application/x-www-form-urlencoded" } };
    const patched = await told(handle(new Request("http://shop.example/api/jobs/busy", form)));
    assert.deepStrictEqual([patched.method, patched.body], ["PATCH", "_method=patch"]);
  });
});
