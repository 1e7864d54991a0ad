import * as assert from "assert";
import fc from "fast-check";
import { draw, RouteSet } from "resource-routes";
import { CharNode } from "resource-routes/internal";

import { build, requestFor, routeSetsWithRequests } from "../support/randomRoutes";
import { runs } from "../support/runs";

/**
 * A static path asked again is answered from the recogniser's table of static paths, without a
 * walk: every such answer must be the walk's (a route set that has answered nothing yet walks).
 */

type Outcome = { route: number; recognition: unknown } | { error: string; allowed?: string[] };

function outcome(routes: RouteSet, method: string, path: string, params: Record<string, unknown> = {}): Outcome {
  try {
    const { recognition, index } = routes.match(method, path, params);
    return { route: index, recognition: JSON.parse(JSON.stringify(recognition)) };
  } catch (error) {
    const e = error as Error & { allowedMethods?: string[] };
    return { error: `${e.name}: ${e.message}`, ...(e.allowedMethods ? { allowed: e.allowedMethods } : {}) };
  }
}

/** Each request's answer from a route set that has already answered every request once, against a fresh one's (a walk). */
function assertWarmEqualsCold(make: () => RouteSet, requests: ReadonlyArray<[string, string, Record<string, unknown>?]>): void {
  const warm = make();
  for (const [method, path, params] of requests) outcome(warm, method, path, params);
  for (const [method, path, params] of requests)
    assert.deepStrictEqual(outcome(warm, method, path, params), outcome(make(), method, path, params), `${method} ${path}`);
}

/** The trie steps a recognition takes (a child looked up by character), counted. */
function trieSteps(run: () => void): number {
  const child = CharNode.prototype.child;
  let steps = 0;
  CharNode.prototype.child = function (this: CharNode<unknown>, code: number) {
    steps++;
    return child.call(this, code);
  };
  try {
    run();
  } finally {
    CharNode.prototype.child = child;
  }
  return steps;
}

/** Every static path of a route set as a request, with and without the slash that ends it. */
function staticRequests(routes: RouteSet): string[] {
  return routes.routes.flatMap((route) =>
    route.segments.every((segment) => segment.every((part) => part.kind === "static")) ? [route.path, `${route.path}/`] : [],
  );
}

const modern = () =>
  draw({ behaviour: "C" }, (r) => {
    r.resources("posts", { constraints: { id: /\d+/ } }, () => {
      r.get("search", { on: "collection" });
      r.put("publish", { on: "member" });
    });
    r.get("photos/:id", { to: "photos#show" });
    r.resources("photos");
    r.scope("(:locale)", { locale: /en|fr/ }, () => r.get("about", { to: "pages#about" }));
    r.get("about", { to: "pages#fallback", as: "fallback" });
    r.get("ping", { to: "health#ping", via: "head", as: "head_ping" });
    r.get("ping", { to: "health#ping" });
    r.mount(() => new Response("jobs"), { at: "/jobs", as: "jobs" });
    r.root("home#index");
  });

describe("static answers", () => {
  it("equal the walk in behaviour C: route order, method classes, HEAD routes, a mount, a parameter ahead of a static path", () => {
    const methods = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"];
    const paths = [
      "/posts",
      "/posts/search",
      "/posts/new",
      "/photos/new",
      "/photos",
      "/about",
      "/en/about",
      "/ping",
      "/jobs",
      "/jobs/x",
      "/",
      "/posts?x=1",
      "/posts/",
    ];
    assertWarmEqualsCold(
      modern,
      methods.flatMap((method) => paths.map((path): [string, string] => [method, path])),
    );
    assertWarmEqualsCold(modern, [
      ["POST", "/posts", { _method: "patch" }],
      ["POST", "/posts", { _method: "delete" }],
      ["POST", "/posts", {}],
    ]);
  });

  it("equal the walk for random route sets and requests (A and B)", () => {
    fc.assert(
      fc.property(routeSetsWithRequests, ([behaviour, declarations, requests]) => {
        const routes = build(behaviour, declarations);
        if (routes.routes.length === 0) return;
        const asked: Array<[string, string, Record<string, unknown>]> = requests.map(([pick, values, bend, method, override]) => [
          method,
          requestFor(routes, pick, values, bend),
          override === undefined ? {} : { _method: override },
        ]);
        for (const path of staticRequests(routes)) for (const method of ["GET", "PUT", "DELETE", "POST"]) asked.push([method, path, {}]);
        assertWarmEqualsCold(() => build(behaviour, declarations), asked);
      }),
      { numRuns: runs(100) },
    );
  });

  it("take no trie step for a static path asked again, and a walk for any other", () => {
    const routes = modern();
    routes.recognize("GET", "/posts/search");
    assert.strictEqual(
      trieSteps(() => routes.recognize("GET", "/posts/search")),
      0,
    );
    // Not its one spelling (a trailing slash, a query): walked each time, with the same answer.
    assert.ok(trieSteps(() => routes.recognize("GET", "/posts/search/")) > 0);
    assert.ok(trieSteps(() => routes.recognize("GET", "/posts/search?page=2")) > 0);
    // A path whose answer holds values is walked each time: `/en/about` is `:locale` and `about`.
    routes.recognize("GET", "/en/about");
    assert.ok(trieSteps(() => routes.recognize("GET", "/en/about")) > 0);
  });

  it("are kept for the route set's static paths only, whatever requests come", () => {
    const routes = modern();
    routes.recognize("GET", "/posts"); // compiled
    const before = trieSteps(() => routes.recognize("GET", "/posts/12345"));
    for (let i = 0; i < 1000; i++) routes.recognize("GET", `/posts/${i}`);
    // A dynamic path is never kept: the thousandth is walked as the first was.
    assert.strictEqual(
      trieSteps(() => routes.recognize("GET", "/posts/12345")),
      before,
    );
  });

  it("are not kept where a route asks the request: its host decides between two routes of one path", () => {
    const routes = draw({ behaviour: "C" }, (r) => {
      r.constraints({ subdomain: "admin" }, () => r.get("dashboard", { to: "admin#dashboard" }));
      r.get("dashboard", { to: "pages#dashboard" });
    });
    const asAdmin = { host: "admin.example.com", protocol: "https" };
    const asWww = { host: "www.example.com", protocol: "https" };
    for (let i = 0; i < 2; i++) {
      assert.strictEqual(routes.recognize("GET", "/dashboard", {}, asAdmin).controller, "admin");
      assert.strictEqual(routes.recognize("GET", "/dashboard", {}, asWww).controller, "pages");
    }
  });
});
