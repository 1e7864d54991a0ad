import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/** `npm run example:serve`: the blog example answers the README's curl lines. */
describe("the served example (examples/blog)", function () {
  this.timeout(30_000);
  let server: cp.ChildProcess;
  let base: string;

  before(async () => {
    server = cp.spawn(process.execPath, [path.join(ROOT, "examples", "out", "blog", "serve.js")], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    base = await new Promise<string>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => {
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(chunk.toString())?.[0];
        if (url) resolve(url);
      });
      server.once("exit", (code) => reject(new Error(`the example exited with ${code}`)));
    });
  });
  after(() => server.kill());

  it("answers HTML and JSON, deletes through a form's _method, and says 405, 404 and 400 as documented", async () => {
    const list = await fetch(`${base}/articles.json`);
    assert.deepStrictEqual([list.status, list.headers.get("content-type")], [200, "application/json; charset=utf-8"]);
    assert.deepStrictEqual(await list.json(), [
      { id: 1, title: "Hello, routes", published: true },
      { id: 2, title: "Resources all the way down", published: false },
    ]);
    const page = await fetch(`${base}/articles/1`);
    assert.match(await page.text(), /<input type="hidden" name="_method" value="delete">/);
    const deleted = await fetch(`${base}/articles/1`, {
      method: "POST",
      body: "_method=delete",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    assert.deepStrictEqual([deleted.status, deleted.headers.get("location")], [303, "/articles"]);
    assert.deepStrictEqual(
      ((await (await fetch(`${base}/articles.json`)).json()) as Array<{ id: number }>).map((a) => a.id),
      [2],
    );
    const wrong = await fetch(`${base}/articles`, { method: "PUT" });
    assert.deepStrictEqual([wrong.status, wrong.headers.get("allow")], [405, "GET, POST"]);
    assert.strictEqual(await (await fetch(`${base}/authors`)).text(), "uninitialized controller authors");
    const bad = await fetch(`${base}/articles/%E0%A4%A`);
    assert.deepStrictEqual([bad.status, await bad.text()], [400, 'Bad Request: malformed percent-encoding in "/articles/%E0%A4%A"']);
    assert.match(await (await fetch(`${base}/`)).text(), /<h1>The blog<\/h1>/);
  });
});
