import * as assert from "assert";
import { AssertionError } from "assert";
import { draw } from "resource-routes";
import { type ActionContext, fetchHandler } from "resource-routes/http";
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
    assertGenerates(routes, "/posts/summary/7", { controller: "posts", action: "summary", id: 7 });
    // A `:controller` segment takes the controllers the routes name, in generation as in recognition (Rails' possible controllers).
    assert.throws(() => routes.generate({ controller: "reports", action: "summary", id: 7 }), /No route matches/);
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
    assert.strictEqual(none.message, '{"controller":"tags","action":"index"} generate no path: No route matches {:controller=>"tags", :action=>"index"}');
  });

  // Each answer here is Rails' own (v2.2.2 for A, v2.3.2 for B, under the routing oracle).
  it("generation from options takes the route that leaves the fewest keys unused, registration order among equals", () => {
    for (const behaviour of ["A", "B"] as const) {
      const set = draw({ behaviour }, (map) => {
        map.resources("messages");
        map.resources("threads");
        map.resources("messages", (message) => message.resources("threads"));
      });
      // A's formatted_messages route takes the format; B's one route has it as its optional segment.
      assertRouting(set, "/messages.xml", { controller: "messages", action: "index", format: "xml" });
      assertGenerates(set, "/messages/1/threads/2", { controller: "threads", action: "show", message_id: "1", id: "2" });
      assertGenerates(set, "/messages/1/threads.xml", { controller: "threads", action: "index", message_id: "1", format: "xml" });
      assert.strictEqual(set.generate({ controller: "messages" }), "/messages", "the action is index when not given");
      assert.strictEqual(set.generate({ controller: "messages", action: "show", id: "1", page: "2" }), "/messages/1?page=2");
      assert.throws(() => set.generate({ controller: "messages", action: "bogus" }), {
        message: 'No route matches {:controller=>"messages", :action=>"bogus"}',
      });
    }
    const equals = draw((map) => {
      map.connect("a/:id", { controller: "x", action: "y" });
      map.named_route("bee", "b/:id", { controller: "x", action: "y" });
      map.connect("c/:id/:page", { controller: "x", action: "y" });
    });
    assert.strictEqual(equals.generate({ controller: "x", action: "y", id: 1 }), "/a/1");
    assert.strictEqual(equals.generate({ controller: "x", action: "y", id: 1, page: 2 }), "/c/1/2");
    assert.strictEqual(equals.generate({ controller: "x", action: "y", id: 1, q: 2 }), "/a/1?q=2");
    assert.strictEqual(equals.generate({ controller: "x", action: "y", id: 1, use_route: "bee" }), "/b/1");
    // Rails crashed on a name no route holds (NoMethodError): a routing error naming it.
    assert.throws(() => equals.generate({ controller: "x", action: "y", id: 1, use_route: "none" }), { message: 'No route named "none" (use_route)' });
  });

  it("assertGenerates fails, as Rails' did, when keys are left over that the expected path does not carry", () => {
    const left = failure(() => assertGenerates(routes, "/posts/1", { controller: "posts", action: "show", id: 1, page: 2 }));
    assert.strictEqual(
      left.message,
      '{"controller":"posts","action":"show","id":1,"page":2} leave keys over: page (the route generates /posts/1?page=2); expected /posts/1',
    );
    assertGenerates(routes, "/posts/1?page=2", { controller: "posts", action: "show", id: 1, page: 2 });
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
