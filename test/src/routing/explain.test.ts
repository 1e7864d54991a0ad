import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";
import { draw } from "resource-routes";
import { explainRecognition } from "resource-routes/internal";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { ROOT } from "../support/fixtures";

/** "Why does this request go there?": every route up to the one that matched, each with its reason. */

const routes = draw((map) => {
  map.resources("posts", { only: ["index", "show"] });
  map.connect("posts/:id", { controller: "slugs", action: "show", id: /\d+/ });
  map.resources("comments", { requirements: { id: /\d+/ } });
  map.connect(":controller/:action/:id");
});

describe("recognize --explain", () => {
  it("passes over a shorter path, a wrong method and a requirement, then names the route that matched", () => {
    const explained = explainRecognition(routes, "PUT", "/comments/12");
    assert.deepStrictEqual(
      explained.routes.map(({ route, passedOver }) => `${route.verb} ${route.path}: ${passedOver ?? "matched"}`),
      [
        "GET /posts.:format: the path has 2 segments, the route takes at most 1",
        'GET /posts/:id.:format: segment 1: "comments" is not "posts"',
        'ANY /posts/:id: segment 1: "comments" is not "posts"',
        "GET /comments.:format: the path has 2 segments, the route takes at most 1",
        "POST /comments.:format: the path has 2 segments, the route takes at most 1",
        'GET /comments/new.:format: segment 2: "12" is not "new.:format"',
        "GET /comments/:id/edit.:format: the path has 2 segments, the route needs 3",
        "GET /comments/:id.:format: the method is PUT, the route takes GET",
        "PUT /comments/:id.:format: matched",
      ],
    );
    assert.deepStrictEqual(explained.recognition, { route: null, controller: "comments", action: "update", params: { id: "12" } });
    const requirement = explainRecognition(routes, "GET", "/comments/abc");
    assert.strictEqual(
      requirement.routes.find((r) => r.route.path === "/comments/:id.:format" && r.route.verb === "GET")!.passedOver,
      'segment 2: "abc" does not match the requirement /\\d+/ of :id',
    );
    assert.strictEqual(requirement.routes[requirement.routes.length - 1].route.path, "/:controller/:action/:id");
  });

  it("for every request the blog's routes recognise, each route before the match has a reason of its own", () => {
    const blog = loadRoutingFile(fs.readFileSync(path.join(ROOT, "examples", "blog", "routes.ts"), "utf8"), "routes.ts")!.routes;
    const requests = [
      "GET /",
      "GET /articles",
      "POST /articles/search.json",
      "PUT /articles/3/publish",
      "GET /comments/7",
      "DELETE /comments/7",
      "GET /admin/users/12",
      "PUT /admin/users/12/suspend",
      "GET /about",
      "GET /authors/2/articles/new",
      "POST /session",
      "GET /articles/1/cover.xml",
      "DELETE /articles/1/tags/2",
    ];
    for (const line of requests) {
      const [method, p] = line.split(" ");
      const explained = explainRecognition(blog, method, p);
      assert.ok(explained.recognition, line);
      for (const step of explained.routes.slice(0, -1))
        assert.notStrictEqual(step.passedOver, "an earlier route took the request", `${line}: ${step.route.verb} ${step.route.path}`);
    }
  });

  it("behaviour C's optional groups: a route is read by its whole pattern, and a group inside a segment by Journey's token filter as well", () => {
    const grouped = draw({ behaviour: "C" }, (r) => {
      r.get("p(-x)", { to: "p#a" });
      r.scope("(:locale)", { locale: /en|fr/ }, () => r.get("about", { to: "pages#about" }));
      r.get("photos(/:id)", { to: "photos#show" });
      r.get(":anything/about", { to: "other#about" });
    });
    const reasons = (path: string) => explainRecognition(grouped, "GET", path).routes.map(({ passedOver }) => passedOver ?? "matched");
    assert.deepStrictEqual(reasons("/p-x").slice(0, 1), [
      `Rails' router reads "p-x" in pieces between "/", "." and "?", each taken whole by one part of the route: no form of /p(-x)(.:format) takes them so`,
    ]);
    assert.deepStrictEqual(reasons("/de/about"), [
      '"/de/about" does not fit /p(-x)(.:format)',
      '"/de/about" does not fit (/:locale)/about(.:format) with :locale /en|fr/',
      '"/de/about" does not fit /photos(/:id)(.:format)',
      "matched",
    ]);
    assert.deepStrictEqual(reasons("/photos"), [
      '"/photos" does not fit /p(-x)(.:format)',
      '"/photos" does not fit (/:locale)/about(.:format) with :locale /en|fr/',
      "matched",
    ]);
  });

  it("a mount is read as recognition reads it, unanchored: a path that is not its own or below it is passed over with that reason", () => {
    const app = () => new Response("app");
    const mounted = draw({ behaviour: "C" }, (r) => {
      r.mount(app, { at: "/jobs", as: "jobs", via: "get" });
      r.mount(app, { at: "/", as: "all" });
    });
    const reasons = (method: string, path: string) =>
      explainRecognition(mounted, method, path).routes.map(({ route, passedOver }) => `${route.verb} ${route.path}: ${passedOver ?? "matched"}`);
    assert.deepStrictEqual(reasons("GET", "/jobs-x"), ["GET /jobs: matched"]);
    assert.deepStrictEqual(reasons("POST", "/jobs/queues"), ["GET /jobs: the method is POST, the route takes GET", "ANY /: matched"]);
    assert.deepStrictEqual(reasons("GET", "/-x"), [
      "GET /jobs: \"/-x\" is not /jobs or below it (a mount takes its path, then a slash, a word's end or the path's end)",
      "ANY /: \"/-x\" is not / or below it (a mount takes its path, then a slash, a word's end or the path's end)",
    ]);
  });

  it("a HEAD request that a route of HEAD's own takes passes over GET's routes before it, and says why", () => {
    const head = draw({ behaviour: "C" }, (r) => {
      r.get("status", { to: "pages#status" });
      r.match("status", { to: "pages#probe", via: "head" });
    });
    const explained = explainRecognition(head, "HEAD", "/status");
    assert.deepStrictEqual(
      explained.routes.map(({ route, passedOver }) => `${route.verb} ${passedOver ?? "matched"}`),
      ["GET a HEAD request goes to a route that names HEAD first", "HEAD matched"],
    );
    assert.strictEqual(explained.recognition?.action, "probe");
    assert.deepStrictEqual(
      explainRecognition(head, "GET", "/status").routes.map(({ passedOver }) => passedOver ?? "matched"),
      ["matched"],
    );
  });

  it("no route: every route with its reason, the routing error, exit 1; --json has the same", () => {
    const cli = (...args: string[]) =>
      cp.spawnSync(process.execPath, [path.join(ROOT, "server", "bin", "resource-routes.js"), ...args], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
    const file = path.join(ROOT, "examples", "blog", "routes.ts");
    const none = cli("recognize", file, "GET", "/nope/nope/nope/nope", "--explain");
    assert.strictEqual(none.status, 1);
    assert.match(none.stderr, /No route matches "\/nope\/nope\/nope\/nope"/);
    assert.ok(none.stdout.split("\n").filter((l) => l.includes("passed over:")).length > 40);
    const json = JSON.parse(cli("recognize", file, "PUT", "/articles/3/publish", "--explain", "--json").stdout) as {
      explain: Array<{ matched?: boolean; passedOver?: string }>;
      recognition: { action: string };
    };
    assert.strictEqual(json.recognition.action, "publish");
    assert.strictEqual(json.explain.filter((r) => r.matched).length, 1);
    assert.ok(json.explain[json.explain.length - 1].matched);
  });
});
