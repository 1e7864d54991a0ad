import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";

import { FolderCoverage } from "../../../server/out/coverage/folder";

describe("the language server's coverage folder", () => {
  it("reads a committed folder's coverage files, never a link out of the workspace, a FIFO or a folder, and passes over entries that are not uses", function () {
    if (process.platform === "win32") this.skip();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "rr-coverage-folder-"));
    const folder = path.join(root, "coverage", "routes");
    fs.mkdirSync(folder, { recursive: true });
    fs.symlinkSync("/dev/zero", path.join(folder, "a.json"));
    cp.execFileSync("mkfifo", [path.join(folder, "b.json")]);
    fs.mkdirSync(path.join(folder, "c.json"));
    const routes = path.join(root, "routes.ts");
    const use = { file: routes, verb: "GET", path: "/posts", target: "posts#index", count: 1 };
    fs.writeFileSync(path.join(folder, "d.json"), JSON.stringify({ version: 1, routes: [use, { ...use, path: 5 }, "x"] }));
    // A link inside the workspace is followed.
    fs.writeFileSync(path.join(root, "kept.json"), JSON.stringify({ version: 1, routes: [{ ...use, path: "/tags" }] }));
    fs.symlinkSync(path.join(root, "kept.json"), path.join(folder, "e.json"));
    const coverage = new FolderCoverage(
      () => [root],
      () => "coverage/routes",
    );
    assert.deepStrictEqual([...coverage.exercised(pathToFileURL(routes).href)!].sort(), ["GET /posts posts#index", "GET /tags posts#index"]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
