import * as assert from "assert";
import { AssertionError } from "assert";
import { draw } from "resource-routes";
import { fetchHandler, type ActionContext } from "resource-routes/http";
import { assertGenerates, assertRecognizes, assertRouting, request } from "resource-routes/testing";

/** resource-routes/testing: Rails 2's routing assertions, and request() in process. */

const routes = draw((map) => {
  map.resources("posts", { member: { publish: "put" } }, (post) => post.resources("comments", { only: ["show"] }));
  map.connect(":controller/:action/:id");
});

/** The AssertionError `run` throws. */
function failure(run: () => void): AssertionError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof AssertionError, `not an AssertionError: ${error}`);
    return error;
  }
  assert.fail("no assertion failed");
}

describe("resource-routes/testing", () => {
  it("assertRecognizes passes on the route's controller, action and params", () => {
    assertRecognizes(routes, { method: "PUT", path: "/posts/1/publish" }, { controller: "posts", action: "publish", id: "1" });
    assertRecognizes(routes, "/posts/1/comments/2.json", { controller: "comments", action: "show", post_id: "1", id: 2, format: "json" });
  });

  it("assertRecognizes fails with the request and a diff of what was recognised", () => {
    const wrong = failure(() => assertRecognizes(routes, { method: "GET", path: "/posts/1" }, { controller: "posts", action: "edit", id: "1" }));
    assert.match(wrong.message, /^GET \/posts\/1 is recognised otherwise than expected\n/);
    assert.match(wrong.message, /\+ +action: 'show'/);
    assert.match(wrong.message, /- +action: 'edit'/);
    const none = failure(() => assertRecognizes(routes, { method: "DELETE", path: "/nothing/here/at/all" }, { controller: "x", action: "y" }));
    assert.strictEqual(none.message, 'DELETE /nothing/here/at/all is not recognised: No route matches "/nothing/here/at/all" with {:method=>:delete}');
  });

  it("assertGenerates finds the first route that generates the options, as url_for did", () => {
    assertGenerates(routes, "/posts/1/publish", { controller: "posts", action: "publish", id: 1 });
    assertGenerates(routes, "/posts", { controller: "posts", action: "index" });
    assertGenerates(routes, "/posts?page=2", { controller: "posts", action: "index", page: 2 });
    assertGenerates(routes, "/reports/summary/7", { controller: "reports", action: "summary", id: 7 });
  });

  it("assertGenerates fails with both paths, or says no route generates the options", () => {
    const wrong = failure(() => assertGenerates(routes, "/posts/2", { controller: "posts", action: "show", id: 1 }));
    assert.match(wrong.message, /generates another path/);
    assert.match(wrong.message, /'\/posts\/1'/);
    assert.match(wrong.message, /'\/posts\/2'/);
    const none = failure(() =>
      assertGenerates(
        draw((m) => m.resources("posts")),
        "/x",
        { controller: "tags", action: "index" },
      ),
    );
    assert.strictEqual(none.message, 'no route generates {"controller":"tags","action":"index"}');
  });

  it("assertRecognizes compares an expected __proto__ key (from JSON.parse) as a key, and quotes at most 200 characters of a path", () => {
    const expected = JSON.parse('{"controller":"posts","action":"show","id":"1","__proto__":"x"}') as { controller: string; action: string };
    const extra = failure(() => assertRecognizes(routes, "/posts/1", expected));
    assert.match(extra.message, /recognised otherwise/);
    const long = `/${"a".repeat(5000)}`;
    const missing = failure(() => assertRecognizes(routes, long, { controller: "posts", action: "index" }));
    assert.ok(missing.message.startsWith(`GET /${"a".repeat(199)}… is not recognised`), missing.message.slice(0, 300));
    assert.ok(missing.message.length < 1000, `${missing.message.length} characters`);
  });

  it("assertRouting checks both ways", () => {
    assertRouting(routes, { method: "GET", path: "/posts/1/comments/2" }, { controller: "comments", action: "show", post_id: "1", id: "2" });
    const fails = failure(() => assertRouting(routes, { method: "GET", path: "/posts/1" }, { controller: "posts", action: "show", id: "2" }));
    assert.match(fails.message, /recognised otherwise/);
  });

  it("request() sends a form, JSON or headers to a fetch handler in process and gives its Response", async () => {
    const handle = fetchHandler(routes, {
      posts: {
        create: (ctx: ActionContext) => ({ params: ctx.params, accept: (ctx.request as Request).headers.get("accept") }),
        update: (ctx: ActionContext) => ({ params: ctx.params }),
      },
    });
    assert.deepStrictEqual(await (await request(handle, "POST /posts", { form: { "post[title]": "x" }, headers: { accept: "application/json" } })).json(), {
      params: { post: { title: "x" } },
      accept: "application/json",
    });
    assert.deepStrictEqual(await (await request(handle, "PUT /posts/3?draft=1", { json: { post: { title: "y" } } })).json(), {
      params: { draft: "1", post: { title: "y" }, id: "3" },
    });
    assert.strictEqual((await request(handle, "GET /nothing/at/all/here")).status, 404);
    await assert.rejects(request(handle, "/posts"), /request\(\) takes "METHOD \/path"/);
  });
});
