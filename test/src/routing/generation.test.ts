import * as assert from "assert";
import { draw, RoutingError } from "resource-routes";

/** Contract §4 helpers: positional values in path order, named values, query strings, URLs, hashes. */
describe("generation", () => {
  const routes = (behaviour: "A" | "B", warn: (m: string) => void = () => undefined) =>
    draw({ behaviour, default_url_options: { host: "example.com" }, warn }, (map) => {
      map.resources("posts", { requirements: { id: /\d+/ } }, (post) => {
        post.resources("comments", { shallow: true });
      });
      map.resource("account");
    });

  it("docs/routing.md examples (B)", () => {
    const h = routes("B").helpers;
    assert.strictEqual(h.post_comments_path(1), "/posts/1/comments");
    assert.strictEqual(h.post_path(1, "xml"), "/posts/1.xml");
    assert.strictEqual(h.posts_path({ page: 2 }), "/posts?page=2");
    assert.strictEqual(h.post_url(1, { host: "h.test" }), "http://h.test/posts/1");
    assert.deepStrictEqual(h.hash_for_post_path({ id: 1 }), { controller: "posts", action: "show", id: 1, use_route: "post", only_path: true });
    assert.deepStrictEqual(h.hash_for_post_url(1), { controller: "posts", action: "show", id: 1, use_route: "post", only_path: false });
  });
  it("A: formatted_ helpers carry the format", () => {
    const h = routes("A").helpers;
    assert.strictEqual(h.formatted_post_path(1, "xml"), "/posts/1.xml");
    assert.strictEqual(h.post_path(1), "/posts/1");
  });
  it("B: formatted_ helpers are deprecated aliases that warn once", () => {
    const warnings: string[] = [];
    const h = routes("B", (m) => warnings.push(m)).helpers;
    assert.strictEqual(h.formatted_post_path(1, "xml"), "/posts/1.xml");
    assert.strictEqual(h.formatted_post_path(2, "json"), "/posts/2.json");
    assert.strictEqual(warnings.length, 1);
    assert.match(warnings[0], /formatted_post_path is deprecated/);
  });
  it("nested and shallow helpers take the parent ids first", () => {
    const h = routes("B").helpers;
    assert.strictEqual(h.new_post_comment_path(4), "/posts/4/comments/new");
    assert.strictEqual(h.comment_path(9), "/comments/9");
    assert.strictEqual(h.edit_comment_path(9, "json"), "/comments/9/edit.json");
  });
  it("named values fill segments by name; other keys become a sorted query string", () => {
    const h = routes("B").helpers;
    assert.strictEqual(
      h.post_comments_path({ post_id: 3, sort: "new", ids: [1, 2], q: "a b&c" }),
      "/posts/3/comments?ids%5B%5D=1&ids%5B%5D=2&q=a+b%26c&sort=new",
    );
  });
  it("a query value that holds itself, nests past 32 levels or makes over 10,000 values is a RoutingError that says so, never a stack overflow", () => {
    const h = routes("B").helpers;
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    let deep: unknown = "x";
    for (let i = 0; i < 5_000; i++) deep = { d: deep };
    let shared: unknown = ["x"];
    for (let i = 0; i < 25; i++) shared = [shared, shared];
    const failure = (value: unknown) => {
      try {
        h.posts_path({ q: value });
      } catch (error) {
        assert.ok(error instanceof RoutingError, String(error));
        return error.message;
      }
      return "generated";
    };
    assert.strictEqual(failure(cyclic), "The query value of q[self] holds itself");
    assert.match(failure(deep), /^The query value of q\[d\]\[d\].* is nested more than 32 levels deep$/);
    assert.strictEqual(failure(shared), "The query string would hold more than 10000 values");
    // A value used twice side by side is no cycle.
    const twice = { x: 1 };
    assert.strictEqual(h.posts_path({ a: twice, b: twice }), "/posts?a%5Bx%5D=1&b%5Bx%5D=1");
  });
  it("objects give their to_param(), else their id", () => {
    const h = routes("B").helpers;
    class Post {
      constructor(readonly id: number) {}
      to_param() {
        return `${this.id}`;
      }
    }
    assert.strictEqual(h.post_path(new Post(12)), "/posts/12");
    assert.strictEqual(
      h.post_comments_path(
        new (class {
          id = 5;
        })(),
      ),
      "/posts/5/comments",
    );
  });
  it("unsafe characters are escaped", () => {
    const tagged = draw({}, (map) => map.resources("tags", { requirements: { id: /[^/]+/ } }));
    assert.strictEqual(tagged.helpers.tag_path("a b?é"), "/tags/a%20b%3F%C3%A9");
  });
  it("fails clearly: missing segment, requirement not met, no host, too many arguments", () => {
    const h = routes("B").helpers;
    assert.throws(
      () => h.post_path(),
      (e: Error) => e instanceof RoutingError && /post_path failed to generate: no value for :id/.test(e.message),
    );
    assert.throws(() => h.post_path("abc"), /:id is "abc", which does not match \/\\d\+\//);
    const noHost = draw({}, (map) => map.resources("posts"));
    assert.throws(() => noHost.helpers.posts_url(), /Missing host to link to/);
    assert.throws(() => h.posts_path(1, 2, 3), /posts_path takes at most 1 positional argument/);
  });
  it("URL options: protocol, port, anchor", () => {
    const h = routes("B").helpers;
    assert.strictEqual(h.account_url({ protocol: "https", port: 8443, anchor: "top" }), "https://example.com:8443/account#top");
  });
  it("the catch-all generates with its default action", () => {
    const catchAll = draw({}, (map) => map.named_route("anything", ":controller/:action/:id"));
    assert.strictEqual(catchAll.helpers.anything_path({ controller: "posts", action: "show", id: 3 }), "/posts/show/3");
    assert.strictEqual(catchAll.helpers.anything_path({ controller: "posts" }), "/posts");
  });
});
