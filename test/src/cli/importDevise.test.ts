import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { ROOT } from "../support/fixtures";
import { asRailsRoute, type RailsRoute } from "../support/railsTable";

/**
 * Devise's `devise_for`, read without Ruby: test/fixtures/devise/app and …/scoped are applications'
 * config/routes.rb, app/models and Devise initializer (scoped's devise_for calls in scopes,
 * namespaces and constraints); rails.json beside each is the table Rails 6.1 and Devise 4 drew
 * from them (scripts/deviseTables.mjs: Debian's ruby-devise, the models' `devise` calls and the
 * initializer run).
 */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const FIXTURES = path.join(ROOT, "test", "fixtures", "devise");
const APP = path.join(FIXTURES, "app");
const APPS = ["app", "scoped"].map((name) => ({
  name,
  routesRb: path.join(FIXTURES, name, "config", "routes.rb"),
  rails: JSON.parse(fs.readFileSync(path.join(FIXTURES, name, "rails.json"), "utf8")).routes as RailsRoute[],
}));

function run(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** Whether Ruby, Rails 6.1 or later and Devise with OmniAuth are installed here (Debian's ruby-actionpack, ruby-activemodel, ruby-devise, ruby-omniauth). */
function deviseInstalled(): boolean {
  const probe = cp.spawnSync("ruby", ["-e", "require 'action_dispatch'; require 'active_model'; require 'rails'; require 'devise'; require 'omniauth'"], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return probe.status === 0;
}

/** A copy of the fixture application whose routes.rb is `lines` in the draw block, and whose files `edit` changes; the routes.rb's path. */
function application(lines: readonly string[], edit: (dir: string) => void = () => undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-devise-"));
  fs.cpSync(APP, dir, { recursive: true });
  const file = path.join(dir, "config", "routes.rb");
  fs.writeFileSync(file, ["Rails.application.routes.draw do", ...lines.map((line) => `  ${line}`), "end", ""].join("\n"));
  edit(dir);
  return file;
}

describe("devise_for: the routes Devise draws for each model, read from the application's models and Devise initializer", function () {
  this.timeout(120_000);

  it("imports as the mapper's calls that draw Devise's routes: Rails' and Devise's table, names and order (modules, controllers, paths, path names, skip, only, singular, as, class_name, sign_out_via, OmniAuth)", () => {
    const imported = run("import", APPS[0].routesRb, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /\/\/ \(import\) devise_for :users: Devise's routes for User \(database_authenticatable, rememberable, omniauthable/);
    assert.match(
      imported.stdout,
      /r\.match\("\/users\/auth\/github", \{ to: "users\/omniauth_callbacks#passthru", as: "github_omniauth_authorize", via: \["get", "post"\] \}\);/,
    );
    const loaded = loadRoutingFile(imported.stdout, "routes.ts")!;
    assert.deepStrictEqual(loaded.routes.routes.map(asRailsRoute), APPS[0].rails);
  });

  it("in a scope, a namespace or constraints: the path, name and controllers' module of the blocks around, as Devise takes them (controllers named from the root there)", () => {
    const imported = run("import", APPS[1].routesRb, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /r\.namespace\("admin", \(\) => \{\n {4}\/\/ \(import\) devise_for :admins/);
    assert.match(imported.stdout, /r\.resource\("session", \{ only: \[\], controller: "\/admin\/sessions", path: "" \}/);
    const loaded = loadRoutingFile(imported.stdout, "routes.ts")!;
    assert.deepStrictEqual(loaded.routes.routes.map(asRailsRoute), APPS[1].rails);
  });

  it("reads the routes.rb as it is alike: routes and helpers with no file written", () => {
    for (const { name, routesRb, rails } of APPS) {
      const listed = JSON.parse(run("routes", routesRb, "--json").stdout) as {
        routes: Array<{ name: string | null; verb: string; path: string; controller: string; action: string }>;
      };
      assert.deepStrictEqual(
        listed.routes.map(({ name, verb, path: spec, controller, action }) => [name, verb, spec, controller, action]),
        rails.map(({ name, verb, path: spec, controller, action }) => [name, verb, spec, controller, action]),
        name,
      );
    }
  });

  it("a method of the file that yields inside a scope: devise_for in its block draws where the yield stands; in Devise's blocks of routes, where they stand", () => {
    const written = (lines: string[]) => {
      const imported = run("routes", application(lines), "--json");
      assert.strictEqual(imported.status, 0, imported.stderr);
      return (JSON.parse(imported.stdout) as { routes: Array<{ name: string | null; verb: string; path: string }> }).routes.map(
        (route) => `${route.name} ${route.verb} ${route.path}`,
      );
    };
    const direct = written(['scope "(:locale)" do', "  devise_for :members", "end"]);
    assert.ok(direct.includes("new_member_session GET (/:locale)/members/sign_in(.:format)"), direct.join("\n"));
    assert.deepStrictEqual(
      written(["def localized", '  scope "(:locale)" do', "    yield", "  end", "end", "localized do", "  devise_for :members", "end"]),
      direct,
    );
    // Devise's own blocks of routes keep the scope around them: only a constraint is added.
    assert.deepStrictEqual(written(['scope "(:locale)" do', "  authenticated :user do", "    devise_for :members", "  end", "end"]), direct);
  });

  it("is left out and said, never guessed, where the application does not tell what Devise would draw", () => {
    const cases: Array<[string, (dir: string) => void, RegExp]> = [
      [
        "devise_for :users",
        (dir) => fs.rmSync(path.join(dir, "app", "models", "user.rb")),
        /the model User's `devise` call, which says which routes Devise draws, is not found in app\/models/,
      ],
      [
        "devise_for :users",
        (dir) => fs.writeFileSync(path.join(dir, "app", "models", "user.rb"), "class User < ApplicationRecord\n  devise *MODULES\nend\n"),
        /names its modules with more than symbols/,
      ],
      [
        "devise_for :users",
        (dir) =>
          fs.writeFileSync(
            path.join(dir, "app", "models", "user.rb"),
            "class User < ApplicationRecord\n  devise :database_authenticatable, :omniauthable\nend\n",
          ),
        /OmniAuth providers are not named/,
      ],
      [
        "devise_for :members",
        (dir) => {
          fs.writeFileSync(
            path.join(dir, "app", "models", "member.rb"),
            "class Member < ApplicationRecord\n  devise :database_authenticatable, :omniauthable\nend\n",
          );
          fs.writeFileSync(
            path.join(dir, "config", "initializers", "devise.rb"),
            'Devise.setup do |config|\n  if ENV["GITHUB_ID"]\n    config.omniauth :github\n  end\nend\n',
          );
        },
        /OmniAuth providers the Devise initializer names under a condition/,
      ],
      [
        "devise_for :members",
        (dir) => fs.writeFileSync(path.join(dir, "app", "models", "member.rb"), "class Member < ApplicationRecord\n  devise :invitable\nend\n"),
        /module invitable is not one of Devise's own/,
      ],
      ["devise_for :members, format: false", () => undefined, /the option format is not read by this version/],
      ["concern :signed do devise_for :members end", () => undefined, /devise_for inside a block other than scope, namespace/],
      [
        'scope "(:locale)" do devise_for :users end',
        () => undefined,
        /Devise raises: it does not support scoping OmniAuth callbacks under a dynamic segment \(\/\(:locale\)\/users\)/,
      ],
      [
        "namespace :admin do devise_for :members, singular: :participant end",
        () => undefined,
        /Devise names the routes participant_…, which do not start with the name of the blocks around \(admin\)/,
      ],
      [
        "namespace :admin do devise_for :users end",
        (dir) =>
          fs.writeFileSync(path.join(dir, "config", "initializers", "devise.rb"), 'Devise.setup do |config|\n  config.omniauth_path_prefix = "/auth"\nend\n'),
        /OmniAuth's path prefix \/auth is outside the path of the blocks around \(\/admin\)/,
      ],
      ['devise_for :members, controllers: { omniauth_callbacks: "o" }', () => undefined, /Mapping omniauth_callbacks on a resource that is not omniauthable/],
    ];
    for (const [line, edit, reason] of cases) {
      const file = application([line, "resources :posts"], edit);
      const imported = run("import", file, "--stdout", "--allow-partial");
      assert.strictEqual(imported.status, 0, imported.stderr);
      assert.match(imported.stderr, reason, line);
      assert.match(imported.stderr, /routes\.rb:2: not imported: devise_for/, line);
      // The rest is drawn.
      assert.deepStrictEqual(
        loadRoutingFile(imported.stdout, "routes.ts")!
          .routes.routes.map((route) => route.name)
          .filter(Boolean),
        ["posts", "new_post", "edit_post", "post"],
        line,
      );
    }
  });

  (deviseInstalled() ? it : it.skip)(
    "import --rails installed: Rails and Devise themselves draw the routes the import wrote, from the settings it read",
    () => {
      for (const { routesRb, rails } of APPS) {
        const imported = run("import", routesRb, "--stdout", "--rails", "installed");
        assert.strictEqual(imported.status, 0, imported.stderr);
        assert.match(
          imported.stderr,
          new RegExp(
            `${rails.length} routes: Rails 6\\.1[\\d.]*'s own routing code draws from routes\\.rb the routes the analyser reads from the output, in order`,
          ),
        );
      }
    },
  );

  it("takes the OmniAuth providers and sign-out method of the Devise initializer where the model names none, and the modules of each of its devise calls", () => {
    const file = application(["devise_for :members"], (dir) => {
      fs.writeFileSync(
        path.join(dir, "app", "models", "member.rb"),
        "class Member < ApplicationRecord\n  devise :database_authenticatable\n  devise :omniauthable\nend\n",
      );
      fs.writeFileSync(
        path.join(dir, "config", "initializers", "devise.rb"),
        'Devise.setup do |config|\n  config.sign_out_via = :get\n  config.omniauth :twitter, "key", "secret"\n  config.omniauth :github, ENV["GITHUB_ID"]\nend\n',
      );
    });
    const imported = run("import", file, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    const routes = loadRoutingFile(imported.stdout, "routes.ts")!.routes.routes;
    // What Rails 6.1 and Devise 4 drew from these files (the rails6 oracle after scripts/oracleDevise.rb).
    assert.deepStrictEqual(
      routes.map((route) => `${route.name ?? ""} ${route.verb} ${route.path}`),
      [
        "new_member_session GET /members/sign_in(.:format)",
        "member_session POST /members/sign_in(.:format)",
        "destroy_member_session GET /members/sign_out(.:format)",
        "member_twitter_omniauth_authorize GET|POST /members/auth/twitter(.:format)",
        "member_twitter_omniauth_callback GET|POST /members/auth/twitter/callback(.:format)",
        "member_github_omniauth_authorize GET|POST /members/auth/github(.:format)",
        "member_github_omniauth_callback GET|POST /members/auth/github/callback(.:format)",
      ],
    );
  });
});
