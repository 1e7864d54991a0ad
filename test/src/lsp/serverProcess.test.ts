import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";

import { ROOT } from "../support/fixtures";

/** An LSP message as a client writes it on the server's standard input. */
function framed(message: object): string {
  const body = JSON.stringify({ jsonrpc: "2.0", ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe("the server process", () => {
  it("changes no V8 flag and exposes no gc() while it loads, indexes a workspace and goes idle", async function () {
    this.timeout(60_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-flags-"));
    fs.writeFileSync(path.join(folder, "routes.ts"), `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts"); });\n`);
    const uri = pathToFileURL(folder).toString();
    const input =
      framed({ id: 1, method: "initialize", params: { processId: null, rootUri: uri, capabilities: {}, workspaceFolders: [{ uri, name: "app" }] } }) +
      framed({ method: "initialized", params: {} });
    // The child records every flag change and any attempt to reach gc through a fresh context, and
    // reports once the server's idle work has collected the heap (vm.measureMemory, after indexing):
    // the moment that matters, waited for, not guessed at with a sleep.
    const script = `
      const v8 = require("v8"), vm = require("vm");
      const calls = [];
      const setFlags = v8.setFlagsFromString;
      v8.setFlagsFromString = (flags) => { calls.push(flags); return setFlags(flags); };
      const run = vm.runInNewContext;
      vm.runInNewContext = (code, ...rest) => { calls.push("runInNewContext " + code); return run(code, ...rest); };
      const measure = vm.measureMemory;
      vm.measureMemory = (...args) => {
        const measured = measure(...args);
        measured.then(() => { process.stderr.write("FLAGS " + JSON.stringify({ calls, gc: typeof globalThis.gc }) + "\\n"); process.exit(0); });
        return measured;
      };
      require(${JSON.stringify(path.join(ROOT, "server", "out", "lsp", "serverProcess.js"))}).runServerProcess();
    `;
    const child = cp.spawn(process.execPath, ["-e", script, "--", "--stdio"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], timeout: 50_000 });
    child.stdin.write(input);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    await new Promise((resolve) => child.on("close", resolve));
    fs.rmSync(folder, { recursive: true, force: true });
    const report = /FLAGS (.*)/.exec(stderr);
    assert.ok(report, `no report: ${stderr}`);
    assert.ok(stdout.includes('"id":1'), "the server answered initialize");
    assert.deepStrictEqual(JSON.parse(report[1]), { calls: [], gc: "undefined" });
  });
});
