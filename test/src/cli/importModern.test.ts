import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { RouteSet } from "resource-routes";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { ROOT } from "../support/fixtures";
import { asRailsRoute, type RailsRoute, railsTarget } from "../support/railsTable";
import { runRoutingFile } from "../support/runRoutingFile";

/**
 * A modern Rails application's config/routes.rb (test/fixtures/modern-routes), read with no Ruby
 * run: imported to behaviour C, and given to the commands as it is, against the table Rails 6.1's
 * own routing drew for it (rails.json, from scripts/modernRoutesTables.mjs; the lines only a gem's
 * code draws left out of both).
 */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const SHOP = path.join(ROOT, "test", "fixtures", "modern-routes", "shop");
const ROUTES_RB = path.join(SHOP, "config", "routes.rb");

function run(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A new application folder whose config/routes.rb is `lines` inside the draw block (with `before` above it); the routes.rb's path. */
function routesRb(prefix: string, lines: readonly string[], before: readonly string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(dir, "config"));
  const file = path.join(dir, "config", "routes.rb");
  fs.writeFileSync(file, [...before, "Rails.application.routes.draw do", ...lines.map((line) => `  ${line}`), "end", ""].join("\n"));
  return file;
}

const RAILS: RailsRoute[] = JSON.parse(fs.readFileSync(path.join(SHOP, "rails.json"), "utf8")).routes;

