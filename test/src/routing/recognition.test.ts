import * as assert from "assert";
import { draw, MethodNotAllowed, RoutingError, UnknownHttpMethod } from "resource-routes";

/** Contract §4 recognize(): first match in registration order, methods, _method, formats, requirements. */
describe("recognition", () => {
  const blog = (behaviour: "A" | "B", catchAll = false) =>
    draw({ behaviour }, (map) => {
      map.resources("posts", { member: { mark: ["get", "post"] }, requirements: { id: /\d+/ } }, (post) => {
        post.resources("comments", { shallow: true });
        post.resource("author");
      });
      map.namespace("admin", (admin) => admin.resources("users", { only: ["index", "show"] }));
      map.root({ controller: "home", action: "index" });
      if (catchAll) map.connect(":controller/:action/:id");
    });

  for (const behaviour of ["A", "B"] as const) {
    describe(`behaviour ${behaviour}`, () => {
      const routes = blog(behaviour);
      it("maps each default action by method and path", () => {
        const seen = (m: string, p: string) => {
          const r = routes.recognize(m, p);
          return `${r.controller}#${r.action} ${JSON.stringify(r.params)}`;
        };
        assert.strictEqual(seen("GET", "/posts"), "posts#index {}");
        assert.strictEqual(seen("POST", "/posts"), "posts#create {}");
        assert.strictEqual(seen("GET", "/posts/new"), "posts#new {}");
        assert.strictEqual(seen("GET", "/posts/7/edit"), 'posts#edit {"id":"7"}');
        assert.strictEqual(seen("GET", "/posts/7"), 'posts#show {"id":"7"}');
        assert.strictEqual(seen("PUT", "/posts/7"), 'posts#update {"id":"7"}');
        assert.strictEqual(seen("DELETE", "/posts/7"), 'posts#destroy {"id":"7"}');
        assert.strictEqual(seen("POST", "/posts/7/mark"), 'posts#mark {"id":"7"}');
        assert.strictEqual(seen("GET", "/posts/7/comments"), 'comments#index {"post_id":"7"}');
        assert.strictEqual(seen("GET", "/comments/3"), 'comments#show {"id":"3"}');
        assert.strictEqual(seen("PUT", "/posts/7/author"), 'authors#update {"post_id":"7"}');
        assert.strictEqual(seen("GET", "/admin/users/2"), 'admin/users#show {"id":"2"}');
        assert.strictEqual(seen("GET", "/"), "home#index {}");
      });
      it("answers the name of the route that matched", () => {
        assert.strictEqual(routes.recognize("GET", "/posts/7").route, "post");
        assert.strictEqual(routes.recognize("PUT", "/posts/7").route, null);
        assert.strictEqual(routes.recognize("GET", "/posts/7.xml").route, behaviour === "A" ? "formatted_post" : "post");
      });
      it("recognises .:format", () => {
        assert.deepStrictEqual(routes.recognize("GET", "/posts/7.xml").params, { id: "7", format: "xml" });
        assert.deepStrictEqual(routes.recognize("GET", "/posts.json").params, { format: "json" });
      });
      it("HEAD is answered as GET", () => {
        assert.strictEqual(routes.recognize("HEAD", "/posts/7").action, "show");
      });
      it("_method replaces the method only on POST", () => {
        assert.strictEqual(routes.recognize("POST", "/posts/7", { _method: "put" }).action, "update");
        assert.strictEqual(routes.recognize("POST", "/posts/7", { _method: "DELETE" }).action, "destroy");
        assert.strictEqual(routes.recognize("GET", "/posts/7", { _method: "delete" }).action, "show");
      });
      it("a wrong method is MethodNotAllowed naming the allowed methods", () => {
        assert.throws(
          () => routes.recognize("DELETE", "/posts"),
          (e: Error) => e instanceof MethodNotAllowed && e.message === "Only get and post requests are allowed.",
        );
        assert.throws(
          () => routes.recognize("POST", "/admin/users"),
          (e: Error) => e instanceof MethodNotAllowed && (e as MethodNotAllowed).allowedMethods.join() === "get",
        );
      });
      it("a requirement that does not match fails to route", () => {
        assert.throws(
          () => routes.recognize("GET", "/posts/abc"),
          (e: Error) => e instanceof RoutingError && e.message === 'No route matches "/posts/abc" with {:method=>:get}',
        );
      });
      it("an action left out by only fails to route", () => {
        assert.throws(
          () => routes.recognize("GET", "/admin/users/2/edit"),
          (e: Error) => e instanceof RoutingError && !(e instanceof MethodNotAllowed),
        );
      });
      it("a catch-all route allows what the resource routes refuse", () => {
        const withCatchAll = blog(behaviour, true);
        assert.deepStrictEqual(withCatchAll.recognize("DELETE", "/posts/new"), { route: null, controller: "posts", action: "new", params: {} });
        assert.deepStrictEqual(withCatchAll.recognize("GET", "/comments"), { route: null, controller: "comments", action: "index", params: {} });
        assert.deepStrictEqual(withCatchAll.recognize("GET", "/comments/daily/4"), {
          route: null,
          controller: "comments",
          action: "daily",
          params: { id: "4" },
        });
      });

      it("a :controller segment matches the controllers the route set names, namespaced ones included, longest first", () => {
        const withCatchAll = blog(behaviour, true);
        assert.deepStrictEqual(withCatchAll.recognize("GET", "/admin/users/list/3"), {
          route: null,
          controller: "admin/users",
          action: "list",
          params: { id: "3" },
        });
        assert.throws(() => withCatchAll.recognize("GET", "/reports/daily/4"), RoutingError, "reports is no controller of the route set");
        const threads = draw({ behaviour }, (map) => {
          map.resources("threads", { only: "index" });
          map.namespace("admin", (admin) => admin.resources("threads", { only: "index" }));
          map.connect(":controller/:action/:id");
        });
        assert.deepStrictEqual(threads.recognize("GET", "/admin/threads/show/7"), {
          route: null,
          controller: "admin/threads",
          action: "show",
          params: { id: "7" },
        });
        assert.deepStrictEqual(threads.recognize("GET", "/threads/show/7"), { route: null, controller: "threads", action: "show", params: { id: "7" } });
      });
    });
  }

  it("A: the plain route and its formatted twin; an unknown _method is an error", () => {
    const routes = blog("A");
    assert.throws(
      () => routes.recognize("POST", "/posts/7", { _method: "bogus" }),
      (e: Error) => e instanceof UnknownHttpMethod && /bogus, accepted HTTP methods are get, head, put, post, delete, and options/.test(e.message),
    );
  });
  it("B: an unknown _method is ignored", () => {
    assert.strictEqual(blog("B").recognize("POST", "/posts", { _method: "bogus" }).action, "create");
  });
  for (const behaviour of ["A", "B"] as const) {
    it(`${behaviour}: a request method outside Rails' list is refused before routing (Request#request_method raised UnknownHttpMethod)`, () => {
      for (const method of ["BACON", "PATCH", "TRACE"]) {
        assert.throws(
          () => blog(behaviour).recognize(method, "/posts"),
          (e: Error) => e instanceof UnknownHttpMethod && e.message === `${method}, accepted HTTP methods are get, head, put, post, delete, and options`,
        );
      }
    });
  }
  it("the first route in registration order wins", () => {
    const routes = draw({}, (map) => {
      map.connect("posts/:slug", { controller: "slugs", action: "show" });
      map.resources("posts");
    });
    assert.strictEqual(routes.recognize("GET", "/posts/new").controller, "slugs");
  });
  it("a requirement's flags count: /abc/ and /abc/i on one segment are two tests, whichever routes they sit in (Rails 2.3 kept the flags: Regexp#to_s)", () => {
    const routes = draw({}, (map) => {
      map.connect("a/:id", { controller: "exact", action: "show", requirements: { id: /abc/ } });
      map.connect("a/:id", { controller: "folded", action: "show", requirements: { id: /abc/i } });
      map.connect("b/:id", { controller: "folded", action: "index", requirements: { id: /abc/i } });
      map.connect("b/:id", { controller: "exact", action: "index", requirements: { id: /abc/ } });
    });
    assert.deepStrictEqual(
      ["/a/abc", "/a/ABC", "/b/abc", "/b/ABC"].map((path) => `${routes.recognize("GET", path).controller}#${routes.recognize("GET", path).action}`),
      ["exact#show", "folded#show", "folded#index", "folded#index"],
    );
    assert.throws(
      () => draw({}, (map) => map.connect("c/:id", { controller: "exact", action: "show", requirements: { id: /abc/ } })).recognize("GET", "/c/ABC"),
      RoutingError,
    );
  });
  it("values are percent-decoded; the query string is not part of the path", () => {
    const routes = draw({}, (map) => map.resources("tags", { requirements: { id: /[^/]+/ } }));
    assert.deepStrictEqual(routes.recognize("GET", "/tags/caf%C3%A9?page=2").params, { id: "café" });
  });
  it("a glob never matches an empty rest (`/files//`, found by the matcher's property test), and MethodNotAllowed lists methods in route order", () => {
    const files = draw({}, (map) => map.connect("files/*path", { controller: "files", action: "show" }));
    assert.throws(() => files.recognize("GET", "/files//"), RoutingError);
    assert.deepStrictEqual(files.recognize("GET", "/files/a").params, { path: "a" });
    const ordered = draw({}, (map) => {
      map.connect("x", { controller: "c", action: "a", conditions: { method: "put" } });
      map.connect("x", { controller: "c", action: "b", conditions: { method: "delete" } });
      map.connect("x", { controller: "c", action: "c", conditions: { method: "put" } });
    });
    assert.throws(
      () => ordered.recognize("GET", "/x"),
      (e: MethodNotAllowed) => e instanceof MethodNotAllowed && JSON.stringify(e.allowedMethods) === JSON.stringify(["put", "delete"]),
    );
  });
  it("fixed parameters and glob segments", () => {
    const routes = draw({}, (map) => map.connect("files/*path", { controller: "files", action: "show", locale: "en" }));
    assert.deepStrictEqual(routes.recognize("GET", "/files/a/b/c.txt").params, { path: "a/b/c.txt", locale: "en" });
  });
});

