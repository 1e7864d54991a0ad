import * as assert from "assert";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { type ParseRuby, rubyParser } from "../../../server/out/ruby/prism";
import { readRoutesRb } from "../../../server/out/ruby/routesRb";
import type { RubyReading } from "../../../server/out/ruby/rubyReading";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { service } from "../support/serviceFixture";

/**
 * A Rails 2 routes.rb in the language service: read through Prism into the same declaration tree,
 * each declaration and option placed in the Ruby text; hovers, diagnostics, views and the conversion
 * work on it, and nothing edits it as TypeScript. Prism runs here in the test's thread (the server
 * runs it in a worker: rubyReader.test.ts).
 */

const RUBY_URI = "file:///app/config/routes.rb";
const RUBY = `# Routes of the shop.
ActionController::Routing::Routes.draw do |map|
  map.resources :products, :membr => { :rate => :put } do |product|
    product.resources :reviews, :only => [:index, :create], :except => [:destroy]
  end
  map.login 'login', :controller => 'sessions', :action => 'new'
  map.login 'signin', :controller => 'sessions', :action => 'new'
  map.from_plugin :spree
  map.connect 'files/*path', :controller => 'files', :action => 'show'
  map.resources :orders
  map.connect 'files/:name', :controller => 'files', :action => 'named'
end
`;

let parse: ParseRuby;

/** Reads each text at once (as the worker would, later): or, with `pending`, only once `arrive()` is called. */
function workspaceWithRuby(text: string, options: { railsGemVersion?: string; pending?: boolean } = {}) {
  const asked: string[] = [];
  let ready = !options.pending;
  const reader = {
    read(uri: string, source: string): RubyReading | undefined {
      asked.push(uri);
      if (!ready) return undefined;
      const imported = readRoutesRb(parse, source, { env: "production", constants: new Map(), despiteSyntaxErrors: true });
      return { imported, railsGemVersion: options.railsGemVersion, hasEnvironment: options.railsGemVersion !== undefined };
    },
  };
  const workspace = new RoutingWorkspace(undefined, reader);
  workspace.set({ uri: RUBY_URI, version: 1, text });
  const arrive = () => {
    ready = true;
    workspace.rubyReadingArrived(RUBY_URI);
  };
  return { workspace, service: service(workspace), asked, arrive };
}

/** The span of the `nth` occurrence of `what` in the Ruby text. */
function spanOf(what: string, text = RUBY, nth = 0): { start: number; end: number } {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(what, start + 1);
  assert.ok(start >= 0, what);
  return { start, end: start + what.length };
}