describe("a modern routes.rb (Rails 3 and later), read without Ruby", function () {
  this.timeout(120_000);

  it("import writes a behaviour-C routing file whose routes are Rails 6.1's, the gem's calls kept as comments and said with their lines", () => {
    const imported = run("import", ROUTES_RB, "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /export default draw\(\{ behaviour: "C" \}, \(r\) => \{/);
    assert.match(imported.stdout, /r\.get\("photos\/search", \{ to: "photos#search" \}\);/);
    assert.match(imported.stdout, /r\.get\("show", \{ path: "show", on: "member" \}\);/);
    // draw :admin reads config/routes/admin.rb where the call stands, as Rails 6.1 evaluates it.
    assert.match(imported.stdout, /\/\/ \(import\) draw\(:admin\): the routes of config\/routes\/admin\.rb\n.*\n {2}r\.namespace\("backoffice", \(\) => \{/);
    const lines = fs.readFileSync(ROUTES_RB, "utf8").split("\n");
    const skipped = lines.flatMap((line, i) => (line.includes("# oracle: skip") ? [i + 1] : []));
    for (const line of skipped) assert.match(imported.stderr, new RegExp(`routes\\.rb:${line}: not imported: `));
    const loaded = loadRoutingFile(imported.stdout, "routes.ts")!;
    assert.strictEqual(loaded.behaviour, "C");
    assert.deepStrictEqual(loaded.routes.routes.map(asRailsRoute), RAILS.map(compared));
  });

  it("a file of config/routes or an environment.rb that is a link out of the application is not read", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-links-"));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "rr-outside-"));
    fs.writeFileSync(path.join(outside, "secret.rb"), "resources :secrets\n");
    fs.mkdirSync(path.join(dir, "config", "routes"), { recursive: true });
    fs.writeFileSync(path.join(dir, "config", "routes.rb"), "Rails.application.routes.draw do\n  draw(:secret)\n  draw(:inside)\nend\n");
    fs.symlinkSync(path.join(outside, "secret.rb"), path.join(dir, "config", "routes", "secret.rb"));
    // A link within the application is followed.
    fs.writeFileSync(path.join(dir, "shared.rb"), "resources :photos, only: [:index]\n");
    fs.symlinkSync(path.join(dir, "shared.rb"), path.join(dir, "config", "routes", "inside.rb"));
    const imported = run("import", path.join(dir, "config", "routes.rb"), "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stderr, /routes\.rb:2: not imported: draw\(:secret\): config\/routes\/secret\.rb is not beside the routes\.rb/);
    assert.doesNotMatch(imported.stdout, /secrets/);
    assert.match(imported.stdout, /r\.resources\("photos", \{ only: \["index"\] \}\);/);
  });

  it("Regexp.union and Regexp.escape of the file's values make the constraint Rails makes (requirements as Rails 6.1 lists them)", () => {
    const file = routesRb(
      "rr-regexp-",
      [
        "get 'pages/*id' => 'pages#show', constraints: { format: :html, id: Regexp.union(PAGES) }, as: :page",
        "get 'x/:n' => 'x#y', constraints: { n: Regexp.union(\"a.b\", \"c\") }",
        "get 'e/:n' => 'x#e', constraints: { n: /#{Regexp.escape(\"a.b-c\")}/ }",
      ],
      ["PAGES = %w[about security-faq a.b].freeze"],
    );
    const listed = run("routes", file, "--json");
    assert.strictEqual(listed.status, 0, listed.stderr);
    assert.deepStrictEqual(
      (JSON.parse(listed.stdout) as { routes: Array<{ requirements: Record<string, string> }> }).routes.map((r) => r.requirements),
      [{ format: "html", id: "about|security\\-faq|a\\.b" }, { n: "a\\.b|c" }, { n: "a\\.b\\-c" }],
    );
    fs.rmSync(path.dirname(path.dirname(file)), { recursive: true, force: true });
  });

  it("the application's own constants: config/application.rb's module, lib's constants naming each other, Rails.env.local?", () => {
    const file = routesRb("rr-constants-", [
      "get 'gems/:name' => 'gems#show', constraints: { name: Shop::NAME }",
      "get 'pages/:id' => 'pages#show', constraints: { id: Regexp.union(Shop::PAGES) }",
      "get 'dev/login' => 'dev#login' if Shop::LOCAL",
    ]);
    const root = path.dirname(path.dirname(file));
    fs.writeFileSync(
      path.join(root, "config", "application.rb"),
      "module Shop\n  class Application < Rails::Application\n  end\n  PAGES = %w[about faq].freeze\n  LOCAL = Rails.env.local?\nend\n",
    );
    fs.mkdirSync(path.join(root, "lib"));
    fs.writeFileSync(path.join(root, "lib", "names.rb"), 'module Shop\n  CHARS = "[a-z#{Regexp.escape(".-")}]+".freeze\n  NAME = /#{CHARS}(?<!\\.gem)/\nend\n');
    const listed = (env: string) => {
      const imported = run("import", file, "--stdout", "--env", env);
      assert.strictEqual(imported.status, 0, imported.stderr);
      return loadRoutingFile(imported.stdout, "routes.ts")!.routes.routes.map((route) => [route.path, route.toJSON().requirements]);
    };
    assert.deepStrictEqual(listed("production"), [
      ["/gems/:name(.:format)", { name: "[a-z\\.\\-]+(?<!\\.gem)" }],
      ["/pages/:id(.:format)", { id: "about|faq" }],
    ]);
    // local? is development or test (Rails 7.1).
    assert.strictEqual(listed("test").length, 3);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("String#pluralize in a modern routes.rb is ActiveSupport 6.1's, as are C's route names", () => {
    const listed = run("routes", routesRb("rr-inflect-", ["%w[cow police].each { |w| resources w.pluralize, only: [:index, :show] }"]), "--json");
    assert.strictEqual(listed.status, 0, listed.stderr);
    // Rails 2.x gave kine and polices.
    assert.deepStrictEqual(
      (JSON.parse(listed.stdout) as { routes: Array<{ name: string | null; path: string }> }).routes.map((r) => [r.name, r.path]),
      [
        ["cows", "/cows(.:format)"],
        ["cow", "/cows/:id(.:format)"],
        ["police_index", "/police(.:format)"],
        ["police", "/police/:id(.:format)"],
      ],
    );
  });

  it("literals --routes config/routes.rb: a front end's URLs written by hand become the helpers module's calls", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-front-"));
    fs.mkdirSync(path.join(dir, "config"));
    fs.mkdirSync(path.join(dir, "app", "javascript"), { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), "{}");
    const routes = path.join(dir, "config", "routes.rb");
    fs.writeFileSync(routes, "Rails.application.routes.draw do\n  resources :posts, only: [:index, :show]\nend\n");
    const page = path.join(dir, "app", "javascript", "page.ts");
    fs.writeFileSync(page, 'export const a = "/posts/" + 7;\n');
    const module = path.join(dir, "app", "javascript", "routes.js");
    assert.strictEqual(run("helpers", routes, "--out", module).status, 0);
    const fixed = run("literals", path.join(dir, "app", "javascript"), "--routes", routes, "--helpers-module", module, "--fix");
    assert.strictEqual(fixed.status, 0, fixed.stderr);
    assert.strictEqual(fs.readFileSync(page, "utf8"), 'import { post_path } from "./routes";\n\nexport const a = post_path(7);\n');
  });

  it("import writes redirect() as the routes.rb reads it (path, status, the options form); a block is the application's, written as a function that throws until it is written", () => {
    const file = routesRb("rr-redirect-", [
      'get "stories/:name", to: redirect("/articles/%{name}", status: 302)',
      'get "docs/:page" => redirect(path: "/help/%{page}", status: 307)',
      'get "a", to: redirect("/ignored", subdomain: "blog")',
      'get "x", to: redirect(status: 302) { |params, request| "/y" }',
    ]);
    const imported = run("import", file, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /^import \{ draw, redirect, unset \} from "resource-routes";$/m);
    assert.match(imported.stdout, /r\.get\("stories\/:name", \{ to: redirect\("\/articles\/%\{name\}", \{ status: 302 \}\) \}\);/);
    assert.match(imported.stdout, /r\.get\("docs\/:page", \{ to: redirect\(\{ path: "\/help\/%\{page\}", status: 307 \}\) \}\);/);
    // Options beside a path make Rails' options form, the path unused.
    assert.match(imported.stdout, /r\.get\("a", \{ to: redirect\(\{ subdomain: "blog" \}\) \}\);/);
    assert.match(
      imported.stdout,
      /r\.get\("x", \{ to: redirect\(\(\) => unset\("the redirect of routes\.rb line 5, `redirect\(status: 302\) \{ \|params, request\| \\"\/y\\" \}`, in TypeScript,"\), \{ status: 302 \}\) \}\);/,
    );
    // The routes.rb read as it is draws the same redirects; a block's answer is the application's (null).
    const listed = JSON.parse(run("routes", file, "--json").stdout) as { routes: Array<{ redirect?: unknown }> };
    const expected = [
      { status: 302, to: "/articles/%{name}" },
      { status: 307, to: { path: "/help/%{page}" } },
      { status: 301, to: { subdomain: "blog" } },
      { status: 302, to: null },
    ];
    assert.deepStrictEqual(
      listed.routes.map((route) => route.redirect),
      expected,
    );
    // The written file draws them too; its placeholder throws, naming the Ruby, when a request reaches the route.
    const drawn = runRoutingFile<RouteSet>(imported.stdout);
    assert.deepStrictEqual(
      drawn.routes.map((route) => route.toJSON().redirect),
      expected,
    );
    assert.throws(() => drawn.recognize("GET", "/x").redirect?.location, /the redirect of routes\.rb line 5/);
    // Read without running it, the route answers its status; the Location is the function's.
    const recognised = run("recognize", file, "GET", "/x");
    assert.strictEqual(recognised.status, 0, recognised.stderr);
    assert.match(recognised.stdout, /^redirect: {3}302 \(the Location is the application's function's answer, not run here\)$/m);
  });

  it("a constraint of the application's code: its routes read and their helpers given; import writes a function that throws until written in TypeScript", async () => {
    const file = routesRb("rr-code-", [
      'constraints(->(req) { req.subdomain == "admin" }) do',
      "  resources :reports, only: :index",
      "end",
      'get "dashboard", to: "beta#dashboard", constraints: BetaUsers.new',
      "resources :posts, constraints: lambda { |req| req.format == :json }, only: :show",
      'get "health", to: ->(env) { [200, {}, ["ok"]] }',
    ]);
    // Read as it is: the routes Rails draws, each known to ask the application's code, and a route to a Rack application given as code.
    const listed = JSON.parse(run("routes", file, "--json").stdout) as { routes: Array<{ name: string; conditions: object; app?: object }> };
    assert.deepStrictEqual(
      listed.routes.map(({ name, conditions, app }) => [name, conditions, app]),
      [
        ["reports", { request: "application code" }, undefined],
        ["dashboard", { request: "application code" }, undefined],
        ["post", { request: "application code" }, undefined],
        ["health", {}, { mounted: false }],
      ],
    );
    const imported = run("import", file, "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /^import \{ draw, unset \} from "resource-routes";$/m);
    assert.match(
      imported.stdout,
      /4 constraint\(s\), redirect\(s\), Rack application\(s\), custom helper\(s\) or polymorphic mapping\(s\) are the application's Ruby code/,
    );
    assert.match(
      imported.stdout,
      /r\.constraints\(\(\) => unset\("the constraint of routes\.rb line 2, `->\(req\) \{ req\.subdomain == \\"admin\\" \}`, in TypeScript,"\), \(\) => \{/,
    );
    assert.match(imported.stdout, /constraints: \(\) => unset\("the constraint of routes\.rb line 5, `BetaUsers\.new`, in TypeScript,"\)/);
    assert.match(
      imported.stdout,
      /r\.get\("health", \{ to: \(\) => unset\("the Rack application of routes\.rb line 7, `->\(env\) \{ \[200, \{\}, \[\\"ok\\"\]\] \}`, in TypeScript,"\) \}\);/,
    );
    // The written file draws those routes (its helpers too); a request that reaches one says what to write.
    const loaded = loadRoutingFile(imported.stdout, path.join(path.dirname(file), "routes.ts"))!;
    assert.deepStrictEqual(
      loaded.routes.routes.map((route) => route.applicationConstraints.length),
      [1, 1, 1, 0],
    );
    const drawn = runRoutingFile<RouteSet>(imported.stdout);
    assert.strictEqual(drawn.helpers.post_path(4), "/posts/4");
    assert.strictEqual(drawn.helpers.health_path(), "/health");
    assert.throws(() => drawn.recognize("GET", "/dashboard"), /the constraint of routes\.rb line 5, `BetaUsers\.new`, in TypeScript, is not set/);
  });

  it("an API application (config/application.rb's config.api_only = true): resources without new and edit, read and imported so", () => {
    const file = routesRb("rr-api-", ["resources :products", "resource :session, only: [:new, :create]"]);
    const application = path.join(path.dirname(file), "application.rb");
    fs.writeFileSync(application, "module Shop\n  class Application < Rails::Application\n    config.api_only = true\n  end\nend\n");
    const listed = () => (JSON.parse(run("routes", file, "--json").stdout) as { routes: Array<{ name: string | null; verb: string; path: string }> }).routes;
    assert.deepStrictEqual(
      listed().map((route) => `${route.verb} ${route.path}`),
      [
        "GET /products(.:format)",
        "POST /products(.:format)",
        "GET /products/:id(.:format)",
        "PATCH /products/:id(.:format)",
        "PUT /products/:id(.:format)",
        "DELETE /products/:id(.:format)",
        // `only` names new: an API application draws it then.
        "GET /session/new(.:format)",
        "POST /session(.:format)",
      ],
    );
    const imported = run("import", file, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /^export default draw\(\{ behaviour: "C", api_only: true \}, \(r\) => \{$/m);
    // Without the setting, Rails' usual resources.
    fs.writeFileSync(application, "module Shop\n  class Application < Rails::Application\n  end\nend\n");
    assert.strictEqual(listed().length, 10);
  });

  it("direct: custom helpers whose block answers a value the file gives, imported and given to the front end; a computed block is the application's function, to write in TypeScript", async () => {
    const file = routesRb("rr-direct-", [
      'get "pages", to: "pages#index"',
      "direct :homepage do",
      '  "https://rubyonrails.org"',
      "end",
      'direct(:www) { { controller: "pages", action: "index", host: "api.example.com", subdomain: "www" } }',
      "direct :cdn do |name|",
      '  "https://cdn.example.com/#{name}"',
      "end",
    ]);
    const imported = run("import", file, "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /^ {2}r\.direct\("homepage", "https:\/\/rubyonrails\.org"\);$/m);
    assert.match(imported.stdout, /^ {2}r\.direct\("www", \{ controller: "pages", action: "index", host: "api\.example\.com", subdomain: "www" \}\);$/m);
    assert.match(
      imported.stdout,
      /^ {2}r\.direct\("cdn", \(\) => unset\("the direct of routes\.rb line 7, `do \|name\| \\"https:\/\/cdn\.example\.com\/#\{name\}\\" end`, in TypeScript,"\)\);$/m,
    );
    const drawn = runRoutingFile<RouteSet>(imported.stdout);
    const helpers = drawn.helpers as unknown as Record<string, (...args: unknown[]) => string>;
    assert.deepStrictEqual(
      [helpers.homepage_url(), helpers.homepage_path(), helpers.www_url(), helpers.www_path()],
      ["https://rubyonrails.org", "/", "http://www.example.com/pages", "/pages"],
    );
    // Until it is written, the helper says what to write.
    assert.throws(() => helpers.cdn_url("a.png"), /the direct of routes\.rb line 7, .*, in TypeScript, is not set/);
    // The front end's module answers the same, and declares them.
    const out = path.join(path.dirname(file), "..", "app", "javascript", "routes.js");
    fs.writeFileSync(path.join(path.dirname(file), "..", "Gemfile"), "");
    const written = run("helpers", file, "--out", out, "--allow-partial");
    assert.strictEqual(written.status, 0, written.stderr);
    const module = (await import(`file://${out}`)) as Record<string, () => string>;
    assert.deepStrictEqual([module.homepage_url(), module.homepage_path(), module.www_url()], ["https://rubyonrails.org", "/", "http://www.example.com/pages"]);
    assert.match(fs.readFileSync(out.replace(/\.js$/, ".d.ts"), "utf8"), /^export declare function homepage_url\(\): string;$/m);
    assert.strictEqual(module.cdn_url, undefined);
    assert.match(written.stderr, /direct cdn: its URL is the answer of the application's function, which the browser module does not carry/);
  });

  it("resolve: polymorphic mappings whose block answers a value the file gives, imported so; a block that computes from its record or options is the application's function", () => {
    const file = routesRb("rr-resolve-", [
      "resource :basket",
      "resources :posts",
      "# Baskets have one URL",
      'resolve("Basket") { [:basket] }',
      'resolve "Cart", "Bag", anchor: "items" do |cart, options|',
      "  [:basket, options]",
      "end",
      'resolve(["Page"]) { { controller: "posts", action: "index" } }',
      'resolve("Note") { "https://notes.example.org/all" }',
      "resolve(:Odd) { [:basket] }",
    ]);
    const imported = run("import", file, "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /^ {2}\/\/ Baskets have one URL\n {2}r\.resolve\("Basket", \["basket"\]\);$/m);
    assert.match(
      imported.stdout,
      /^ {2}r\.resolve\(\["Cart", "Bag"\], \(\) => unset\("the resolve of routes\.rb line 6, `do \|cart, options\| \[:basket, options\] end`, in TypeScript,"\), \{ anchor: "items" \}\);$/m,
    );
    assert.match(imported.stdout, /^ {2}r\.resolve\("Page", \{ controller: "posts", action: "index" \}\);$/m);
    assert.match(imported.stdout, /^ {2}r\.resolve\("Note", "https:\/\/notes\.example\.org\/all"\);$/m);
    // Rails looks a mapping up by the model's class name: a symbol's is none, kept as a comment.
    assert.match(imported.stdout, /not imported \(line 11: resolve of a model not named by a string/);
    // The written file's polymorphic URLs are Rails' (the behaviour-C case of resolve has Rails 6.1's answers for these shapes).
    const drawn = runRoutingFile<RouteSet>(imported.stdout);
    assert.strictEqual(drawn.polymorphicPath({ model_name: "Post", id: 3 }), "/posts/3");
    assert.strictEqual(drawn.polymorphicUrl({ model_name: "Note", id: 1 }), "https://notes.example.org/all");
    assert.strictEqual(drawn.polymorphicPath({ model_name: "Note", id: 1 }), "/all");
    // A mapping's URL is made whole first, on a host: `[:basket]` passes the call's options on to no helper.
    assert.throws(() => drawn.polymorphicPath({ model_name: "Basket", id: 1 }, { host: "example.org" }), /basket_url: Missing host to link to!/);
    assert.throws(() => drawn.polymorphicPath({ model_name: "Page", id: 1 }), /Missing host to link to!/);
    // Until it is written, the mapping says what to write.
    assert.throws(() => drawn.polymorphicPath({ model_name: "Cart", id: 1 }), /the resolve of routes\.rb line 6, .*, in TypeScript, is not set/);
    // `routes` reads the routes.rb as it is: the same mappings.
    const loaded = loadRoutingFile(imported.stdout, path.join(path.dirname(file), "routes.ts"))!;
    assert.deepStrictEqual([...loaded.routes.mappings.keys()], ["Basket", "Cart", "Bag", "Page", "Note"]);
  });

  it("default_url_options in the draw block is the route set's: the draw() setting, so _url helpers answer as Rails' (https://example.com/posts/3)", async () => {
    const file = routesRb("rr-url-options-", ['default_url_options host: "example.com", protocol: :https', "resources :posts, only: :show"]);
    const imported = run("import", file, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(
      imported.stdout,
      /^export default draw\(\{ behaviour: "C", default_url_options: \{ host: "example\.com", protocol: "https" \} \}, \(r\) => \{$/m,
    );
    const drawn = runRoutingFile<RouteSet>(imported.stdout);
    // Rails 6.1's answer (the oracle's post_url(3) for this routes.rb).
    assert.strictEqual((drawn.helpers as unknown as Record<string, (id: number) => string>).post_url(3), "https://example.com/posts/3");
    fs.writeFileSync(path.join(path.dirname(file), "..", "Gemfile"), "");
    const out = path.join(path.dirname(file), "..", "app", "javascript", "routes.js");
    assert.strictEqual(run("helpers", file, "--out", out).status, 0);
    const module = (await import(`file://${out}`)) as Record<string, (id: number) => string>;
    assert.strictEqual(module.post_url(3), "https://example.com/posts/3");
  });

  it("resources_path_names at the head of the draw block is the draw() setting; after a route or in a block, the mapper's call, changing the routes after it as in Rails", () => {
    const file = routesRb("rr-path-names-", [
      'resources_path_names new: "nuevo", edit: "cambiar"',
      "resources :posts, only: [:new, :edit]",
      "resource :account, only: :edit",
    ]);
    const imported = run("import", file, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.match(imported.stdout, /^export default draw\(\{ behaviour: "C", resources_path_names: \{ new: "nuevo", edit: "cambiar" \} \}, \(r\) => \{$/m);
    // Rails 6.1's table for this routes.rb (the oracle's).
    const listed = run("routes", file, "--json");
    assert.strictEqual(listed.status, 0, listed.stderr);
    const { routes } = JSON.parse(listed.stdout) as { routes: Array<{ name: string; path: string }> };
    assert.deepStrictEqual(
      routes.map(({ name, path }) => `${name} ${path}`),
      ["new_post /posts/nuevo(.:format)", "edit_post /posts/:id/cambiar(.:format)", "edit_account /account/cambiar(.:format)"],
    );
    const later = routesRb("rr-path-names-later-", [
      "resources :posts, only: [:new]",
      'scope "shop" do',
      '  resources_path_names new: "nuevo"',
      "  resources :items, only: [:new]",
      "end",
      "resources :pages, only: [:new]",
    ]);
    const rest = run("import", later, "--stdout");
    assert.strictEqual(rest.status, 0, rest.stderr);
    assert.match(rest.stdout, /^ {4}r\.resources_path_names\(\{ new: "nuevo" \}\);$/m);
    // Rails 6.1's table (the oracle's): the names merged into the route set's, for the routes after them outside the block too.
    assert.deepStrictEqual(
      runRoutingFile<RouteSet>(rest.stdout).routes.map(({ name, path }) => `${name} ${path}`),
      ["new_post /posts/new(.:format)", "new_item /shop/items/nuevo(.:format)", "new_page /pages/nuevo(.:format)"],
    );
  });

  it("routes --json reads the routes.rb itself: Rails 6.1's table, in order", () => {
    const listed = run("routes", ROUTES_RB, "--json");
    assert.strictEqual(listed.status, 0, listed.stderr);
    const { behaviour, routes } = JSON.parse(listed.stdout) as { behaviour: string; routes: Array<{ name: string | null; path: string; verb: string }> };
    assert.strictEqual(behaviour, "C");
    assert.deepStrictEqual(
      routes.map(({ name, verb, path }) => ({ name, verb, path })),
      RAILS.map(({ name, verb, path }) => ({ name, verb, path })),
    );
  });

  it("helpers reads the routes.rb and writes the front end's typed helpers, no Ruby run", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-modern-"));
    fs.cpSync(SHOP, dir, { recursive: true });
    const out = path.join(dir, "app", "javascript", "routes.js");
    const written = run("helpers", path.join(dir, "config", "routes.rb"), "--out", out, "--allow-partial");
    assert.strictEqual(written.status, 0, written.stderr);
    assert.match(fs.readFileSync(path.join(dir, "app", "javascript", "routes.d.ts"), "utf8"), /favorite_product_path/);
    const helpers = (await import(`file://${out}`)) as Record<string, (...args: unknown[]) => string>;
    assert.strictEqual(helpers.favorite_product_path(3), "/products/3/favorite");
    assert.strictEqual(helpers.product_comments_path(4, { page: 2 }), "/products/4/comments?page=2");
    assert.strictEqual(helpers.terms_path(), "/legal");
  });
});

/** A route as the corpus compares it (test/fixtures/modern-routes/README.md): requirements as patterns, fixed values as text, the requirement of a key with a default as Rails' table lists it (not at all). */
function compared(route: RailsRoute): RailsRoute {
  const pattern = (source: string) =>
    source
      .replace(/\\\//g, "/")
      .replace(/\(\?!\[\^\\n\]\)/g, "$")
      .replace(/\[\^\\n\]/g, ".");
  const text = (value: unknown) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value);
  return {
    ...route,
    requirements: Object.fromEntries(Object.entries(route.requirements).flatMap(([key, source]) => (key in route.defaults ? [] : [[key, pattern(source)]]))),
    defaults: Object.fromEntries(Object.entries(route.defaults).map(([key, value]) => [key, text(value)])),
    ...(route.target === undefined ? {} : { target: railsTarget(route.target) }),
  };
}

/** A route of an application's left-out.json: its verb and path, and its target where another route has the same (`/` as a redirect beside the root). */
interface LeftOut {
  line: number;
  verb: string;
  path: string;
  target?: string;
}

function leftOutOf(app: string): LeftOut[] {
  const file = path.join(ROOT, "test", "fixtures", "modern-routes", app, "left-out.json");
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : [];
}

function isLeftOut(route: RailsRoute, leftOut: readonly LeftOut[]): boolean {
  return leftOut.some((left) => left.verb === route.verb && left.path === route.path && (left.target === undefined || left.target === route.target));
}

/** The real applications of the corpus (test/fixtures/modern-routes/README.md). */
const REAL_APPLICATIONS = ["human-essentials", "codetriage", "lobsters", "rubygems", "huginn", "feedbin", "errbit", "fat_free_crm", "postal"];

describe("real applications' routes.rb (Rails 5 to 8), imported without Ruby: Rails 6.1's routes, less what only the running application knows", function () {
  this.timeout(120_000);
  const corpus = path.join(ROOT, "test", "fixtures", "modern-routes");
  for (const app of REAL_APPLICATIONS) {
    it(app, () => {
      const routesRb = path.join(corpus, app, "config", "routes.rb");
      const rails: RailsRoute[] = JSON.parse(fs.readFileSync(path.join(corpus, app, "rails.json"), "utf8")).routes;
      const leftOut = leftOutOf(app);
      const imported = run("import", routesRb, "--stdout", "--allow-partial");
      assert.strictEqual(imported.status, 0, imported.stderr);
      for (const { line } of leftOut) assert.match(imported.stderr, new RegExp(`routes\\.rb:${line}: not imported: `));
      const known = rails.filter((route) => !isLeftOut(route, leftOut));
      assert.strictEqual(known.length, rails.length - leftOut.length, "each left-out route is one of Rails'");
      const loaded = loadRoutingFile(imported.stdout, "routes.ts")!;
      assert.strictEqual(loaded.behaviour, "C");
      assert.deepStrictEqual(loaded.routes.routes.map(asRailsRoute).map(compared), known.map(compared));
    });

    it(`${app}: helpers config/routes.rb gives each named route's URL as Rails' helper does`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rr-corpus-${app}-`));
      fs.cpSync(path.join(corpus, app), dir, { recursive: true });
      // The application's root, as its Gemfile marks it (the fixture keeps only config/).
      fs.writeFileSync(path.join(dir, "Gemfile"), 'source "https://rubygems.org"\n');
      const out = path.join(dir, "app", "javascript", "routes.js");
      const written = run("helpers", path.join(dir, "config", "routes.rb"), "--out", out, "--allow-partial");
      assert.strictEqual(written.status, 0, written.stderr);
      const helpers = (await import(`file://${out}`)) as Record<string, (...args: unknown[]) => string>;
      const { routes, generations } = JSON.parse(fs.readFileSync(path.join(corpus, app, "rails.json"), "utf8")) as {
        routes: RailsRoute[];
        generations: Array<{ helper: string; args: unknown[]; path: string } | { call: [string, ...unknown[]]; error: string }>;
      };
      const leftOut = leftOutOf(app);
      const unknown = new Set(routes.filter((route) => isLeftOut(route, leftOut)).map((route) => `${route.name}_path`));
      let asked = 0;
      for (const generation of generations) {
        const [helper, ...args] = "call" in generation ? generation.call : [generation.helper, ...generation.args];
        if (unknown.has(helper)) continue;
        asked++;
        if ("error" in generation) assert.throws(() => helpers[helper](...args), `${helper}: Rails raised ${generation.error}`);
        else assert.strictEqual(helpers[helper](...args), generation.path, `${helper}(${JSON.stringify(args).slice(1, -1)})`);
      }
      assert.ok(asked > 40, `${asked} calls`);
      fs.rmSync(dir, { recursive: true, force: true });
    });
  }
});

/** Whether Ruby and Rails 6.1 or later are installed here (Debian's ruby-actionpack): `import --rails installed` runs them. */
function railsInstalled(): boolean {
  const probe = cp.spawnSync(
    "ruby",
    ["-e", "require 'action_dispatch'; exit(Gem::Version.new(ActionPack::VERSION::STRING) >= Gem::Version.new('6.1') ? 0 : 1)"],
    {
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  return probe.status === 0;
}

describe("import --rails installed: an installed Rails' own routing draws each modern routes.rb of the corpus", function () {
  this.timeout(300_000);
  const corpus = path.join(ROOT, "test", "fixtures", "modern-routes");
  const installed = railsInstalled();
  for (const app of ["shop", ...REAL_APPLICATIONS]) {
    (installed ? it : it.skip)(`${app}: Rails draws the written file's routes and those the import leaves out, each of these said once`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rr-rails-${app}-`));
      fs.cpSync(path.join(corpus, app), dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "Gemfile"), 'source "https://rubygems.org"\n');
      const imported = run("import", path.join(dir, "config", "routes.rb"), "--allow-partial", "--rails", "installed");
      const leftOut = leftOutOf(app);
      const differences = imported.stderr.split("\n").filter((line) => /^route \d+: /.test(line));
      assert.deepStrictEqual(
        differences.map((line) => / lacks (\S+) (\S+) /.exec(line)?.slice(1, 3)),
        leftOut.map(({ verb, path: routePath }) => [verb, routePath]),
        imported.stderr,
      );
      if (!leftOut.length)
        assert.match(imported.stderr, /routes: Rails 6\.1\.\d+(\.\d+)?'s own routing code draws from routes\.rb the routes the analyser reads from /);
      fs.rmSync(dir, { recursive: true, force: true });
    });
  }
});
