import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";

import { capturedLine, capturedRedirects, redirectsBetween } from "../../../server/out/routing/redirects";
import { ROOT } from "../support/fixtures";

/** Redirects are asked only where no route is: one whose old URLs a route that stays takes first never answers, and is said. */

describe("redirects a route that stays takes first", () => {
  const before = draw({ behaviour: "B" }, (map) => {
    map.resources("contexts");
    map.connect(":controller/:action/:id");
  });
  // contexts renamed todos_lists: the catch-all stays below.
  const after = draw({ behaviour: "B" }, (map) => {
    map.resources("lists", { controller: "contexts" });
    map.connect(":controller/:action/:id");
  });

  it("names the route that takes each old URL, and leaves alone the redirects that answer", () => {
    const redirects = redirectsBetween(before.toJSON().routes, after.toJSON().routes);
    const captured = capturedRedirects(redirects, after);
    // Every old URL is the catch-all's: /contexts is contexts#index, /contexts/1 is contexts#1 ("No action responded to 1").
    const by = "ANY /:controller/:action/:id → :controller#:action, a route that stays (redirects answer only the URLs no route takes)";
    assert.deepStrictEqual(
      captured.map((c) => capturedLine(c)),
      [
        ["GET /contexts.:format", "/contexts"],
        ["POST /contexts.:format", "/contexts"],
        ["GET /contexts/new.:format", "/contexts/new"],
        ["GET /contexts/:id/edit.:format", "/contexts/1/edit"],
        ["GET /contexts/:id.:format", "/contexts/1"],
        ["PUT /contexts/:id.:format", "/contexts/1"],
        ["DELETE /contexts/:id.:format", "/contexts/1"],
      ].map(([redirect, url]) => `${redirect}: the redirect never answers: ${url} is taken by ${by}`),
    );
    // Without the catch-all, every one answers.
    const alone = draw({ behaviour: "B" }, (map) => map.resources("lists", { controller: "contexts" }));
    assert.deepStrictEqual(capturedRedirects(redirectsBetween(before.toJSON().routes, alone.toJSON().routes), alone), []);
  });

  it("check warns at each redirect of the module beside the routing file that never answers", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-redirects-"));
    try {
      fs.mkdirSync(path.join(dir, "node_modules"));
      fs.symlinkSync(path.join(ROOT, "runtime"), path.join(dir, "node_modules", "resource-routes"), "dir");
      fs.writeFileSync(
        path.join(dir, "routes.ts"),
        'import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => {\n  map.resources("lists", { controller: "contexts" });\n  map.connect(":controller/:action/:id");\n});\n',
      );
      const entry = (from: string) =>
        `  { verb: "GET", from: "${from}", to: "/lists/:id.:format", controller: "contexts", action: "show", name: "list", status: 301 },`;
      fs.writeFileSync(
        path.join(dir, "redirects.ts"),
        [
          'import type { RouteRedirect } from "resource-routes/http";',
          "",
          "const redirects: RouteRedirect[] = [",
          entry("/contexts/:id.:format"),
          entry("/a/b/c/d/:id.:format"),
          "];",
          "export default redirects;",
          "",
        ].join("\n"),
      );
      const check = cp.spawnSync(process.execPath, [path.join(ROOT, "server", "bin", "resource-routes.js"), "check", "routes.ts", "--no-controllers"], {
        cwd: dir,
        encoding: "utf8",
      });
      assert.strictEqual(check.status, 0, check.stderr);
      assert.deepStrictEqual(check.stdout.trim().split("\n"), [
        "redirects.ts:4:3: warning redirect-never-answers: GET /contexts/:id.:format: the redirect never answers: /contexts/1 is taken by ANY /:controller/:action/:id → :controller#:action, a route that stays (redirects answer only the URLs no route takes)",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
