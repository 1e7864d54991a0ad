import * as assert from "assert";
import * as cp from "child_process";
import fs = require("fs");
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { fetchHandler } from "resource-routes/http";

import { coverageUses } from "../../../server/out/coverage/records";
import { ROOT } from "../support/fixtures";

/** Recording the routes a process answers: never in the application's way, and linear in the routes met. */

describe("recording the routes answered", function () {
  this.timeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-recording-"));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("RESOURCE_ROUTES_COVERAGE naming a file: the app starts, routing assertions pass, and one warning says nothing is recorded", () => {
    const file = path.join(dir, "not-a-folder");
    fs.writeFileSync(file, "");
    const script = `
      const { draw } = require("resource-routes");
      const { nodeHandler } = require("resource-routes/http");
      const { assertRecognizes } = require("resource-routes/testing");
      const routes = draw({ behaviour: "B" }, (map) => map.resources("posts"));
      nodeHandler(routes, { posts: { index: () => "all" } });
      assertRecognizes(routes, "/posts/1", { controller: "posts", action: "show", id: "1" });
      assertRecognizes(routes, "/posts", { controller: "posts", action: "index" });
    `;
    const run = cp.spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8", env: { ...process.env, RESOURCE_ROUTES_COVERAGE: file } });
    assert.strictEqual(run.status, 0, run.stderr);
    const warnings = run.stderr.split("\n").filter((line) => line.includes("RESOURCE_ROUTES_COVERAGE"));
    assert.strictEqual(warnings.length, 1, run.stderr);
    assert.match(warnings[0], /RESOURCE_ROUTES_COVERAGE=.*not-a-folder is not a folder that can be made \(EEXIST[^)]*\): routes are not recorded/);
    assert.strictEqual(fs.readFileSync(file, "utf8"), "");
  });

  it("writes bytes linear in the routes met (each new route one appended line), and the file reads as every route with its count", async () => {
    const counted = { bytes: 0, rewrites: 0, appending: false };
    const original = { write: fs.writeFileSync, append: fs.appendFileSync };
    const target = path.join(dir, "routes.json");
    // The recorder writes with node:fs, the module this test sees: count what it is given for the target.
    fs.writeFileSync = ((file: fs.PathOrFileDescriptor, text: string | NodeJS.ArrayBufferView, options?: fs.WriteFileOptions) => {
      // Node's appendFileSync writes through writeFileSync: counted once, as the append.
      if (file === target && !counted.appending) {
        counted.bytes += String(text).length;
        counted.rewrites++;
      }
      return original.write(file, text, options);
    }) as typeof fs.writeFileSync;
    fs.appendFileSync = ((file: fs.PathOrFileDescriptor, text: string | Uint8Array, options?: fs.WriteFileOptions) => {
      if (file === target) counted.bytes += String(text).length;
      counted.appending = true;
      try {
        return original.append(file, text, options);
      } finally {
        counted.appending = false;
      }
    }) as typeof fs.appendFileSync;
    try {
      const count = 3_000;
      const routes = draw({ behaviour: "B" }, (map) => {
        for (let i = 0; i < count; i++) map.connect(`page${i}`, { controller: "pages", action: "show" });
      });
      const handler = fetchHandler(routes, { pages: { show: () => "page" } }, { recordRoutes: target });
      for (let i = 0; i < count; i++) await handler(new Request(`http://localhost/page${i}`));
      const line = `${JSON.stringify({ file: routes.file ?? null, verb: "ANY", path: "/page1000", target: "pages#show", count: 1 })}\n`.length;
      // The record written whole once (its first route), then a line appended per route; written whole on every new route, it would be count²/2 lines.
      assert.ok(counted.bytes < 2 * count * line, `${counted.bytes} bytes for ${count} routes of ~${line} bytes`);
      assert.strictEqual(counted.rewrites, 1);
      const lines = fs.readFileSync(target, "utf8").trim().split("\n");
      assert.strictEqual(lines.length, count);
      const read = coverageUses(fs.readFileSync(target, "utf8"));
      assert.ok(!("why" in read));
      assert.strictEqual(read.uses.length, count);
      assert.strictEqual(read.skipped, 0);
      assert.deepStrictEqual(read.uses[0], { file: routes.file ?? null, verb: "ANY", path: "/page0", target: "pages#show", count: 1 });
    } finally {
      fs.writeFileSync = original.write;
      fs.appendFileSync = original.append;
    }
  });
});
