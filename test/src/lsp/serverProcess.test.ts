import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";
import { ROOT } from "../support/fixtures";

/** The young generation's size (bytes) once a process has loaded the server as `load` says, and again after it has allocated a lot that lives. */
function newSpace(load: string): { loaded: number; afterWork: number } {
  const script = `
    const size = () => require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
    ${load};
    const loaded = size();
    const kept = [];
    for (let i = 0; i < 600000; i++) kept.push({ i, text: "route" + i, list: [i] });
    process.stderr.write("NEW_SPACE " + loaded + " " + size() + " " + kept.length + "\\n");
    process.exit(0);
  `;
  // --stdio: the server's connection talks over this process's standard streams, which stay idle.
  const run = cp.spawnSync(process.execPath, ["-e", script, "--", "--stdio"], { cwd: ROOT, encoding: "utf8", input: "", timeout: 60_000 });
  const sizes = /NEW_SPACE (\d+) (\d+)/.exec(run.stderr);
  assert.ok(sizes, `no sizes reported: ${run.stderr}`);
  return { loaded: Number(sizes[1]), afterWork: Number(sizes[2]) };
}

describe("the server process", () => {
  const lsp = (file: string) => JSON.stringify(path.join(ROOT, "server", "out", "lsp", file));

  it("holds the young generation at the size it reached while the server loaded", function () {
    this.timeout(120_000);
    const held = newSpace(`require(${lsp("serverProcess.js")}).runServerProcess()`);
    assert.strictEqual(held.afterWork, held.loaded, `${held.loaded} bytes once loaded, ${held.afterWork} after work`);
    // Without the server's flags, the same work grows it further.
    const free = newSpace(`require(${lsp("server.js")}).startServer()`);
    assert.ok(free.afterWork > free.loaded, `without the flags: ${free.loaded} bytes once loaded, ${free.afterWork} after work`);
  });
});