describe("recognition: the original's optional separators", () => {
  // Each answer as Rails 2.2.2 (A) and 2.3.2 (B) gave it, asked of their own routing code (the oracle).
  it("a route ending in a bare .:format (an empty new segment): A takes the format after the slash only; B the slash or the format, never both", () => {
    const analysis = (behaviour: "A" | "B") =>
      draw({ behaviour }, (map) => {
        map.named_route("analysis", "analysis/.:format", { controller: "analyses", action: "new" });
        map.connect("photos/:id/.:format", { controller: "photos", action: "show" });
      });
    const answers = (behaviour: "A" | "B") =>
      ["/analysis.json", "/analysis/.json", "/analysis", "/analysis/", "/photos/3.json", "/photos/3/.json", "/photos/3", "/photos/3/"].map((path) => {
        try {
          const { action, params } = analysis(behaviour).recognize("GET", path);
          return `${path} ${action} ${JSON.stringify(params)}`;
        } catch (error) {
          assert.ok(error instanceof RoutingError);
          return `${path} none`;
        }
      });
    assert.deepStrictEqual(answers("A"), [
      "/analysis.json none",
      '/analysis/.json new {"format":"json"}',
      "/analysis none",
      "/analysis/ none",
      "/photos/3.json none",
      '/photos/3/.json show {"id":"3","format":"json"}',
      "/photos/3 none",
      "/photos/3/ none",
    ]);
    assert.deepStrictEqual(answers("B"), [
      '/analysis.json new {"format":"json"}',
      "/analysis/.json none",
      "/analysis new {}",
      "/analysis/ new {}",
      '/photos/3.json show {"id":"3","format":"json"}',
      "/photos/3/.json none",
      '/photos/3 show {"id":"3"}',
      '/photos/3/ show {"id":"3"}',
    ]);
  });

  it("resources with an empty new path name: in B the new route takes /analysis.json where it comes before index, and /analysis/.json is no route", () => {
    const routes = (behaviour: "A" | "B") => draw({ behaviour }, (map) => map.resources("analysis", { path_names: { new: "" }, only: ["new", "show"] }));
    assert.throws(() => routes("A").recognize("GET", "/analysis.json"), RoutingError);
    assert.strictEqual(routes("A").recognize("GET", "/analysis/.json").action, "new");
    assert.deepStrictEqual(routes("B").recognize("GET", "/analysis.json"), {
      route: "new_analysi",
      controller: "analysis",
      action: "new",
      params: { format: "json" },
    });
    assert.throws(() => routes("B").recognize("GET", "/analysis/.json"), RoutingError);
  });

  it("A, resources_path_names without new, has_one under as: GET /items/11/index.json reaches show, not the formatted new route", () => {
    const routes = draw({ behaviour: "A", resources_path_names: { edit: "e" } }, (map) => map.resources("products", { as: "items", has_one: "index" }));
    assert.deepStrictEqual(routes.recognize("GET", "/items/11/index.json"), {
      route: null,
      controller: "indices",
      action: "show",
      params: { product_id: "11", format: "json" },
    });
    assert.strictEqual(routes.recognize("GET", "/items/11/index/.json").action, "new");
  });

  it("a wrong method on a resource path falls through to a later catch-all whose :id is optional before the format (B)", () => {
    const routes = draw({ behaviour: "B" }, (map) => {
      map.resources("posts", { only: ["index", "show"] });
      map.connect(":controller/:action/:id.:format");
    });
    assert.deepStrictEqual(routes.recognize("PUT", "/posts"), { route: null, controller: "posts", action: "index", params: {} });
    assert.deepStrictEqual(routes.recognize("PUT", "/posts/publish"), { route: null, controller: "posts", action: "publish", params: {} });
    assert.deepStrictEqual(routes.recognize("POST", "/posts/publish/3.json"), {
      route: null,
      controller: "posts",
      action: "publish",
      params: { id: "3", format: "json" },
    });
    assert.deepStrictEqual(routes.recognize("GET", "/posts/3"), { route: "post", controller: "posts", action: "show", params: { id: "3" } });
  });
});

describe("recognition: percent-decoding", () => {
  it("a glob's segments are decoded one by one: a malformed escape keeps only its own segment as it was", () => {
    const routes = draw({}, (map) => map.connect("files/*path", { controller: "files", action: "show" }));
    assert.deepStrictEqual(routes.recognize("GET", "/files/a%20b/%E0%A4%A/c%2Fd").params, { path: "a b/%E0%A4%A/c/d" });
  });
});
