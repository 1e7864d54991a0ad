import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { ROOT } from "../support/fixtures";
import { asRailsRoute, type RailsRoute } from "../support/railsTable";

/**
 * Devise's `devise_for`, read without Ruby: test/fixtures/devise/app is an application's
 * config/routes.rb, app/models and Devise initializer; rails.json beside it is the table Rails 6.1
 * and Devise 4 drew from them (scripts/deviseTables.mjs: Debian's ruby-devise, the models'
 * `devise` calls and the initializer run).
 */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const APP = path.join(ROOT, "test", "fixtures", "devise", "app");
const RAILS: RailsRoute[] = JSON.parse(fs.readFileSync(path.join(APP, "rails.json"), "utf8")).routes;

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
    const imported = run("import", path.join(APP, "config", "routes.rb"), "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /\/\/ \(import\) devise_for :users: Devise's routes for User \(database_authenticatable, rememberable, omniauthable/);
    assert.match(
      imported.stdout,
      /r\.match\("\/users\/auth\/github", \{ to: "users\/omniauth_callbacks#passthru", as: "github_omniauth_authorize", via: \["get", "post"\] \}\);/,
    );
    const loaded = loadRoutingFile(imported.stdout, "routes.ts")!;
    assert.deepStrictEqual(loaded.routes.routes.map(asRailsRoute), RAILS);
  });

  it("reads the routes.rb as it is alike: routes and helpers with no file written", () => {
    const listed = JSON.parse(run("routes", path.join(APP, "config", "routes.rb"), "--json").stdout) as {
      routes: Array<{ name: string | null; verb: string; path: string; controller: string; action: string }>;
    };
    assert.deepStrictEqual(
      listed.routes.map(({ name, verb, path: spec, controller, action }) => [name, verb, spec, controller, action]),
      RAILS.map(({ name, verb, path: spec, controller, action }) => [name, verb, spec, controller, action]),
    );
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
      ['scope "(:locale)" do devise_for :members end', () => undefined, /devise_for other than in the draw block itself/],
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
      const imported = run("import", path.join(APP, "config", "routes.rb"), "--stdout", "--rails", "installed");
      assert.strictEqual(imported.status, 0, imported.stderr);
      assert.match(
        imported.stderr,
        /50 routes: Rails 6\.1[\d.]*'s own routing code draws from routes\.rb the routes the analyser reads from the output, in order/,
      );
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
