import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { type ActionContext, controllerFile, fetchHandler, loadControllers, nodeHandler } from "resource-routes/http";

/** Requests that try to leave the controllers folder or to write headers of their own. */

describe("HTTP: requests that try to reach outside the controllers folder", function () {
  this.timeout(30_000);
  let root: string;
  const flag = "__resourceRoutesSecretLoaded";

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "rr-redteam-"));
    fs.mkdirSync(path.join(root, "app", "controllers"), { recursive: true });
    fs.writeFileSync(path.join(root, "app", "controllers", "posts.js"), `exports.index = () => "posts";\n`);
    // A module beside the folder whose loading would show: it must never be imported.
    fs.writeFileSync(path.join(root, "app", "secret.js"), `globalThis.${flag} = true;\nexports.index = () => "secret";\n`);
    fs.writeFileSync(path.join(root, "secret.js"), `globalThis.${flag} = true;\nexports.index = () => "secret";\n`);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const hostile = [
    "..",
    "../secret",
    "..%2fsecret",
    "%2e%2e%2fsecret",
    "%2e%2e/secret",
    "..%5csecret",
    "..\\secret",
    "posts%00",
    "%2fetc%2fpasswd",
    "app/../secret",
    "C:%5cWindows",
  ];

  it("through a :controller catch-all, every hostile controller is a 404 (or 400), and no module outside the folder is loaded", async () => {
    const routes = draw((map) => {
      map.connect(":controller/:action");
      map.connect(":controller/:action/:id");
    });
    const controllers = await loadControllers(routes, path.join(root, "app", "controllers"));
    const handle = fetchHandler(routes, { ...controllers, posts: { index: () => "posts" } }, { onError: () => undefined });
    assert.strictEqual(await (await handle(new Request("http://app.test/posts/index"))).text(), "posts");
    for (const name of hostile) {
      for (const target of [`/${name}/index`, `/${name}/index/1`]) {
        const answer = await handle(new Request(`http://app.test${target}`));
        assert.ok(answer.status === 404 || answer.status === 400, `${target}: ${answer.status}`);
        assert.notStrictEqual(await answer.text(), "secret");
      }
      // A controller in the query or a form is a param like any other: the path's route decides.
      const form = { method: "POST", body: `controller=${name}`, headers: { "content-type": "application/x-www-form-urlencoded" } };
      for (const answer of [
        await handle(new Request(`http://app.test/posts/index?controller=${name}`)),
        await handle(new Request("http://app.test/posts/index", form)),
      ]) {
        assert.strictEqual(await answer.text(), "posts");
      }
    }
    assert.strictEqual((globalThis as Record<string, unknown>)[flag], undefined);
  });

  it("controllerFile never names a file outside its folder, whatever the name", () => {
    const folder = path.join(root, "app", "controllers");
    for (const name of ["../secret", "..", "./../secret", "posts/../../secret", "..\\secret", "/abs", "posts\0", "C:\\secret", "a//b", ""]) {
      assert.strictEqual(controllerFile(folder, name), undefined, JSON.stringify(name));
    }
    assert.strictEqual(controllerFile(folder, "posts"), path.join(folder, "posts.js"));
  });

  it("a routing file whose controller names leave the folder loads none of them", async () => {
    const routes = draw((map) => {
      map.resources("posts");
      map.connect("x", { controller: "../secret", action: "index" });
      map.connect("y", { controller: "../../secret", action: "index" });
    });
    const controllers = await loadControllers(routes, path.join(root, "app", "controllers"));
    assert.deepStrictEqual(Object.keys(controllers), ["posts"]);
    assert.strictEqual((globalThis as Record<string, unknown>)[flag], undefined);
  });
});

describe("HTTP: headers built from request values", function () {
  this.timeout(30_000);
  const routes = draw((map) => map.resources("posts"));
  const errors: unknown[] = [];
  const controllers = {
    posts: {
      // An action that trusts a param in a header: CR/LF in it must never become a header of the client's making.
      show: (ctx: ActionContext) => ctx.respond(302, null, { Location: `/posts/${ctx.params.id as string}` }),
    },
  };
  const injected = encodeURIComponent("1\r\nSet-Cookie: session=stolen");

  it("fetchHandler: a header value holding CR/LF is a 500, never a split header", async () => {
    errors.length = 0;
    const answer = await fetchHandler(routes, controllers, { onError: (e) => errors.push(e) })(new Request(`http://app.test/posts/${injected}`));
    assert.strictEqual(answer.status, 500);
    assert.strictEqual(answer.headers.get("set-cookie"), null);
    assert.strictEqual(errors.length, 1);
  });

  it("nodeHandler: the same over a real socket, and the server goes on", async () => {
    errors.length = 0;
    const server = http.createServer(nodeHandler(routes, controllers, { onError: (e) => errors.push(e) }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${base}/posts/${injected}`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      assert.strictEqual(answer.status, 500);
      assert.strictEqual(answer.headers.get("set-cookie"), null);
      assert.strictEqual(answer.headers.get("location"), null);
      assert.strictEqual(errors.length, 1);
      const fine = await fetch(`${base}/posts/7`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      assert.deepStrictEqual([fine.status, fine.headers.get("location")], [302, "/posts/7"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
