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

  it("--rails-controllers: the routed actions a Rails app's Ruby controllers do not define, as Ruby's visibility, inheritance and views leave them", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-stubs-rails-"));
    try {
      fs.writeFileSync(path.join(dir, "package.json"), "{}");
      fs.writeFileSync(
        path.join(dir, "routes.ts"),
        [
          'import { draw } from "resource-routes";',
          'export default draw({ behaviour: "B" }, (map) => {',
          '  map.resources("posts", { member: { publish: "put", archive: "put" } });',
          '  map.namespace("admin", (admin) => admin.resources("users", { only: ["index", "show", "destroy"] }));',
          '  map.named_route("login", "login", { controller: "sessions", action: "new" });',
          '  map.named_route("about", "about", { controller: "pages", action: "about" });',
          "});",
          "",
        ].join("\n"),
      );
      const app = path.join(dir, "app");
      const ruby = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(app, "controllers", file)), { recursive: true });
        fs.writeFileSync(path.join(app, "controllers", file), text);
      };
      ruby("application_controller.rb", "class ApplicationController < ActionController::Base\n  def show; end\n  private\n  def current_user; end\nend\n");
      // index, new, create, edit (a view), update, destroy; show from ApplicationController; publish protected; archive hidden.
      ruby(
        "posts_controller.rb",
        [
          "class PostsController < ApplicationController",
          "  def index; end",
          "  def new; end",
          "  def create; end",
          "  def update; end",
          "  def destroy; end",
          "  def archive; end",
          "  hide_action :archive",
          "  protected",
          "  def publish; end",
          "  def self.helper; end",
          "end",
        ].join("\n"),
      );
      fs.mkdirSync(path.join(app, "views", "posts"), { recursive: true });
      fs.writeFileSync(path.join(app, "views", "posts", "edit.html.erb"), "");
      // Nested in a module, inheriting from a sibling that the module's lookup finds; `private :destroy` names one.
      ruby("admin/base_controller.rb", "module Admin\n  class BaseController < ApplicationController\n    def index; end\n  end\nend\n");
      ruby("admin/users_controller.rb", "module Admin\n  class UsersController < BaseController\n    def destroy; end\n    private :destroy\n  end\nend\n");
      ruby("sessions_controller.rb", "class SessionsController < ApplicationController\n  def new\n  end\nend\n");
      const run = cp.spawnSync(
        process.execPath,
        [path.join(ROOT, "server", "bin", "resource-routes.js"), "controllers", "routes.ts", "--stubs", "--rails-controllers", "app/controllers"],
        { cwd: dir, encoding: "utf8" },
      );
      assert.strictEqual(run.status, 0, run.stderr);
      const lines = run.stdout
        .trim()
        .split("\n")
        .filter((line) => !line.startsWith("wrote "));
      assert.deepStrictEqual(lines, [
        "posts: PostsController (posts_controller.rb) defines no publish, archive: no public method and no view",
        "admin/users: Admin::UsersController (admin/users_controller.rb) defines no destroy: no public method and no view",
        "pages: no class PagesController in app/controllers",
      ]);
      const none = cp.spawnSync(
        process.execPath,
        [path.join(ROOT, "server", "bin", "resource-routes.js"), "controllers", "routes.ts", "--stubs", "--rails-controllers", "app/nothing"],
        { cwd: dir, encoding: "utf8" },
      );
      assert.strictEqual(none.status, 2, none.stderr);
      assert.match(none.stderr, /--rails-controllers: no folder at "app\/nothing"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
