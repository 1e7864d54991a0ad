import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/** The analyser runs nothing: a routing file that would write a marker if executed leaves none. */
describe("the analyser never runs the routing file", () => {
  it("routes and check leave no marker behind", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-security-"));
    const marker = path.join(dir, "executed");
    const file = path.join(dir, "routes.js");
    fs.writeFileSync(
      file,
      `require("fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n` +
        `const { draw } = require("resource-routes");\n` +
        `module.exports = draw((map) => { require("fs").writeFileSync(${JSON.stringify(marker)}, "ran"); map.resources("posts"); });\n`,
    );
    const cli = path.join(ROOT, "server", "bin", "resource-routes.js");
    for (const command of ["routes", "check"]) {
      const run = cp.spawnSync(process.execPath, [cli, command, file], { encoding: "utf8" });
      assert.ok(run.status === 0 || run.status === 1, run.stderr);
    }
    assert.match(cp.spawnSync(process.execPath, [cli, "routes", file], { encoding: "utf8" }).stdout, /posts/);
    assert.strictEqual(fs.existsSync(marker), false);
    fs.rmSync(dir, { recursive: true });
  });
});