describe("service: a Rails 2 routes.rb", () => {
  before(async () => {
    parse = await rubyParser();
  });

  it("is a routing file once its reading arrives, with the routes its import to TypeScript has", () => {
    const { workspace, asked, arrive } = workspaceWithRuby(RUBY, { pending: true });
    assert.strictEqual(workspace.routingFile(RUBY_URI), undefined);
    assert.deepStrictEqual(asked, [RUBY_URI]);
    arrive();
    const file = workspace.routingFile(RUBY_URI)!;
    assert.ok(file, "a routing file after its reading arrived");
    // The conversion's file, read by the analyser, routes as the Ruby reading does.
    const convert = service(workspace).codeActions(RUBY_URI, { start: 0, end: 0 });
    assert.deepStrictEqual(
      convert.map((action) => [action.title, action.createFile, action.createOnly]),
      [["Convert to config/routes.ts", "file:///app/config/routes.ts", true]],
    );
    const typescript = loadRoutingFile(convert[0].edits[0].newText, "routes.ts")!;
    assert.deepStrictEqual(
      typescript.routes.routes.map((route) => route.toJSON()),
      file.routes.routes.map((route) => route.toJSON()),
    );
    // products 7, reviews 2 (B: only wins), two logins, two file routes, orders 7.
    assert.strictEqual(file.routes.routes.length, 20);
    assert.match(
      convert[0].edits[0].newText,
      /^\/\/ Imported from routes\.rb by `resource-routes import`: behaviour B \(the default: no config\/environment\.rb beside it\)/,
    );
  });

  it("hovers a declaration where it is written, with its routes", () => {
    const { service: routes } = workspaceWithRuby(RUBY);
    const at = spanOf(":orders");
    const hover = routes.hover(RUBY_URI, at.start + 2)!;
    assert.match(hover.contents, /^\*\*resources\*\* `orders`: 7 routes/);
    assert.match(hover.contents, /\| GET \| `\/orders\/:id\.:format` \| `order_path` \| `orders#show` \|/);
    assert.deepStrictEqual(hover.span, at);
    // On the method name too, and on an option key, its meaning.
    assert.match(routes.hover(RUBY_URI, spanOf("resources :orders").start + 1)!.contents, /`orders`: 7 routes/);
    assert.match(routes.hover(RUBY_URI, spanOf(":only").start + 2)!.contents, /^`only` — the default actions to route/);
  });

  it("places each diagnostic in the Ruby text: options, names, unread parts, unreachable routes", () => {
    const { service: routes } = workspaceWithRuby(RUBY, { railsGemVersion: "2.3.2" });
    const found = routes.diagnostics(RUBY_URI).map((d) => ({ code: d.code, severity: d.severity, text: RUBY.slice(d.span!.start, d.span!.end) }));
    const of = (code: string) => found.filter((d) => d.code === code);
    assert.deepStrictEqual(of("unknown-option"), [{ code: "unknown-option", severity: "warning", text: ":membr" }]);
    // On the first login's name, as written (the method): Rails' named-route table gave the name to the later one.
    const taken = routes.diagnostics(RUBY_URI).filter((d) => d.code === "route-name-taken");
    assert.deepStrictEqual(
      taken.map((d) => d.span),
      [spanOf("login 'login'")].map(({ start }) => ({ start, end: start + "login".length })),
    );
    assert.match(taken[0].message, /"login" goes to the later route of line 7/);
    assert.deepStrictEqual(of("not-static"), [{ code: "not-static", severity: "information", text: "map.from_plugin :spree" }]);
    // What the plugin drew is unknown: the routes after it may not be what they seem.
    assert.deepStrictEqual(
      of("partial-routes").map((d) => d.text),
      ["map.from_plugin :spree"],
    );
    // Without it, the glob route is seen to capture the route declared after it.
    const whole = RUBY.replace("  map.from_plugin :spree\n", "");
    const unreachable = workspaceWithRuby(whole)
      .service.diagnostics(RUBY_URI)
      .filter((d) => d.code === "unreachable-route");
    assert.deepStrictEqual(
      unreachable.map((d) => whole.slice(d.span!.start, d.span!.end)),
      ["'files/:name'"],
    );
  });

  it("in behaviour A (RAILS_GEM_VERSION 2.2) only and except together are refused, on the second written; in B allowed", () => {
    const { service: a } = workspaceWithRuby(RUBY, { railsGemVersion: "2.2.2" });
    assert.deepStrictEqual(
      a.diagnostics(RUBY_URI).flatMap((d) => (d.code === "only-and-except" ? [RUBY.slice(d.span!.start, d.span!.end)] : [])),
      [":except"],
    );
    const { service: b } = workspaceWithRuby(RUBY, { railsGemVersion: "2.3.2" });
    assert.deepStrictEqual(
      b.diagnostics(RUBY_URI).filter((d) => d.code === "only-and-except"),
      [],
    );
  });

  it("a half-typed routes.rb keeps the routes read before the error, and says where the error is", () => {
    const broken = RUBY.replace("  map.resources :orders\n", "  map.resources :orders, :only => [\n");
    const { workspace, service: routes } = workspaceWithRuby(broken);
    const file = workspace.routingFile(RUBY_URI)!;
    assert.ok(file.routes.routes.some((route) => route.name === "products"));
    assert.ok(routes.diagnostics(RUBY_URI).some((d) => d.code === "syntax-error"));
    // Never converted: an import writes nothing it could only partly read.
    assert.deepStrictEqual(routes.codeActions(RUBY_URI, { start: 0, end: broken.length }), []);
  });

  it("places declarations after text of several bytes a character by UTF-16 offsets", () => {
    const text = RUBY.replace("# Routes of the shop.", "# Routes of the café ☕ and 🛒 shop.");
    const { service: routes } = workspaceWithRuby(text);
    const at = spanOf(":orders", text);
    assert.deepStrictEqual(routes.hover(RUBY_URI, at.start + 1)!.span, at);
    const unknown = routes.diagnostics(RUBY_URI).find((d) => d.code === "unknown-option")!;
    assert.strictEqual(text.slice(unknown.span!.start, unknown.span!.end), ":membr");
  });

  it("is in the outline, the routes' views, workspace symbols and path hints", () => {
    const { service: routes } = workspaceWithRuby(RUBY);
    assert.deepStrictEqual(
      routes.documentSymbols(RUBY_URI).map((symbol) => symbol.name),
      // The first login's name went to the second in Rails' named-route table: it is a plain route.
      ["resources products", "connect login", "named_route login", "connect files/*path", "resources orders", "connect files/:name"],
    );
    const order = routes.workspaceSymbols("order_path").find((symbol) => symbol.name === "order_path")!;
    assert.strictEqual(order.uri, RUBY_URI);
    assert.strictEqual(RUBY.slice(order.span.start, order.span.end), ":orders");
    const hints = routes.declarationPathHints(RUBY_URI, { start: 0, end: RUBY.length });
    assert.ok(
      hints.some((hint) => hint.label.includes("/orders")),
      JSON.stringify(hints),
    );
    assert.match(routes.routesTable({}).text, /order_path|orders#show/);
  });

  it("is never edited as TypeScript: no completion, no signature help, no rename, no quick fix", () => {
    const { service: routes } = workspaceWithRuby(RUBY);
    const offset = spanOf(":membr").start + 2;
    assert.deepStrictEqual(routes.completions(RUBY_URI, offset), []);
    assert.strictEqual(routes.signatureHelp(RUBY_URI, offset), undefined);
    assert.match((routes.renameRange(RUBY_URI, spanOf(":orders").start + 2) as { error: string }).error, /renamed in Ruby/);
    const actions = routes.codeActions(RUBY_URI, spanOf(":membr"));
    assert.deepStrictEqual(
      actions.map((action) => action.title),
      ["Convert to config/routes.ts"],
    );
  });

  it("a routes.rb that draws nothing of Rails' routes, or another .rb file, is not a routing file", () => {
    const { workspace } = workspaceWithRuby("puts 'hello'\n");
    assert.strictEqual(workspace.routingFile(RUBY_URI), undefined);
    workspace.set({ uri: "file:///app/config/other.rb", version: 1, text: RUBY });
    assert.strictEqual(workspace.routingFile("file:///app/config/other.rb"), undefined);
  });
});

describe("service: a modern routes.rb (Rails 3 and later)", () => {
  const MODERN = `Rails.application.routes.draw do
  resources :products do
    member { post :favorite }
  end
  get "about" => "pages#about"
  devise_for :users
end
`;
  before(async () => {
    parse = await rubyParser();
  });

  it("routes in behaviour C, hovers where each call is written, says what only a gem draws, and converts to a C routing file", () => {
    const { workspace, service: routes } = workspaceWithRuby(MODERN);
    const file = workspace.routingFile(RUBY_URI)!;
    assert.strictEqual(file.behaviour, "C");
    assert.deepStrictEqual(
      file.routes.routes.slice(0, 3).map((route) => `${route.name} ${route.verb} ${route.path}`),
      ["favorite_product POST /products/:id/favorite(.:format)", "products GET /products(.:format)", "null POST /products(.:format)"],
    );
    const hover = routes.hover(RUBY_URI, spanOf(":products", MODERN).start + 2)!;
    assert.match(hover.contents, /^\*\*resources\*\* `products`: 8 routes/);
    const unread = routes.diagnostics(RUBY_URI).find((d) => d.code === "not-static")!;
    assert.strictEqual(MODERN.slice(unread.span!.start, unread.span!.end), "devise_for :users");
    assert.match(unread.message, /devise_for: the model User's `devise` call, which says which routes Devise draws, is not found in app\/models/);
    const [convert] = routes.codeActions(RUBY_URI, { start: 0, end: 0 });
    assert.match(convert.edits[0].newText, /export default draw\(\{ behaviour: "C" \}, \(r\) => \{/);
    const typescript = loadRoutingFile(convert.edits[0].newText, "routes.ts")!;
    assert.deepStrictEqual(
      typescript.routes.routes.map((route) => route.toJSON()),
      file.routes.routes.map((route) => route.toJSON()),
    );
  });

  it("gives a view in the workspace the helpers of its routes", () => {
    const { workspace, service: routes } = workspaceWithRuby(MODERN);
    const view = "const url = routes.helpers.";
    workspace.set({ uri: "file:///app/app/javascript/view.ts", version: 1, text: view });
    const labels = routes.completions("file:///app/app/javascript/view.ts", view.length).map((item) => item.label);
    for (const helper of ["favorite_product_path", "about_path"]) assert.ok(labels.includes(helper), helper);
  });

  it("a front-end file's helpers are its own application's: the routes.rb of the Rails application it lies in, whatever else names the same route", () => {
    const { workspace, service: routes } = workspaceWithRuby(MODERN);
    // Another application first in the workspace, with a product route of its own.
    const OTHER_URI = "file:///admin/config/routes.rb";
    workspace.set({ uri: OTHER_URI, version: 1, text: `Rails.application.routes.draw do\n  resources :products, only: :show\nend\n` });
    assert.ok(workspace.routingFile(OTHER_URI));
    const call = "product_path(1);";
    const goes = (uri: string) => {
      workspace.set({ uri, version: 1, text: call });
      return routes.definitions(uri, 3).map((location) => location.uri);
    };
    assert.deepStrictEqual(goes("file:///app/app/javascript/view.ts"), [RUBY_URI]);
    assert.deepStrictEqual(goes("file:///admin/app/javascript/view.ts"), [OTHER_URI]);
    // A helper only the other application has is unknown in this one's front end.
    const favorite = "routes.helpers.favorite_product_path(1);";
    workspace.set({ uri: "file:///admin/app/javascript/favorite.ts", version: 1, text: favorite });
    assert.ok(routes.diagnostics("file:///admin/app/javascript/favorite.ts").some((d) => /favorite_product_path/.test(d.message)));
    workspace.set({ uri: "file:///app/app/javascript/favorite.ts", version: 1, text: favorite });
    assert.deepStrictEqual(routes.diagnostics("file:///app/app/javascript/favorite.ts"), []);
  });
});
