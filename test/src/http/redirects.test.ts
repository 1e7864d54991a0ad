import * as assert from "assert";
import { draw } from "resource-routes";
import { fetchHandler, type RouteRedirect } from "resource-routes/http";

/** The redirects a handler serves (HttpOptions.redirects): old URLs to the new route's, only where no route is. */

const routes = draw({ behaviour: "B" }, (map) => {
  map.resources("articles", (article) => article.resources("comments", { only: ["index", "create"] }));
});
const controllers = {
  articles: { show: () => "article" },
  comments: { index: () => "comments", create: () => "created" },
};
// As a rename of posts to articles writes them: the segment key renamed with the resource.
const redirects: RouteRedirect[] = [
  {
    verb: "GET",
    from: "/posts/:post_id/comments.:format",
    to: "/articles/:article_id/comments.:format",
    controller: "comments",
    action: "index",
    name: "article_comments",
    status: 301,
  },
  {
    verb: "POST",
    from: "/posts/:post_id/comments.:format",
    to: "/articles/:article_id/comments.:format",
    controller: "comments",
    action: "create",
    name: null,
    status: 308,
  },
  { verb: "GET", from: "/posts/:id.:format", to: "/articles/:id.:format", controller: "articles", action: "show", name: "article", status: 301 },
];

describe("serving redirects", () => {
  const handle = fetchHandler(routes, controllers, { redirects, basePath: "/app" });
  const ask = async (method: string, path: string) => {
    const response = (await handle(new Request(`http://127.0.0.1/app${path}`, { method, redirect: "manual" })))!;
    return `${response.status} ${response.headers.get("location") ?? (await response.text())}`;
  };

  it("sends an old URL to the new route's URL for the same values, renamed keys given by place, its query kept, under basePath", async () => {
    assert.strictEqual(await ask("GET", "/posts/5/comments?page=2"), "301 /app/articles/5/comments?page=2");
    assert.strictEqual(await ask("GET", "/posts/5/comments.json"), "301 /app/articles/5/comments.json");
    // A route with no name: generation from its controller and action; 308 keeps the method.
    assert.strictEqual(await ask("POST", "/posts/5/comments"), "308 /app/articles/5/comments");
    assert.strictEqual(await ask("GET", "/posts/9"), "301 /app/articles/9");
  });

  it("asks only where no route is, and takes only the methods the old route took", async () => {
    assert.strictEqual(await ask("GET", "/articles/5/comments"), "200 comments");
    assert.match(await ask("DELETE", "/posts/9"), /^404 /);
    assert.match(await ask("GET", "/pages/1"), /^404 /);
  });

  it("a Location is always a path of this site: a glob's value that begins with slashes never makes //host", async () => {
    // A root glob that takes GET only: a POST to the old pattern is no route's, so its redirect answers.
    const globs = draw({ behaviour: "B" }, (map) => map.named_route("page", "*path", { controller: "pages", action: "show", conditions: { method: "get" } }));
    const served = fetchHandler(
      globs,
      { pages: { show: () => "page" } },
      {
        redirects: [{ verb: "POST", from: "/old/*path", to: "/*path", controller: "pages", action: "show", name: "page", status: 308 }],
      },
    );
    const locations: string[] = [];
    for (const path of ["/old/x", "/old//evil.example/x", "/old/%2F%2Fevil.example", "/old/%5C%5Cevil.example", "/old/\\\\evil.example"]) {
      const response = (await served(new Request(`http://127.0.0.1${path}`, { method: "POST", redirect: "manual" })))!;
      locations.push(`${response.status} ${response.headers.get("location")}`);
    }
    assert.strictEqual(locations[0], "308 /x");
    for (const location of locations) assert.match(location, /^308 \/(?![/\\])/, locations.join("\n"));
  });

  it("an old pattern the facility refuses is a TypeError when the handler is made", () => {
    assert.throws(
      () => fetchHandler(routes, controllers, { redirects: [{ ...redirects[0], from: 42 as unknown as string }] }),
      (error: Error) => error instanceof TypeError && /^redirects: /.test(error.message),
    );
  });
});
