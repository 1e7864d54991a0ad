import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";
import { ROOT } from "../support/fixtures";

/** The young generation's size (bytes) in a process that loads the server as `load` says, measured once it has loaded. */
function newSpaceAfter(load: string): number {
  const script = `
    ${load};
    const space = require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    process.stderr.write("NEW_SPACE " + space.space_size + "\\n");
    process.exit(0);
  `;
  // --stdio: the server's connection talks over this process's standard streams, which stay idle.
  const run = cp.spawnSync(process.execPath, ["-e", script, "--", "--stdio"], { cwd: ROOT, encoding: "utf8", input: "", timeout: 60_000 });
  const size = /NEW_SPACE (\d+)/.exec(run.stderr)?.[1];
  assert.ok(size, `no size reported: ${run.stderr}`);
  return Number(size);
}

describe("the server process", () => {
  const serverProcess = JSON.stringify(path.join(ROOT, "server", "out", "lsp", "serverProcess.js"));
  const server = JSON.stringify(path.join(ROOT, "server", "out", "lsp", "server.js"));

  it("sets its V8 flags before it loads TypeScript: the young generation stays at its first size", function () {
    this.timeout(120_000);
    const flagsFirst = newSpaceAfter(`require(${serverProcess}).runServerProcess()`);
    // What it was when the flags came with the connection, after TypeScript had loaded and run.
    const flagsAfter = newSpaceAfter(`const s = require(${server}); require(${JSON.stringify(path.join(ROOT, "server", "out", "lsp", "heapGrowth.js"))}).setServerFlags(); s.startServer()`);
    assert.ok(flagsFirst <= 2 * 1024 * 1024, `young generation ${flagsFirst} bytes`);
    assert.ok(flagsAfter > flagsFirst, `flags set after loading: ${flagsAfter} bytes, first: ${flagsFirst} bytes`);
  });
});
