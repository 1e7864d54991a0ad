// The blog's routing tests, as Rails' functional tests wrote them: `npm test` runs them.
import { fetchHandler } from "resource-routes/http";
import { assertGenerates, assertRecognizes, assertRouting, request } from "resource-routes/testing";
import * as assert from "node:assert";
import { controllers } from "../controllers.generated";
import routes from "../routes";

describe("the blog's routes", () => {
  it("articles and their members", () => {
    assertRouting(routes, { method: "GET", path: "/articles" }, { controller: "articles", action: "index" });
    assertRouting(routes, { method: "PUT", path: "/articles/1/publish" }, { controller: "articles", action: "publish", id: "1" });
    assertRecognizes(routes, { method: "GET", path: "/articles/feed.json" }, { controller: "articles", action: "feed", format: "json" });
    assertGenerates(routes, "/articles/1/comments", { controller: "comments", action: "index", article_id: 1 });
  });

  it("shallow comments, admin users with numeric ids, the pages", () => {
    assertRouting(routes, { method: "PUT", path: "/comments/5/approve" }, { controller: "comments", action: "approve", id: "5" });
    assertRecognizes(routes, { method: "PUT", path: "/admin/users/7/suspend" }, { controller: "admin/users", action: "suspend", id: "7" });
    assert.throws(() => assertRecognizes(routes, "/admin/users/seven", { controller: "admin/users", action: "show", id: "seven" }));
    assertRouting(routes, "/about", { controller: "pages", action: "about" });
  });
});

describe("the blog served in process", () => {
  const handle = fetchHandler(routes, controllers);

  it("answers a JSON client and a form alike, and a filter answers 404 for a missing article", async () => {
    const created = await request(handle, "POST /articles.json", { json: { article: { title: "From JSON" } } });
    assert.strictEqual(created.status, 303);
    const fromForm = await request(handle, "POST /articles", { form: { "article[title]": "From a form" } });
    assert.strictEqual(fromForm.status, 303);
    const titles = ((await (await request(handle, "GET /articles.json")).json()) as Array<{ title: string }>).map((a) => a.title);
    assert.ok(titles.includes("From JSON") && titles.includes("From a form"), titles.join(", "));
    const missing = await request(handle, "GET /articles/999.json");
    assert.deepStrictEqual([missing.status, await missing.json()], [404, { error: "no such article" }]);
  });
});
