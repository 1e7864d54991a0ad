import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, nodeHandler } from "resource-routes/http";

/** Rails 2's catch-all, served: `:controller` matches every controller the application has, as Rails 2 matched app/controllers. */

const routes = draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { only: ["index"] });
  map.connect(":controller/:action/:id");
  map.connect(":controller/:action/:id.:format");
});

// Controllers no route names: an API's, in a namespace, and another.
const controllers: Controllers = {
  posts: { index: () => "posts" },
  "api/feeds": { latest: (ctx: ActionContext) => `feeds ${ctx.params.id ?? "-"} ${ctx.format ?? "-"}` },
  reports: { daily: () => "daily" },
};

describe("serving Rails 2's :controller/:action/:id", () => {
  it("fetchHandler: the catch-all reaches every controller given, not only those the routes name; the route set alone still knows only its own", async () => {
    const handle = fetchHandler(routes, controllers);
    const ask = async (path: string) => {
      const response = (await handle(new Request(`http://app.test${path}`)))!;
      return `${response.status} ${await response.text()}`;
    };
    assert.strictEqual(await ask("/api/feeds/latest/5.json"), "200 feeds 5 json");
    assert.strictEqual(await ask("/reports/daily"), "200 daily");
    assert.strictEqual(await ask("/posts/index"), "200 posts");
    assert.match(await ask("/nothing/daily"), /^404 No route matches "\/nothing\/daily"/);
    assert.throws(() => routes.recognize("GET", "/reports/daily"), /No route matches/);
    // Generation through the served set takes them too.
    assert.strictEqual(routes.withControllers(["reports"]).generate({ controller: "reports", action: "daily" }), "/reports/daily");
    assert.throws(() => routes.generate({ controller: "reports", action: "daily" }), /No route matches/);
  });

  it("nodeHandler over node:http answers the same", async () => {
    const server = http.createServer(nodeHandler(routes, controllers));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/feeds/latest/7`);
      assert.deepStrictEqual([response.status, await response.text()], [200, "feeds 7 -"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
