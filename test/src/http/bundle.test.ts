import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { esbuildOnce } from "../support/esbuild";
import { ROOT } from "../support/fixtures";

/**
 * The example bundled with esbuild and served from a folder with no controllers in it: the
 * controller map `resource-routes controllers` writes gives the bundle every controller (a bundle
 * served through loadControllers found none, and answered 404 `uninitialized controller`).
 */
describe("a bundle of the example, served with its generated controller map", function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bundle-"))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("the controller map is current, and the bundle answers every controller's routes", async () => {
    const cli = cp.spawnSync(
      process.execPath,
      [path.join(ROOT, "server", "bin", "resource-routes.js"), "controllers", path.join(ROOT, "examples", "blog", "routes.ts")],
      { encoding: "utf8" },
    );
    assert.strictEqual(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, /^unchanged .*controllers\.generated\.ts \(2 controller modules\)\n$/, "the committed map is what the command writes");
    const outfile = path.join(dir, "worker.cjs");
    await esbuildOnce({
      entryPoints: [path.join(ROOT, "examples", "blog", "worker.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile,
      logLevel: "silent",
    });
    const script = `
      const worker = require(${JSON.stringify(outfile)}).default;
      (async () => {
        const answer = async (path) => { const r = await worker.fetch(new Request("http://blog.test" + path)); return r.status + " " + (await r.text()).slice(0, 40); };
        process.stdout.write(JSON.stringify([await answer("/"), await answer("/articles.json"), await answer("/authors")]));
      })();
    `;
    const run = cp.spawnSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8" });
    assert.strictEqual(run.status, 0, run.stderr);
    const [home, articles, authors] = JSON.parse(run.stdout) as string[];
    assert.match(home, /^200 <h1>The blog<\/h1>/);
    assert.match(articles, /^200 \[\{"id":1,"title":"Hello, routes"/);
    assert.strictEqual(authors, "404 uninitialized controller authors");
  });
});
