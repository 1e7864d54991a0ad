import * as assert from "assert";
import { draw, redirect, RedirectError } from "resource-routes";
import { fetchHandler } from "resource-routes/http";

/**
 * Behaviour C's redirect routes served (their answers to plain requests are checked against Rails
 * 6.1 in the behaviour-C cases): under a base path, behind a proxy, to HEAD, and when the
 * Location cannot be made. Rails 6.1's Redirect endpoint is the reference for each.
 */

const routes = draw({ behaviour: "C" }, (r) => {
  r.get("stories/:name", { to: redirect("/articles/%{name}") });
  r.get("relative", { to: redirect("elsewhere") });
  r.get("keep", { to: redirect({ path: "/kept" }) });
  r.scope("(:locale)", () => r.get("about", { to: redirect("/%{locale}/info") }));
});

describe("HTTP: behaviour C's redirect routes", () => {
  it("answers with the status, the Location and Rails' short HTML body; HEAD with no body", async () => {
    const handle = fetchHandler(routes, {});
    const response = await handle(new Request("http://shop.example/stories/a%20b"));
    assert.strictEqual(response.status, 301);
    assert.strictEqual(response.headers.get("location"), "http://shop.example/articles/a%20b");
    assert.strictEqual(await response.text(), '<html><body>You are being <a href="http://shop.example/articles/a%20b">redirected</a>.</body></html>');
    const head = await handle(new Request("http://shop.example/stories/x", { method: "HEAD" }));
    assert.deepStrictEqual([head.status, head.headers.get("location"), await head.text()], [301, "http://shop.example/articles/x", ""]);
  });

  it("under a base path: a relative target goes below it (Rails' script name), an absolute path does not", async () => {
    const handle = fetchHandler(routes, {}, { basePath: "/app" });
    const relative = await handle(new Request("http://shop.example/app/relative"));
    assert.strictEqual(relative.headers.get("location"), "http://shop.example/app/elsewhere");
    const absolute = await handle(new Request("http://shop.example/app/stories/x"));
    assert.strictEqual(absolute.headers.get("location"), "http://shop.example/articles/x");
    // The options form keeps the request's path, the base path included, and its query.
    const kept = await handle(new Request("http://shop.example/app/keep?b=2&a=1"));
    assert.strictEqual(kept.headers.get("location"), "http://shop.example/kept?a=1&b=2");
  });

  it("takes the host and scheme a trusted proxy forwards, and only then", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "public.example" };
    const trusting = await fetchHandler(routes, {}, { trustProxy: true })(new Request("http://10.0.0.5:8080/stories/x", { headers: forwarded }));
    assert.strictEqual(trusting.headers.get("location"), "https://public.example/articles/x");
    const plain = await fetchHandler(routes, {})(new Request("http://10.0.0.5:8080/stories/x", { headers: forwarded }));
    assert.strictEqual(plain.headers.get("location"), "http://10.0.0.5:8080/articles/x");
  });

  it("a Location the request cannot make (a value its path does not give) is a server error, and recognize() says why", async () => {
    const errors: unknown[] = [];
    const response = await fetchHandler(routes, {}, { onError: (error) => void errors.push(error) })(new Request("http://shop.example/about"));
    assert.strictEqual(response.status, 500);
    assert.ok(errors[0] instanceof RedirectError);
    assert.throws(() => routes.recognize("GET", "/about"), RedirectError);
    assert.strictEqual(routes.recognize("GET", "/fr/about").redirect?.location, "http://example.org/fr/info");
  });
});
