import * as assert from "assert";
import * as cp from "child_process";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/**
 * A route's origin has one shape in V8 whatever it names (a plain declaration, an association, a
 * custom action): an origin spread from another with a field added got a hidden class of its own,
 * and every read of an origin's field went megamorphic (route.ts, routeOrigin). V8's own check of
 * two objects' hidden classes needs `--allow-natives-syntax`, so it runs in a child process.
 */
describe("route origins", () => {
  it("share one hidden class, with or without an association, on routes of custom actions too", function () {
    this.timeout(60_000);
    const routingFile = JSON.stringify(path.join(ROOT, "server", "out", "analysis", "routingFile.js"));
    const source = [
      'import { draw } from "resource-routes";',
      "export default draw((map) => {",
      '  map.resources("posts", { member: { publish: "put" }, collection: { search: "get" }, has_many: { comments: "votes" }, has_one: "author" });',
      '  map.resource("account", { member: { close: "post" } });',
      '  map.connect("about", { controller: "pages", action: "about" });',
      "});",
    ].join("\n");
    const script = `
      const file = require(${routingFile}).loadRoutingFile(${JSON.stringify(source)}, "routes.ts");
      const routes = file.routes.table.routes;
      const first = routes[0].origin;
      const shapes = routes.map((route) => %HaveSameMap(first, route.origin));
      const kinds = routes.map((route) => (route.origin.association ? "association" : "") + (route.option ? "option" : ""));
      process.stdout.write(JSON.stringify({ shapes, kinds }));
    `;
    const run = cp.spawnSync(process.execPath, ["--allow-natives-syntax", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    assert.strictEqual(run.status, 0, run.stderr);
    const { shapes, kinds } = JSON.parse(run.stdout) as { shapes: boolean[]; kinds: string[] };
    // The file makes origins of every kind, so the check covers them all.
    assert.ok(kinds.includes("") && kinds.includes("association") && kinds.includes("option") && kinds.includes("associationoption"), kinds.join(","));
    assert.ok(shapes.every(Boolean), `origins of another hidden class: ${kinds.filter((_, i) => !shapes[i]).join(", ")}`);
  });
});
