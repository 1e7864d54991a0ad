import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";
import { ROOT } from "../support/fixtures";

/** The young generation's size (bytes) before a process loads the server as `load` says, once it has, and after it has allocated a lot that lives. */
function newSpace(load: string): { before: number; loaded: number; afterWork: number } {
  const script = `
    const size = () => require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
    const before = size();
    ${load};
    const loaded = size();
    const kept = [];
    for (let i = 0; i < 600000; i++) kept.push({ i, text: "route" + i, list: [i] });
    process.stderr.write("NEW_SPACE " + before + " " + loaded + " " + size() + " " + kept.length + "\\n");
    process.exit(0);
  `;
  // --stdio: the server's connection talks over this process's standard streams, which stay idle.
  const run = cp.spawnSync(process.execPath, ["-e", script, "--", "--stdio"], { cwd: ROOT, encoding: "utf8", input: "", timeout: 60_000 });
  const sizes = /NEW_SPACE (\d+) (\d+) (\d+)/.exec(run.stderr);
  assert.ok(sizes, `no sizes reported: ${run.stderr}`);
  return { before: Number(sizes[1]), loaded: Number(sizes[2]), afterWork: Number(sizes[3]) };
}

describe("the server process", () => {
  const lsp = (file: string) => JSON.stringify(path.join(ROOT, "server", "out", "lsp", file));

  it("holds the young generation near the size V8 starts with, through loading TypeScript and work", function () {
    this.timeout(120_000);
    const held = newSpace(`require(${lsp("serverProcess.js")}).runServerProcess()`);
    const report = `${held.before} bytes before loading, ${held.loaded} once loaded, ${held.afterWork} after work`;
    assert.strictEqual(held.afterWork, held.loaded, report);
    // Without the server's flags, loading grows it (to 16 MB), and the same work further.
    const free = newSpace(`require(${lsp("server.js")}).startServer()`);
    assert.ok(held.loaded < free.loaded, `${report}; without the flags ${free.loaded} once loaded`);
    assert.ok(held.loaded <= 2 * held.before, report);
    assert.ok(free.afterWork > free.loaded, `without the flags: ${free.loaded} bytes once loaded, ${free.afterWork} after work`);
  });
});
