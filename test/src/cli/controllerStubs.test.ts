import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { readControllerModule } from "../../../server/out/analysis/controllerModule";
import { ROOT } from "../support/fixtures";

/** `controllers FILE --stubs`: a module for every controller the routes name that has none, with its routed actions. */

describe("resource-routes controllers --stubs", () => {
  it("writes each missing controller's module with its routed actions, never over a file, and lists what an existing one lacks", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-stubs-"));
    try {
      fs.writeFileSync(path.join(dir, "package.json"), "{}");
      fs.mkdirSync(path.join(dir, "controllers"));
      fs.writeFileSync(
        path.join(dir, "routes.ts"),
        [
          'import { draw } from "resource-routes";',
          'export default draw({ behaviour: "B" }, (map) => {',
          '  map.resources("posts", { only: ["index", "show"] });',
          '  map.namespace("admin", (admin) => admin.resources("users", { only: ["index", "destroy"] }));',
          '  map.named_route("login", "login", { controller: "sessions", action: "new" });',
          '  map.connect(":controller/:action/:id");',
          '  map.connect("x", { controller: "Bad Name", action: "go" });',
          "});",
          "",
        ].join("\n"),
      );
      const posts = "export function index() {}\n";
      fs.writeFileSync(path.join(dir, "controllers", "posts.ts"), posts);
      const run = () =>
        cp.spawnSync(process.execPath, [path.join(ROOT, "server", "bin", "resource-routes.js"), "controllers", "routes.ts", "--stubs"], {
          cwd: dir,
          encoding: "utf8",
        });
      const first = run();
      assert.strictEqual(first.status, 0, first.stderr);
      assert.deepStrictEqual(first.stdout.trim().split("\n"), [
        "posts: its module lacks show (the editor's quick fix adds them)",
        "wrote controllers/admin/users.ts (index, destroy)",
        "wrote controllers/sessions.ts (new)",
      ]);
      assert.match(first.stderr, /^Bad Name: no module written: the name cannot name a file on every system$/m);
      assert.strictEqual(fs.readFileSync(path.join(dir, "controllers", "posts.ts"), "utf8"), posts, "an existing module is left alone");
      // What the analyser reads from the modules written: the routed actions, `new` under its own name.
      const actions = (file: string) => readControllerModule(fs.readFileSync(path.join(dir, "controllers", file), "utf8"), file).actions.map((a) => a.name);
      assert.deepStrictEqual(actions("admin/users.ts"), ["index", "destroy"]);
      assert.deepStrictEqual(actions("sessions.ts"), ["new"]);
      assert.match(
        fs.readFileSync(path.join(dir, "controllers", "admin", "users.ts"), "utf8"),
        /export function destroy\(ctx: ActionContext\) \{\n {2}\/\/ DELETE \/admin\/users\/:id\.:format\n\}/,
      );
      // Again: nothing new to write.
      assert.deepStrictEqual(run().stdout.trim().split("\n"), ["posts: its module lacks show (the editor's quick fix adds them)"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
