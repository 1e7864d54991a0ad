import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/** Every file below a folder, by its path relative to it, with its text. */
function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), fs.readFileSync(file, "utf8"));
    }
  }
  return files;
}

describe("the API reference (npm run docs)", () => {
  it("builds without a warning and is the one in docs/api", function () {
    this.timeout(120_000);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "rr-api-"));
    const typedoc = path.join(ROOT, "node_modules", "typedoc", "bin", "typedoc");
    const run = cp.spawnSync(process.execPath, [typedoc, "--out", out], { cwd: ROOT, encoding: "utf8" });
    assert.strictEqual(run.status, 0, `typedoc failed (warnings count as errors):\n${run.stdout}${run.stderr}`);
    const built = tree(out);
    const committed = tree(path.join(ROOT, "docs", "api"));
    assert.deepStrictEqual([...committed.keys()].sort(), [...built.keys()].sort(), "docs/api has other pages: run npm run docs");
    for (const [file, text] of built) assert.strictEqual(committed.get(file), text, `docs/api/${file} is out of date: run npm run docs`);
  });
});
