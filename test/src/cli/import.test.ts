import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { draw as drawRoutes, type Mapper, type RouteJSON, type RouteSet } from "resource-routes";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { javascriptRegexp } from "../../../server/out/ruby/rubyRegexp";
import { ROOT } from "../support/fixtures";
import { runModule, runRoutingFile } from "../support/runRoutingFile";

/** `resource-routes import`: Rails 2 routes.rb files, imported, read back and compared with what Rails drew. */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const CORPUS = path.join(ROOT, "test", "fixtures", "routes-rb");

function run(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A project folder with config/routes.rb (and environment.rb when given). */
function project(routes: string, environment?: string): { dir: string; routes: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-import-"));
  fs.mkdirSync(path.join(dir, "config"));
  fs.writeFileSync(path.join(dir, "package.json"), "{}");
  fs.writeFileSync(path.join(dir, "config", "routes.rb"), routes);
  if (environment !== undefined) fs.writeFileSync(path.join(dir, "config", "environment.rb"), environment);
  return { dir, routes: path.join(dir, "config", "routes.rb") };
}

const draw = (body: string) => `ActionController::Routing::Routes.draw do |map|\n${body}\nend\n`;

/** The fields Rails' table and ours both give, of each route the analyser reads from TypeScript text. */
function routesOf(text: string): Array<Pick<RouteJSON, "name" | "verb" | "path" | "controller" | "action" | "requirements" | "params" | "conditions">> {
  const loaded = loadRoutingFile(text, "routes.ts");
  assert.ok(loaded, "a routing file");
  return loaded.routes.routes.map(({ name, verb, path, controller, action, requirements, params, conditions }) => ({
    ...{ name, verb, path, controller, action },
    requirements: Object.fromEntries(Object.entries(requirements).map(([key, pattern]) => [key, pattern.source])),
    params: { ...params },
    conditions: { ...conditions },
  }));
}

/**
 * The table Rails drew from a corpus file (`NAME.TAG.json`), its requirements (Ruby's sources) as
 * the JavaScript that matches what they match (`.` is `[^\n]`), as the analyser reads them.
 */
function railsTable(name: string, tag: string): ReturnType<typeof routesOf> {
  const rails = JSON.parse(fs.readFileSync(path.join(CORPUS, `${name}.${tag}.json`), "utf8")) as { routes: ReturnType<typeof routesOf> };
  return rails.routes.map((route) => ({
    ...route,
    requirements: Object.fromEntries(
      Object.entries(route.requirements).map(([key, source]) => [key, (javascriptRegexp(source, "") as { source: string }).source]),
    ),
  }));
}

describe("resource-routes import", function () {
  this.timeout(120_000);

  for (const name of ["blog", "shop", "legacy", "radiant", "redmine", "methods"]) {
    for (const [tag, behaviour] of [
      ["v2.2.2", "A"],
      ["v2.3.2", "B"],
    ] as const) {
      it(`${name}.rb in behaviour ${behaviour}: the analyser reads from the import every route Rails ${tag} drew, in order`, () => {
        const imported = run("import", path.join(CORPUS, `${name}.rb`), "--behaviour", behaviour, "--stdout");
        assert.strictEqual(imported.status, 0, imported.stderr);
        assert.match(imported.stderr, /the analyser reads from the output the routes the import draws, in order/);
        assert.deepStrictEqual(routesOf(imported.stdout), railsTable(name, tag));
      });
    }
  }

  for (const name of ["blog", "shop", "legacy", "radiant", "redmine", "methods"]) {
    it(`${name}.rb of an application on Rails 2.3.18: written with nested_routes_first, the analyser reads every route Rails 2.3.18 drew, in order`, () => {
      const { routes } = project(fs.readFileSync(path.join(CORPUS, `${name}.rb`), "utf8"), "RAILS_GEM_VERSION = '2.3.18' unless defined? RAILS_GEM_VERSION\n");
      const imported = run("import", routes, "--stdout");
      assert.strictEqual(imported.status, 0, imported.stderr);
      assert.match(imported.stdout, /^export default draw\(\{ behaviour: "B", nested_routes_first: true \}, \(map\) => \{$/m);
      const rails = railsTable(name, "v2.3.18");
      assert.deepStrictEqual(routesOf(imported.stdout), rails);
      // Run, the written file draws them too.
      assert.deepStrictEqual(
        runModule<{ default: RouteSet }>(imported.stdout, `${name}-2318.ts`).default.routes.map((route) => `${route.verb} ${route.path}`),
        rails.map((route) => `${route.verb} ${route.path}`),
      );
    });
  }
  it("nested_routes_first is Rails 2.3.4's: an application on 2.3.2 keeps 2.3.2's order, and the setting is refused outside behaviour B", () => {
    const { routes } = project(fs.readFileSync(path.join(CORPUS, "blog.rb"), "utf8"), "RAILS_GEM_VERSION = '2.3.2' unless defined? RAILS_GEM_VERSION\n");
    assert.match(run("import", routes, "--stdout").stdout, /^export default draw\(\{ behaviour: "B" \}, \(map\) => \{$/m);
    const refused = loadRoutingFile(
      'import { draw } from "resource-routes";\nexport default draw({ behaviour: "C", nested_routes_first: true }, (r) => { r.resources("posts"); });\n',
      "routes.ts",
    )!;
    assert.deepStrictEqual(
      refused.diagnostics.map((d) => [d.code, d.message]),
      [["invalid-setting", "nested_routes_first must be left out outside behaviour B (it is Rails 2.3.4's order); the default is used"]],
    );
    // api_only is modern Rails': refused in A and B, by draw() and by the analyser (which reads on without it).
    const rails2 = 'import { draw } from "resource-routes";\nexport default draw({ behaviour: "B", api_only: true }, (map) => { map.resources("posts"); });\n';
    const read = loadRoutingFile(rails2, "routes.ts")!;
    assert.deepStrictEqual(
      read.diagnostics.map((d) => [d.code, d.message]),
      [["invalid-setting", "api_only must be left out outside behaviour C (Rails 2 has no API applications); the default is used"]],
    );
    assert.strictEqual(read.routes.routes.length, 7);
    assert.throws(() => runRoutingFile(rails2), /draw\(\): api_only must be left out outside behaviour C/);
  });

  it("writes the DSL with the file's comments, blank lines, block variables and order, and evaluates static Ruby", () => {
    const { routes } = project(
      [
        "# Routes of the app.",
        "PREFIX = 'api'",
        "ActionController::Routing::Routes.draw do |map|",
        "  # posts first",
        "  map.resources :posts, :member => { :publish => :put } do |post|",
        "    post.resources :comments, :only => %w[index create]",
        "  end",
        "",
        "  [:photos, :videos].each_with_index do |kind, i|",
        "    map.resources kind",
        "  end",
        '  map.resources :feeds, :path_prefix => "#{PREFIX}/v1", :requirements => { :id => /[a-z]+\\d*/i }',
        "  map.with_options :controller => 'pages' do |page|",
        "    page.about 'about', :action => 'about'",
        "  end",
        "end",
      ].join("\n"),
    );
    const imported = run("import", routes, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    const body = `${imported.stdout.slice(imported.stdout.indexOf("// Routes of the app."))}`;
    assert.strictEqual(
      body,
      [
        "// Routes of the app.",
        'import { draw } from "resource-routes";',
        "",
        'export default draw({ behaviour: "B" }, (map) => {',
        "  // posts first",
        '  map.resources("posts", { member: { publish: "put" } }, (post) => {',
        '    post.resources("comments", { only: ["index", "create"] });',
        "  });",
        "",
        "  // (import) [:photos, :videos].each_with_index: one declaration per item, as the loop made them",
        '  map.resources("photos");',
        '  map.resources("videos");',
        '  map.resources("feeds", { path_prefix: "api/v1", requirements: { id: /[a-z]+\\d*/i } });',
        '  map.with_options({ controller: "pages" }, (page) => {',
        '    page.named_route("about", "about", { action: "about" });',
        "  });",
        "});",
        "",
      ].join("\n"),
    );
    assert.match(
      imported.stdout,
      /^\/\/ Imported from routes\.rb by `resource-routes import`: behaviour B \(the default: no config\/environment\.rb beside it\), Rails\.env taken as production\./,
    );
  });

  it("keeps what it cannot read statically as a comment with why, reports it with its line, and exits 1 unless --allow-partial", () => {
    const { routes } = project(
      draw(
        [
          "  map.resources :posts",
          "  map.from_plugin :forum",
          "  map.resources SECTIONS",
          "  map.resources :tags, :requirements => { :id => /[a-z&&[^aeiou]]+/ }",
          "  jammit",
        ].join("\n"),
      ),
    );
    const imported = run("import", routes, "--stdout");
    assert.strictEqual(imported.status, 1);
    assert.deepStrictEqual(
      imported.stderr.split("\n").filter((line) => line.includes(": not imported: ")),
      [
        `${routes}:3: not imported: from_plugin, a plugin's or a gem's route method, which only that code knows`,
        `${routes}:4: not imported: resources: SECTIONS is not known: written as the placeholder SECTIONS, unset until given a value (or import with --const SECTIONS=VALUE)`,
        `${routes}:5: not imported: resources: /[a-z&&[^aeiou]]+/ uses a character class intersection (&&), which JavaScript has not: write the requirement for JavaScript by hand`,
        // A plugin's route method called bare, without the mapper (Jammit's `jammit`).
        `${routes}:6: not imported: jammit, a plugin's or a gem's route method`,
      ],
    );
    assert.match(
      imported.stdout,
      /^\/\/ resource-routes: partial import: 3 part\(s\) could not be imported[^\n]*; 1 constant\(s\) the routes use are not set/m,
    );
    assert.match(imported.stdout, /\/\/ not imported \(line 3: from_plugin[^\n]*\n\s*\/\/ {3}map\.from_plugin :forum/);
    assert.match(
      imported.stdout,
      /\/\/ not imported \(line 5: \/\[a-z&&\[\^aeiou\]\]\+\/ uses a character class intersection \(&&\), which JavaScript has not/,
    );
    assert.strictEqual(run("import", routes, "--stdout", "--allow-partial").status, 0);
    // Refused, it writes nothing: no routes.ts is left beside the routes.rb.
    const refused = run("import", routes);
    assert.deepStrictEqual([refused.status, refused.stderr.trim().split("\n").at(-1)], [1, `${path.join(path.dirname(routes), "routes.ts")}: not written`]);
    assert.ok(!fs.existsSync(path.join(path.dirname(routes), "routes.ts")));
    const given = run("import", routes, "--stdout", "--allow-partial", "--const", "SECTIONS=sections");
    assert.match(given.stdout, /map\.resources\("sections"\);/);
    // Written in part, the file says so to the analyser: a partial-import warning, which check --strict fails on.
    assert.strictEqual(run("import", routes, "--allow-partial").status, 0);
    const written = path.join(path.dirname(routes), "routes.ts");
    const strict = run("check", written, "--strict", "--no-controllers");
    assert.strictEqual(strict.status, 1);
    assert.match(strict.stdout, /routes\.ts:2:1: warning partial-import: Imported in part from a routes\.rb: 3 part\(s\) could not be imported/);
    assert.match(strict.stderr, /--strict: imported in part from a routes\.rb/);
    const listed = JSON.parse(run("routes", written, "--json").stdout) as { diagnostics: Array<{ code: string }> };
    assert.ok(listed.diagnostics.some((d) => d.code === "partial-import"));
    // The placeholder is an error until it has a value; with it, the partial mark alone is a warning that check without --strict passes.
    assert.strictEqual(run("check", written, "--no-controllers").status, 1);
    fs.writeFileSync(written, fs.readFileSync(written, "utf8").replace('const SECTIONS = unset("SECTIONS");', 'const SECTIONS = "sections";'));
    assert.strictEqual(run("check", written, "--no-controllers").status, 0, "a warning: check without --strict passes");
  });

  it("decides environment checks by --env, and the behaviour from config/environment.rb's RAILS_GEM_VERSION", () => {
    const body = draw(
      [
        "  if Rails.env.development?",
        "    map.connect 'debug/:action', :controller => 'debug'",
        "  end",
        "  map.resources :posts unless RAILS_ENV == 'test'",
      ].join("\n"),
    );
    const { routes } = project(body, "RAILS_GEM_VERSION = '2.2.2' unless defined? RAILS_GEM_VERSION\n");
    const production = run("import", routes, "--stdout");
    assert.doesNotMatch(production.stdout, /debug/);
    assert.match(production.stdout, /behaviour A \(RAILS_GEM_VERSION 2\.2\.2\)/);
    assert.match(production.stdout, /draw\(\{ behaviour: "A" \}/);
    const development = run("import", routes, "--stdout", "--env", "development", "--behaviour", "B");
    assert.match(development.stdout, /map\.connect\("debug\/:action", \{ controller: "debug" \}\);/);
    assert.match(development.stdout, /behaviour B \(--behaviour\), Rails\.env taken as development/);
    assert.doesNotMatch(run("import", routes, "--stdout", "--env", "test").stdout, /map\.resources\("posts"\)/);
  });

  it("a constant nothing gives is a placeholder declared at the top: the declarations using it are written whole, and fail in check and when run, naming it, until it has a value", () => {
    const { dir, routes } = project(
      draw(
        [
          "  map.resources :users, :requirements => { :id => User::USERNAME_FORMAT }",
          '  map.connect "api/#{API_VERSION}/node/create", :controller => "api/nodes", :action => "create"',
          "  map.resources :posts",
          "  if SETTINGS[:unattended]",
          "    map.resources :robots",
          "  end",
        ].join("\n"),
      ),
    );
    const imported = run("import", routes, "--stdout", "--allow-partial", "--behaviour", "B");
    assert.strictEqual(imported.status, 0, imported.stderr);
    for (const line of [
      'import { draw, unset } from "resource-routes";',
      'const User_USERNAME_FORMAT = unset("User::USERNAME_FORMAT");',
      'const API_VERSION = unset("API_VERSION");',
      'map.resources("users", { requirements: { id: User_USERNAME_FORMAT } });',
      'map.connect(`api/${API_VERSION}/node/create`, { controller: "api/nodes", action: "create" });',
      "//   if SETTINGS[:unattended]",
    ])
      assert.ok(imported.stdout.includes(line), `${line}\n${imported.stdout}`);
    assert.deepStrictEqual(
      imported.stderr.split("\n").filter((line) => line.includes(": not imported: ")),
      [
        `${routes}:2: not imported: resources: User::USERNAME_FORMAT is not known: written as the placeholder User_USERNAME_FORMAT, unset until given a value (or import with --const User::USERNAME_FORMAT=VALUE)`,
        `${routes}:3: not imported: connect: API_VERSION is not known: written as the placeholder API_VERSION, unset until given a value (or import with --const API_VERSION=VALUE)`,
        `${routes}:5: not imported: a condition the importer cannot decide: the constant SETTINGS, not defined in the file (give it with --const SETTINGS=VALUE)`,
      ],
    );
    // The proof reads the written file: its placeholders and the calls using them are the import's, and draw the same routes (none of theirs).
    assert.match(imported.stderr, /the analyser reads from the output the routes the import draws, in order/);
    const written = path.join(dir, "config", "routes.ts");
    assert.strictEqual(run("import", routes, "--allow-partial", "--behaviour", "B").status, 0);
    assert.strictEqual(run("import", routes, "--check", "--allow-partial", "--behaviour", "B").status, 0);
    // check: one line per use, naming the constant; the other routes are read.
    const checked = run("check", written, "--no-controllers");
    assert.strictEqual(checked.status, 1);
    assert.deepStrictEqual(
      checked.stdout
        .split("\n")
        .filter((line) => line.includes("unset-value"))
        .map((line) => line.replace(/^[^:]*:\d+:\d+: /, "")),
      [
        "error unset-value: Not set: `User_USERNAME_FORMAT` (User::USERNAME_FORMAT) has no value yet: give it one where unset() stands; this declaration is left out.",
        "error unset-value: Not set: `API_VERSION` has no value yet: give it one where unset() stands; this declaration is left out.",
      ],
    );
    assert.deepStrictEqual(
      routesOf(fs.readFileSync(written, "utf8")).map((route) => route.path),
      routesOf('import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => { map.resources("posts"); });\n').map(
        (route) => route.path,
      ),
    );
    // Run, the file throws with the first placeholder's name.
    assert.throws(
      () => runModule(fs.readFileSync(written, "utf8")),
      /^RouteDefinitionError: User::USERNAME_FORMAT is not set: give it its value where the routing file declares it with unset\(\)$/,
    );
    // Given values in the file, the declarations draw their routes, as they would imported with --const.
    const valued = fs.readFileSync(written, "utf8").replace('unset("User::USERNAME_FORMAT")', "/[a-z]+/").replace('unset("API_VERSION")', '"0.6"');
    const withConstants = run(
      "import",
      routes,
      "--stdout",
      "--allow-partial",
      "--behaviour",
      "B",
      "--const",
      "User::USERNAME_FORMAT=/[a-z]+/",
      "--const",
      "API_VERSION=0.6",
      "--const",
      "SETTINGS={ :unattended => true }",
    );
    assert.strictEqual(withConstants.status, 0, withConstants.stderr);
    assert.doesNotMatch(withConstants.stdout, /unset/);
    assert.match(
      withConstants.stdout,
      /\/\/ \(import\) SETTINGS\[:unattended\]: true with the values given \(--const, the application\)\n\s*map\.resources\("robots"\);/,
    );
    const robots = routesOf(withConstants.stdout).filter((route) => !route.path.startsWith("/robots"));
    assert.deepStrictEqual(routesOf(valued), robots);
    assert.strictEqual(runModule<{ default: RouteSet }>(valued).default.routes.length, robots.length);
  });

  it("--const takes Ruby's literal syntax (a symbol, a list, a regexp, a hash), and plain text as text", () => {
    const { routes } = project(
      draw(
        [
          "  map.resources SECTIONS",
          "  map.resources :users, :requirements => { :id => FORMAT }",
          "  NAMES.each { |n| map.resources n }",
          "  map.resources :posts, OPTIONS",
        ].join("\n"),
      ),
    );
    const imported = run(
      "import",
      routes,
      "--stdout",
      "--const",
      "SECTIONS=sections",
      "--const",
      "FORMAT=/[a-z]+/i",
      "--const",
      "NAMES=%w[photos tags]",
      "--const",
      "OPTIONS={ :only => [:index, :show], :as => 'articles' }",
    );
    assert.strictEqual(imported.status, 0, imported.stderr);
    for (const call of [
      'map.resources("sections");',
      'map.resources("users", { requirements: { id: /[a-z]+/i } });',
      'map.resources("photos");',
      'map.resources("tags");',
      'map.resources("posts", { only: ["index", "show"], as: "articles" });',
    ])
      assert.ok(imported.stdout.includes(call), `${call}\n${imported.stdout}`);
  });

  it("the application's own constants (initializers, models, lib) are read statically, interpolated in a regexp too, and said in the file's first lines", () => {
    const { dir, routes } = project(
      draw(
        [
          "  map.resources :users, :requirements => { :id => /#{User::USERNAME_FORMAT}/ }",
          '  map.connect "api/#{API_VERSION}/node/create", :controller => "api/nodes", :action => "create"',
          "  map.resources SECTIONS.first",
          "  map.resources UNKNOWN",
        ].join("\n"),
      ),
    );
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write("app/models/user.rb", "class User < ActiveRecord::Base\n  USERNAME_FORMAT = /[a-z][a-z0-9_]*/\n  has_many :posts\nend\n");
    write("config/initializers/api.rb", 'API_VERSION = "0.6"\n');
    write("lib/sections.rb", "SECTIONS = %w[news blog]\n");
    const imported = run("import", routes, "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    for (const line of [
      "// User::USERNAME_FORMAT is /[a-z][a-z0-9_]*/, read from the application's app/models/user.rb.",
      '// API_VERSION is "0.6", read from the application\'s config/initializers/api.rb.',
      'map.resources("users", { requirements: { id: /(?:[a-z][a-z0-9_]*)/ } });',
      'map.connect("api/0.6/node/create", { controller: "api/nodes", action: "create" });',
      'map.resources("news");',
    ])
      assert.ok(imported.stdout.includes(line), `${line}\n${imported.stdout}`);
    assert.match(imported.stderr, /:5: not imported: resources: UNKNOWN is not known: written as the placeholder UNKNOWN/);
  });

  it("a plugin's or an engine's routes file: a method that takes the mapper, or bare map. calls, is written as an exported function of the mapper that the file's draw calls", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-import-plugin-"));
    const write = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), path.join(dir, name));
    const clearance = write(
      "clearance.rb",
      "module Clearance\n  class Routes\n    def self.draw(map)\n      map.resources :passwords, :only => [:new, :create]\n      map.sign_up 'sign_up', :controller => 'users', :action => 'new'\n    end\n  end\nend\n",
    );
    const method = run("import", clearance, "--stdout");
    assert.strictEqual(method.status, 0, method.stderr);
    assert.match(method.stdout, /^import \{ draw, type Mapper \} from "resource-routes";\n\nexport function clearanceRoutes\(map: Mapper\): void \{\n/m);
    assert.match(method.stdout, /\/\/ \(import\) the routes of Clearance::Routes\.draw\(map\), a plugin's or an engine's: the function clearanceRoutes\(map\)/);
    assert.match(method.stdout, /export default draw\(\{ behaviour: "B" \}, \(map\) => \{\n {2}clearanceRoutes\(map\);\n\}\);\n$/);
    assert.deepStrictEqual(
      routesOf(method.stdout).map((route) => `${route.verb} ${route.path}`),
      ["POST /passwords.:format", "GET /passwords/new.:format", "ANY /sign_up"],
    );
    // Run, the module draws the same routes, and its function draws them into another routing file's mapper.
    const written = runModule<{ default: RouteSet; clearanceRoutes: (map: Mapper) => void }>(method.stdout, "clearance.ts");
    const host = drawRoutes({ behaviour: "B" }, (map) => {
      map.resources("posts", { only: ["index"] });
      written.clearanceRoutes(map);
    });
    assert.deepStrictEqual(
      host.routes.map((route) => `${route.verb} ${route.path}`),
      ["GET /posts.:format", ...written.default.routes.map((route) => `${route.verb} ${route.path}`)],
    );
    // Written beside the application's routing file, which imports and calls it, `routes` and `check` read the plugin's routes at the call.
    write("clearance.ts", method.stdout);
    const application = write(
      "routes.ts",
      `import { draw } from "resource-routes";\nimport { clearanceRoutes } from "./clearance";\n\nexport default draw({ behaviour: "B" }, (map) => {\n  map.resources("posts", { only: ["index"] });\n  clearanceRoutes(map);\n});\n`,
    );
    const listed = JSON.parse(run("routes", application, "--json").stdout) as { routes: RouteJSON[]; diagnostics: unknown[] };
    assert.deepStrictEqual(
      listed.routes.map((route) => `${route.verb} ${route.path}`),
      host.routes.map((route) => `${route.verb} ${route.path}`),
    );
    assert.deepStrictEqual(listed.diagnostics, []);
    assert.strictEqual(run("check", application, "--strict", "--no-controllers").status, 0);
    // Each function named after where Rails called it.
    const connect = run(
      "import",
      write("mephisto.rb", "module Mephisto\n  module Routing\n    def self.connect_with(map)\n      map.resources :assets\n    end\n  end\nend\n"),
      "--stdout",
    );
    assert.strictEqual(connect.status, 0, connect.stderr);
    assert.match(connect.stdout, /export function mephistoRoutingConnectWith\(map: Mapper\): void \{/);
    const bare = run("import", write("extension.rb", "map.namespace :admin do |admin|\n  admin.resources :snippets, :only => :index\nend\n"), "--stdout");
    assert.strictEqual(bare.status, 0, bare.stderr);
    assert.match(bare.stdout, /export function pluginRoutes\(map: Mapper\): void \{/);
    assert.deepStrictEqual(
      routesOf(bare.stdout).map((route) => `${route.verb} ${route.path}`),
      ["GET /admin/snippets.:format"],
    );
    const none = run("import", write("nothing.rb", "puts 'hello'\n"));
    assert.strictEqual(none.status, 1);
    assert.match(none.stderr, /no method that takes the mapper and no `map\.` calls: it draws no routes/);
  });

  it("each helper goes where Rails' went: a later named route or root takes the name (the earlier is written unnamed, said); one a resource's route holds is reported", () => {
    const { routes } = project(
      draw(
        [
          "  map.tag 'todos/tag/:name', :controller => 'todos', :action => 'tag'",
          "  map.tag 'tags/:name.m', :controller => 'todos', :action => 'tag', :format => 'm'",
          "  map.root :controller => 'home'",
          "  map.root :controller => 'todos'",
          "  map.wiki_index 'wiki/index', :controller => 'wiki', :action => 'index'",
          "  map.resources :wiki",
        ].join("\n"),
      ),
    );
    const imported = run("import", routes, "--stdout");
    assert.strictEqual(imported.status, 0, imported.stderr);
    const named = Object.fromEntries(routesOf(imported.stdout).flatMap((route) => (route.name ? [[route.name, route.path]] : [])));
    // Rails' table: the later tag and root; a resource's route takes only a free name, so wiki_index stays the named route's.
    assert.strictEqual(named.tag, "/tags/:name.m");
    assert.strictEqual(named.root, "/");
    assert.deepStrictEqual(
      routesOf(imported.stdout)
        .filter((route) => route.path === "/")
        .map((route) => [route.name, route.controller]),
      [
        [null, "home"],
        ["root", "todos"],
      ],
    );
    assert.strictEqual(named.wiki_index, "/wiki/index");
    assert.match(
      imported.stdout,
      /\/\/ \(import\) named tag in routes\.rb: Rails gave that name to the later route of line 3, so this one has none\n {2}map\.connect\("todos\/tag\/:name"/,
    );

    const resource = project(draw(["  map.resources :calendars", "  map.calendar 'calendar.ics', :controller => 'calendar', :action => 'ics'"].join("\n")));
    const kept = run("import", resource.routes, "--stdout");
    assert.strictEqual(kept.status, 1);
    assert.match(kept.stderr, /routes\.rb:3: not imported: calendar_path goes to the route of line 2 here, where Rails gave the name to this later route/);
  });

  it("map.named_route, the mapper's own method, is written as one with its name first (Rails 2.2.2 and 2.3.2 drew about: ANY /about pages#about)", () => {
    const { dir, routes } = project(
      draw(
        "  map.named_route 'about', 'about', :controller => 'pages', :action => 'about'\n  map.named_route 'help', 'help/:topic', :controller => 'pages', :action => 'help'",
      ),
    );
    try {
      const imported = run("import", routes, "--stdout");
      assert.strictEqual(imported.status, 0, imported.stderr);
      assert.match(imported.stdout, /map\.named_route\("about", "about", \{ controller: "pages", action: "about" \}\);/);
      assert.deepStrictEqual(
        routesOf(imported.stdout).map(({ name, verb, path, controller, action }) => `${name} ${verb} ${path} ${controller}#${action}`),
        ["about ANY /about pages#about", "help ANY /help/:topic pages#help"],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a method of the file that takes a splat, keywords or a parameter that destructures, and a call with too many arguments, are reported with their lines", () => {
    const { routes } = project(
      [
        "def splat(map, *names)\n  names.each { |n| map.resources n }\nend",
        "def keywords(map, name:)\n  map.resources name\nend",
        "def one(map, name = 'tags')\n  map.resources name\nend",
        "def pair(map, (a, b))\n  map.resources a\nend",
        draw(["  splat(map, :a, :b)", "  keywords(map, name: :c)", "  one(map, :d, :e)", "  one(map)", "  pair(map, [:f, :g])"].join("\n")),
      ].join("\n"),
    );
    const imported = run("import", routes, "--stdout", "--allow-partial");
    assert.strictEqual(imported.status, 0, imported.stderr);
    assert.deepStrictEqual(
      imported.stderr
        .split("\n")
        .filter((line) => line.includes("not imported"))
        .map((line) => line.slice(routes.length)),
      [
        ":14: not imported: splat takes a splat or keyword parameters, which the importer does not follow",
        ":15: not imported: keywords takes a splat or keyword parameters, which the importer does not follow",
        ":16: not imported: one takes 1 to 2 argument(s), given 3",
        ":18: not imported: pair takes a parameter that destructures its argument, which the importer does not follow",
      ],
    );
    assert.match(imported.stdout, /map\.resources\("tags"\);/);
  });

  it("takes the behaviour from the Rails the application runs: RAILS_GEM_VERSION (a requirement's lowest version too), else vendor/rails; a default is said", () => {
    const behaviourOf = (environment: string | undefined, vendored?: string) => {
      const { dir, routes } = project(draw("  map.resources :posts"), environment);
      if (vendored) {
        const folder = path.join(dir, "vendor", "rails", "actionpack", "lib", "action_pack");
        fs.mkdirSync(folder, { recursive: true });
        const [major, minor, tiny] = vendored.split(".");
        fs.writeFileSync(
          path.join(folder, "version.rb"),
          `module ActionPack\n  module VERSION\n    MAJOR = ${major}\n    MINOR = ${minor}\n    TINY = ${tiny}\n  end\nend\n`,
        );
      }
      const imported = run("import", routes, "--stdout");
      assert.strictEqual(imported.status, 0, imported.stderr);
      // The other commands read the routes.rb with what is beside it as the import does: the same behaviour.
      assert.strictEqual(JSON.parse(run("routes", routes, "--json").stdout).behaviour, /behaviour ([AB])/.exec(imported.stdout)![1], "routes --json");
      const header = /behaviour ([AB]) \(([^)]*)\)/.exec(imported.stdout)!;
      const said = imported.stderr.includes("give --behaviour A if the application runs Rails 2.2 or earlier");
      return `${header[1]}: ${header[2]}${said ? " (said on stderr)" : ""}`;
    };
    assert.strictEqual(behaviourOf("RAILS_GEM_VERSION = '>= 2.1.0' unless defined? RAILS_GEM_VERSION\n"), "A: RAILS_GEM_VERSION >= 2.1.0");
    assert.strictEqual(behaviourOf("RAILS_GEM_VERSION = '2.0.2'\n"), "A: RAILS_GEM_VERSION 2.0.2");
    assert.strictEqual(behaviourOf("", "2.1.0"), "A: vendor/rails is Rails 2.1.0");
    assert.strictEqual(behaviourOf("", "2.3.14"), "B: vendor/rails is Rails 2.3.14");
    assert.strictEqual(behaviourOf(""), "B: the default: environment.rb sets no RAILS_GEM_VERSION (said on stderr)");
    assert.strictEqual(behaviourOf(undefined), "B: the default: no config/environment.rb beside it (said on stderr)");
  });

  it("writes routes.ts beside it, never over a file without --force, and --check proves the file on disk", () => {
    const { routes } = project(draw("  map.resources :posts"));
    const out = path.join(path.dirname(routes), "routes.ts");
    const first = run("import", routes);
    assert.deepStrictEqual([first.status, first.stdout.trim()], [0, `wrote ${out} (7 routes)`]);
    assert.strictEqual(run("import", routes).status, 0, "the same text again: unchanged");
    fs.writeFileSync(out, fs.readFileSync(out, "utf8").replace('map.resources("posts");', 'map.resources("posts", { only: ["index"] });'));
    const checked = run("import", routes, "--check");
    assert.strictEqual(checked.status, 1);
    assert.match(checked.stderr, /the routes read from it differ from the import's/);
    assert.match(checked.stderr, /route 2: the file lacks POST \/posts\.:format posts#create/);
    const refused = run("import", routes);
    assert.strictEqual(refused.status, 2);
    assert.match(refused.stderr, /exists and was not generated by resource-routes: not written over/);
    assert.strictEqual(run("import", routes, "--force").status, 0);
    assert.strictEqual(run("import", routes, "--check").status, 0);
    // A file that does not parse is not proved, whatever routes could be read around the error.
    fs.writeFileSync(out, `${fs.readFileSync(out, "utf8")}\nconst = ;\n`);
    const unparsed = run("import", routes, "--check");
    assert.strictEqual(unparsed.status, 1);
    assert.match(unparsed.stderr, /routes\.ts does not parse: /);
  });

  it("--rails: without Ruby, or with a folder that is no Rails 2 checkout, one clear line and nothing written", () => {
    const { dir, routes } = project(draw("  map.resources :posts"));
    const noRuby = cp.spawnSync(process.execPath, [CLI, "import", routes, "--rails", dir], { encoding: "utf8", env: { ...process.env, PATH: dir } });
    assert.deepStrictEqual(
      [
        noRuby.status,
        noRuby.stderr
          .trim()
          .split("\n")
          .filter((line) => line.includes("--rails")),
      ],
      [1, [`${dir}: --rails runs Rails' routing code with Ruby, and no ruby is on the PATH`]],
    );
    assert.ok(!fs.existsSync(path.join(dir, "config", "routes.ts")), "nothing written");
    if (cp.spawnSync("ruby", ["--version"]).error) return; // .ci/run installs Ruby; a machine without it checks the first case alone
    const notRails = run("import", routes, "--rails", dir);
    assert.strictEqual(notRails.status, 1);
    assert.ok(
      notRails.stderr.includes(`${dir}: ${dir} is not a Rails checkout: ${path.join(dir, "actionpack", "lib", "action_pack", "version.rb")} is missing`),
      notRails.stderr,
    );
    assert.ok(!fs.existsSync(path.join(dir, "config", "routes.ts")), "nothing written");
  });

  // Rails' routing code itself, from a clone of rails/rails that RAILS_GIT names (test/README.md): the corpus drawn by Rails 2.2.2 and 2.3.2.
  const railsGit = process.env.RAILS_GIT;
  (railsGit ? it : it.skip)(
    "--rails PATH: Rails 2.2.2's and 2.3.2's own routing code draw each file of the corpus as the written file routes, and 2.3.14's draws it too",
    () => {
      const checkouts = fs.mkdtempSync(path.join(os.tmpdir(), "rr-rails-"));
      try {
        for (const [tag, behaviour] of [
          ["v2.2.2", "A"],
          ["v2.3.2", "B"],
        ] as const) {
          const checkout = path.join(checkouts, tag);
          fs.mkdirSync(checkout);
          const archive = cp.spawnSync("git", ["--git-dir", railsGit!, "archive", tag, "actionpack/lib", "activesupport/lib"], {
            maxBuffer: 256 * 1024 * 1024,
          });
          cp.execFileSync("tar", ["-x", "-C", checkout], { input: archive.stdout });
          for (const name of ["blog", "shop", "legacy", "radiant", "redmine", "methods"]) {
            const imported = run("import", path.join(CORPUS, `${name}.rb`), "--behaviour", behaviour, "--stdout", "--rails", checkout);
            assert.strictEqual(imported.status, 0, imported.stderr);
            const count = JSON.parse(fs.readFileSync(path.join(CORPUS, `${name}.${tag}.json`), "utf8")).routes.length;
            assert.ok(
              imported.stderr.includes(
                `${count} routes: Rails ${tag.slice(1, 4)}'s own routing code draws from ${name}.rb the routes the analyser reads from the output, in order`,
              ),
              imported.stderr,
            );
          }
          // A plugin's route method, left out by the import, is left out of Rails' drawing too: the rest compares.
          const plugin = project(draw("  map.resources :posts\n  map.from_plugin :spree\n  map.resources :tags"));
          const partial = run("import", plugin.routes, "--behaviour", behaviour, "--stdout", "--allow-partial", "--rails", checkout);
          assert.strictEqual(partial.status, 0, partial.stderr);
          assert.match(partial.stderr, /own routing code draws from routes\.rb the routes the analyser reads from the output, in order/);
          // A file Rails draws otherwise is not written: behaviour B's file against Rails 2.2.
          const other = project(draw("  map.resources :posts"));
          const mismatch = run("import", other.routes, "--behaviour", behaviour === "A" ? "B" : "A", "--rails", checkout);
          assert.strictEqual(mismatch.status, 1);
          assert.ok(!fs.existsSync(path.join(other.dir, "config", "routes.ts")), "nothing written");
        }
        // A later 2.3 release, as applications vendored it: its core extensions load ActiveSupport's deprecation, which the driver stands
        // in for. From 2.3.4 on, Rails drew a resource's nested routes before its own (behaviour B is 2.3.2): the proof names the difference.
        const later = path.join(checkouts, "v2.3.14");
        fs.mkdirSync(later);
        const archive = cp.spawnSync("git", ["--git-dir", railsGit!, "archive", "v2.3.14", "actionpack/lib", "activesupport/lib"], {
          maxBuffer: 256 * 1024 * 1024,
        });
        cp.execFileSync("tar", ["-x", "-C", later], { input: archive.stdout });
        const blog = run("import", path.join(CORPUS, "blog.rb"), "--behaviour", "B", "--stdout", "--rails", later);
        assert.strictEqual(blog.status, 1, blog.stderr);
        assert.match(
          blog.stderr,
          /the routes read from it differ from those Rails 2\.3 drew from blog\.rb:\nroute 1: GET \/posts\/:post_id\/comments\.:format comments#index/,
        );
        assert.doesNotMatch(blog.stderr, /NoMethodError/);
        // An application that says it runs 2.3.14 is imported in Rails 2.3.4's order (nested_routes_first), which 2.3.14 draws.
        const on2314 = project(fs.readFileSync(path.join(CORPUS, "blog.rb"), "utf8"), "RAILS_GEM_VERSION = '2.3.14' unless defined? RAILS_GEM_VERSION\n");
        const matched = run("import", on2314.routes, "--stdout", "--rails", later);
        assert.strictEqual(matched.status, 0, matched.stderr);
        assert.match(matched.stderr, /Rails 2\.3's own routing code draws from routes\.rb the routes the analyser reads from the output, in order/);
      } finally {
        fs.rmSync(checkouts, { recursive: true, force: true });
      }
    },
  );

  it("hostile Ruby: values that share parts, doubling strings, methods calling themselves, multiplied loops and 10,000 brackets are bounded, each a reported line", () => {
    const shared = ["A0 = ['x', 'y', 'z']", ...Array.from({ length: 11 }, (_, i) => `A${i + 1} = [${Array(6).fill(`A${i}`).join(", ")}]`)];
    const doubled = ["S0 = 'xx'", ...Array.from({ length: 40 }, (_, i) => `S${i + 1} = "#{S${i}}#{S${i}}"`)];
    const list = `L = [${Array.from({ length: 100 }, (_, i) => i).join(", ")}]`;
    const cases: Array<[string, string, RegExp]> = [
      [shared.join("\n"), "  map.resources :posts, :x => A11", /:\d+: not imported: a value larger than 100000 elements and characters written out/],
      [doubled.join("\n"), "  map.resources S40", /:\d+: not imported: a value larger than 100000 elements and characters written out/],
      [
        "def f(map, n)\n  return if n == 0\n  f(map, n - 1)\n  f(map, n - 1)\nend",
        "  f(map, 40)",
        /:3: not imported: f calls itself: the importer follows no recursion/,
      ],
      [
        list,
        "  L.each do |a|\n    L.each do |b|\n      L.each do |c|\n        x = 1\n      end\n    end\n  end",
        /:\d+: not imported: past the 500000 steps of evaluation a file may take/,
      ],
    ];
    for (const [before, body, reported] of cases) {
      const { routes } = project(`${before}\n${draw(`  map.resources :kept\n${body}`)}`);
      const imported = run("import", routes, "--stdout", "--allow-partial");
      assert.strictEqual(imported.status, 0, imported.stderr);
      assert.match(imported.stderr, reported);
      assert.match(imported.stdout, /map\.resources\("kept"\);/);
      assert.ok(imported.stdout.length < 2_000_000, `${imported.stdout.length} characters written`);
    }
    const brackets = project(`X = ${"[".repeat(10_000)}${"]".repeat(10_000)}\n${draw("  map.resources :posts")}`);
    const nested = run("import", brackets.routes);
    assert.strictEqual(nested.status, 1, nested.stderr);
    assert.match(
      nested.stderr.trim(),
      /^[^\n]*routes\.rb: the Ruby parser (failed on this file \(nested too deeply for it\)|stopped on this file)[^\n]*: nothing is imported$/,
    );
  });

  it("hostile Ruby: a syntax error, a file too large, deep nesting, __END__ and heredocs: a clear answer, nothing written", () => {
    const broken = project("ActionController::Routing::Routes.draw do |map|\n  map.resources :posts do |p|\n");
    const error = run("import", broken.routes);
    assert.strictEqual(error.status, 1);
    assert.match(error.stderr.trim(), /^[^\n]*routes\.rb:\d+: syntax error: [^\n]+$/);
    assert.ok(!fs.existsSync(path.join(broken.dir, "config", "routes.ts")), "nothing written");

    const large = project(`# ${"x".repeat(6 * 1024 * 1024)}\n`);
    const tooLarge = run("import", large.routes);
    assert.strictEqual(tooLarge.status, 2);
    assert.match(tooLarge.stderr, /cannot read "[^"]*routes\.rb": it is 6 MB, over the 5 MB limit for routing files/);

    // Nesting the reader bounds, then nesting Prism itself fails on (it ends or loops): bounded in time either way.
    const nested = (depth: number) => project(draw(`${"  map.namespace :a do |map|\n".repeat(depth)}  map.resources :posts\n${"  end\n".repeat(depth)}`));
    const deep = run("import", nested(100).routes, "--stdout");
    assert.strictEqual(deep.status, 1);
    assert.match(deep.stderr, /not imported: a value nested more than 64 levels deep/);
    const deeper = nested(400);
    const parserFails = run("import", deeper.routes);
    assert.strictEqual(parserFails.status, 1);
    assert.match(
      parserFails.stderr.trim(),
      /^[^\n]*routes\.rb: the Ruby parser (did not finish within 10 s|stopped on this file|failed on this file)[^\n]*: nothing is imported$/,
    );
    assert.ok(!fs.existsSync(path.join(deeper.dir, "config", "routes.ts")), "nothing written");

    const tail = project(`${draw("  map.resources :posts\n  NOTE = <<~TEXT\n    a heredoc\n  TEXT")}__END__\nmap.resources :never\n`);
    const ended = run("import", tail.routes, "--stdout");
    assert.strictEqual(ended.status, 0, ended.stderr);
    assert.match(ended.stdout, /map\.resources\("posts"\);/);
    assert.doesNotMatch(ended.stdout, /never/);
  });
});
