import * as assert from "assert";
import { draw } from "resource-routes";
import { type Controllers, fetchHandler, nodeHandler } from "resource-routes/http";

import { servedInChromiumForSuite } from "../support/chromium";

/** The routes page and the development 404, driven in a real browser (Debian's Chromium, through playwright-core). */

const routes = draw((map) => {
  map.resources("posts", { member: { publish: "put" } }, (post) => post.resources("comments", { only: ["index"] }));
  map.connect("x<script>alert(1)</script>", { controller: "pages", action: "evil" });
  map.namespace("admin", (admin) => admin.resources("users", { only: ["index"] }));
});
const controllers: Controllers = { posts: { index: () => "posts" } };

describe("the routes page and the development 404, in Chromium", function () {
  this.timeout(120_000);
  const served = servedInChromiumForSuite(() => nodeHandler(routes, controllers, { routesPage: "/_routes", development: true, onError: () => undefined }));

  it("lists every route, and the search narrows them", async () => {
    const page = await served.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("dialog", (dialog) => (errors.push(`a dialog: ${dialog.message()}`), void dialog.dismiss()));
    await page.goto(`${served.base}/_routes`);
    assert.strictEqual(await page.locator("tbody tr").count(), routes.routes.length);
    // A path holding markup is shown as text: no script of its making runs or exists.
    assert.strictEqual(await page.locator("script").count(), 0);
    assert.ok((await page.locator("tbody").innerText()).includes("/x<script>alert(1)</script>"));
    await page.getByLabel("Search", { exact: true }).fill("publish");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=publish/);
    assert.deepStrictEqual(await page.locator("tbody tr td:nth-child(3)").allInnerTexts(), ["/posts/:id/publish.:format"]);
    assert.deepStrictEqual(errors, []);
    await page.close();
  });

  it("the match box shows the route a request reaches, and why each earlier route passed it over", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.base}/_routes`);
    await page.getByLabel("Method").selectOption("PATCH");
    await page.getByLabel("Path").fill("/posts/7");
    await page.getByRole("button", { name: "Match" }).click();
    await page.waitForURL(/path=%2Fposts%2F7/);
    assert.match(await page.locator("p.matched").innerText(), /PATCH \/posts\/7 → posts#update; params \{"id":"7"\}/);
    const reasons = await page.locator(".why li").allInnerTexts();
    assert.match(reasons[0], /^GET \/posts\.:format passed over: the path has 2 segments, the route takes at most 1/);
    // Each route numbered once, by its place in the table: the list's number, not a second one in the text.
    const numbers = await page.locator(".why li").evaluateAll((items) => items.map((item) => (item as unknown as { value: number }).value));
    assert.deepStrictEqual(
      numbers,
      reasons.map((_, i) => i + 1),
    );
    assert.match(reasons[reasons.length - 1], /PUT \/posts\/:id\.:format matched/);
    await page.close();
  });

  it("with development: true, a browser's 404 lists the nearest routes; others get the plain default", async () => {
    const page = await served.browser.newPage();
    const response = await page.goto(`${served.base}/posts/1/coments`);
    assert.strictEqual(response!.status(), 404);
    const nearest = await page.locator("tbody tr td:nth-child(3)").allInnerTexts();
    assert.ok(
      nearest[0].startsWith("/posts/:post_id/comments") || nearest.slice(0, 4).some((p) => p.startsWith("/posts/:post_id/comments")),
      nearest.join(", "),
    );
    assert.ok(
      nearest.every((p) => !p.startsWith("/admin")),
      nearest.join(", "),
    );
    await page.close();
    const api = await fetchHandler(routes, controllers, { development: true })(new Request("http://x/nothing", { headers: { accept: "application/json" } }));
    assert.strictEqual(api!.headers.get("content-type"), "application/json; charset=utf-8");
  });

  it("the page is off unless asked for", async () => {
    const answer = await fetchHandler(routes, controllers)(new Request("http://x/_routes"));
    assert.strictEqual(answer!.status, 404);
  });
});
