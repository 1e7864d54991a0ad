import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";
import { worthCompacting } from "../../../server/out/lsp/heapGrowth";
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

/** An LSP message as a client writes it on the server's standard input. */
function framed(message: object): string {
  const body = JSON.stringify({ jsonrpc: "2.0", ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** What a client sends to start a server on a workspace without folders: it indexes nothing, and is done. */
const INITIALIZE = framed({ id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {}, workspaceFolders: null } }) + framed({ method: "initialized", params: {} });

/**
 * The old generation's pages and their use (bytes) after a process has loaded the server as `load`
 * says, been sent `input` on its standard input (and had a second to act on it), and left most of
 * what it allocated as garbage spread over every page.
 */
async function fragmentedOldSpace(load: string, input = ""): Promise<{ size: number; used: number; peakRise: number }> {
  const script = `
    ${load};
    const old = () => require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "old_space");
    const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
    (async () => {
      await settle(1000);
      const kept = [];
      for (let round = 0; round < 40; round++) {
        const made = [];
        for (let i = 0; i < 200000; i++) made.push({ i, round, text: "route" + i });
        for (let i = 0; i < made.length; i += 20) kept.push(made[i]);
      }
      // Resident memory's high-water mark from here on (Linux: writing 5 to clear_refs resets it).
      const fs = require("fs");
      const status = (field) => Number(fs.readFileSync("/proc/self/status", "utf8").split(field + ":")[1].trim().split(" ")[0]) * 1024;
      fs.writeFileSync("/proc/self/clear_refs", "5");
      const resident = status("VmRSS");
      // The server hears of a full collection after it (a performance observer), so the next one is the one it chose.
      for (let i = 0; i < 3; i++) { gc(); await settle(); }
      const space = old();
      process.stderr.write("OLD_SPACE " + space.space_size + " " + space.space_used_size + " " + (status("VmHWM") - resident) + " " + kept.length + "\\n");
      process.exit(0);
    })();
  `;
  // Standard input stays open (a server whose client closed it would stop): the script exits itself.
  const child = cp.spawn(process.execPath, ["--expose-gc", "-e", script, "--", "--stdio"], { cwd: ROOT, stdio: ["pipe", "ignore", "pipe"], timeout: 60_000 });
  child.stdin.write(input);
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  await new Promise((resolve) => child.on("close", resolve));
  const sizes = /OLD_SPACE (\d+) (\d+) (-?\d+)/.exec(stderr);
  assert.ok(sizes, `no sizes reported: ${stderr}`);
  return { size: Number(sizes[1]), used: Number(sizes[2]), peakRise: Number(sizes[3]) };
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

  it("compacts its old generation once the pages hold much more than lives, from the end of its first indexing", async function () {
    this.timeout(120_000);
    const held = await fragmentedOldSpace(`require(${lsp("serverProcess.js")}).runServerProcess()`, INITIALIZE);
    // Before indexing (no initialize yet), V8's own heuristics, as without the server's flags: indexing grows the heap from nothing.
    const indexing = await fragmentedOldSpace(`require(${lsp("serverProcess.js")}).runServerProcess()`);
    const free = await fragmentedOldSpace(`require(${lsp("server.js")}).startServer()`, INITIALIZE);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const report =
      `server: ${mb(held.size)} of pages for ${mb(held.used)} used; before initialize ${mb(indexing.size)} for ${mb(indexing.used)}; ` +
      `without its flags ${mb(free.size)} for ${mb(free.used)}`;
    assert.ok(!worthCompacting(held), report);
    assert.ok(worthCompacting(indexing), report);
    assert.ok(worthCompacting(free), report);
    // It compacts a few pages at a time: resident memory never held what lives twice over (it rose
    // by about all of it when every page was compacted at once).
    assert.ok(held.peakRise < held.used / 2, `resident memory rose ${mb(held.peakRise)} while compacting ${mb(held.used)} that lives; ${report}`);
  });

  it("compacts for a waste past both its share of what lives and a floor", () => {
    const mb = 1024 * 1024;
    assert.strictEqual(worthCompacting({ size: 12 * mb, used: 5 * mb }), false, "7 MB wasted: under the floor, though more than what lives");
    assert.strictEqual(worthCompacting({ size: 1000 * mb, used: 980 * mb }), false, "20 MB wasted: past the floor, but 2% of what lives");
    assert.strictEqual(worthCompacting({ size: 1000 * mb, used: 800 * mb }), true, "200 MB wasted");
    assert.strictEqual(worthCompacting({ size: 60 * mb, used: 40 * mb }), true, "20 MB wasted: half of what lives");
  });
});
