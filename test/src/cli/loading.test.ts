import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/** A command loads what it needs and no more: the Ruby front end, the literal scanner and the generators are loaded by the commands that use them. */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const BLOG = path.join(ROOT, "examples", "blog", "routes.ts");

/** The modules of the project and its dependencies the command had loaded when it exited, relative to the repository. */
function loadedBy(...args: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-loading-"));
  const list = path.join(dir, "modules.txt");
  const hook = path.join(dir, "hook.js");
  fs.writeFileSync(hook, `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(list)}, Object.keys(require.cache).join("\\n")));`);
  try {
    cp.spawnSync(process.execPath, ["-r", hook, CLI, ...args], { encoding: "utf8", cwd: path.dirname(BLOG) });
    return fs
      .readFileSync(list, "utf8")
      .split("\n")
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const matching = (modules: readonly string[], pattern: RegExp) => modules.filter((module) => pattern.test(module));

describe("CLI: what each command loads", function () {
  this.timeout(30_000);

  it("--help and an unknown command load no TypeScript and no analyser", () => {
    for (const args of [["--help"], ["--version"]]) {
      const modules = loadedBy(...args);
      assert.deepStrictEqual(matching(modules, /node_modules\/typescript\/|server\/out\/(analysis|ruby)\//), [], args.join(" "));
    }
  });

  it("check on a routing file loads neither the Ruby front end nor what --unused and --runtime need", () => {
    const modules = loadedBy("check", BLOG);
    assert.ok(matching(modules, /server\/out\/analysis\/analyze\.js$/).length === 1, "the analyser is loaded");
    assert.deepStrictEqual(matching(modules, /server\/out\/(ruby|literals|coverage)\/|server\/out\/cli\/(unusedRoutes|runtimeRoutes|rubyFiles)\.js/), []);
  });

  it("check --unused loads the literal scanner", () => {
    assert.ok(matching(loadedBy("check", BLOG, "--unused"), /server\/out\/literals\//).length > 0);
  });
});
