import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

/** The real server over stdio on a Rails 2 application's config/routes.rb: read in the server's worker, from disk and as edited. */

const ROUTES = `ActionController::Routing::Routes.draw do |map|
  map.resources :posts, :only => [:index, :show], :except => :destroy
  map.resources :orders, :colection => { :recent => :get }
end
`;

describe("language server over stdio: a Rails 2 routes.rb", function () {
  this.timeout(30_000);
  let client: LanguageClient;
  let folder: string;
  let routesUri: string;

  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-ruby-"));
    fs.mkdirSync(path.join(folder, "config"));
    fs.writeFileSync(path.join(folder, "config", "routes.rb"), ROUTES);
    fs.writeFileSync(path.join(folder, "config", "environment.rb"), "RAILS_GEM_VERSION = '2.2.2' unless defined? RAILS_GEM_VERSION\n");
    routesUri = URI.file(path.join(folder, "config", "routes.rb")).toString();
    client = new LanguageClient();
    await client.start(URI.file(folder).toString());
  });

  after(async () => {
    assert.strictEqual(await client.stop(), 0);
    assert.deepStrictEqual(client.errors, []);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("publishes its diagnostics where they are written, in the behaviour environment.rb's Rails version gives", async () => {
    await client.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: routesUri, languageId: "ruby", version: 1, text: ROUTES },
    });
    const diagnostics = await client.waitForDiagnostics(routesUri, (ds) => ds.length >= 2);
    const at = (d: rpc.Diagnostic) => ROUTES.split("\n")[d.range.start.line].slice(d.range.start.character, d.range.end.character);
    assert.deepStrictEqual(diagnostics.map((d) => [d.code, at(d)]).sort(), [
      ["only-and-except", ":except"],
      ["unknown-option", ":colection"],
    ]);
  });

  it("offers to convert it: a routes.ts created beside it, never over a file", async () => {
    const actions = (await client.connection.sendRequest(rpc.CodeActionRequest.type, {
      textDocument: { uri: routesUri },
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
      context: { diagnostics: [], only: [rpc.CodeActionKind.Refactor] },
    })) as rpc.CodeAction[];
    assert.deepStrictEqual(
      actions.map((a) => [a.title, a.kind]),
      [["Convert to config/routes.ts", rpc.CodeActionKind.RefactorRewrite]],
    );
    const [create, edit] = actions[0].edit!.documentChanges! as [rpc.CreateFile, rpc.TextDocumentEdit];
    assert.deepStrictEqual(create, { kind: "create", uri: routesUri.replace(/\.rb$/, ".ts"), options: { overwrite: false, ignoreIfExists: false } });
    assert.match(
      (edit.edits[0] as rpc.TextEdit).newText,
      /behaviour A \(RAILS_GEM_VERSION 2\.2\.2\)[\s\S]*map\.resources\("orders", \{ colection: \{ recent: "get" \} \}\);/,
    );
    // A quick fix is asked for: a routes.rb has none (its fixes would be TypeScript's).
    const quickFixes = await client.connection.sendRequest(rpc.CodeActionRequest.type, {
      textDocument: { uri: routesUri },
      range: { start: { line: 2, character: 30 }, end: { line: 2, character: 30 } },
      context: { diagnostics: [], only: [rpc.CodeActionKind.QuickFix] },
    });
    assert.deepStrictEqual(quickFixes, []);
  });

  it("reads an edit again: the diagnostics follow the text", async () => {
    const fixed = ROUTES.replace(":colection", ":collection").replace(", :except => :destroy", "");
    await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: routesUri, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    await client.waitForDiagnostics(routesUri, (ds) => ds.length === 0);
    const symbols = (await client.connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: "recent_orders" })) as rpc.SymbolInformation[];
    // Behaviour A: formatted_ helpers too.
    assert.deepStrictEqual(
      symbols.map((s) => [s.name, s.location.uri]),
      ["recent_orders_path", "recent_orders_url", "formatted_recent_orders_path", "formatted_recent_orders_url"].map((name) => [name, routesUri]),
    );
  });
  it("hovers a declaration with its routes (A: each with and without a format; the only+except refusal stopped the routes after it until the edit above)", async () => {
    const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: routesUri }, position: { line: 2, character: 19 } });
    assert.match((hover!.contents as rpc.MarkupContent).value, /`orders`: 16 routes/);
    assert.deepStrictEqual(hover!.range, { start: { line: 2, character: 16 }, end: { line: 2, character: 23 } }); // `:orders`
  });
});

describe("language server over stdio: the first hover on a routing file just opened", function () {
  this.timeout(30_000);

  for (const [name, file, text, at] of [
    ["a routes.rb (read in the server's worker)", "config/routes.rb", ROUTES, { line: 2, character: 8 }],
    [
      "a TypeScript routing file",
      "config/routes.ts",
      `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("orders");\n});\n`,
      { line: 2, character: 8 },
    ],
  ] as const) {
    it(`${name}: asked the moment it opens, while the workspace is still being indexed, it waits for the file's routes and lists them`, async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-first-hover-"));
      fs.mkdirSync(path.join(folder, "config"));
      fs.writeFileSync(path.join(folder, file), text);
      const uri = URI.file(path.join(folder, file)).toString();
      const client = new LanguageClient();
      try {
        await client.start(URI.file(folder).toString());
        await client.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
          textDocument: { uri, languageId: file.endsWith(".rb") ? "ruby" : "typescript", version: 1, text },
        });
        const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: at });
        const contents = hover?.contents as rpc.MarkupContent | undefined;
        assert.match(
          contents?.value ?? "(no hover)",
          /\*\*resources\*\* `orders`: 7 routes\n\n\| verb \| path \|[^\n]*\n[^\n]*\n\| GET \| `\/orders\.:format`/,
        );
      } finally {
        assert.strictEqual(await client.stop(), 0);
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});

describe("language server over stdio: a modern routes.rb and the files it draws", function () {
  this.timeout(30_000);

  it("reads the routes.rb again when a file of config/routes it draws changes on disk (the watcher's event), its last routes standing in meanwhile", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-drawn-"));
    fs.mkdirSync(path.join(folder, "config", "routes"), { recursive: true });
    fs.writeFileSync(path.join(folder, "config", "routes.rb"), "Rails.application.routes.draw do\n  resources :posts, only: [:index]\n  draw(:admin)\nend\n");
    const admin = path.join(folder, "config", "routes", "admin.rb");
    fs.writeFileSync(admin, "namespace :admin do\n  resources :users, only: [:index]\nend\n");
    const client = new LanguageClient();
    const symbols = async (query: string) =>
      ((await client.connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query })) as rpc.SymbolInformation[]).map((s) => s.name);
    try {
      await client.start(URI.file(folder).toString());
      const until = async (query: string, expected: string[]) => {
        for (let i = 0; i < 200 && JSON.stringify(await symbols(query)) !== JSON.stringify(expected); i++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        assert.deepStrictEqual(await symbols(query), expected);
      };
      await until("admin_users", ["admin_users_path", "admin_users_url"]);
      fs.writeFileSync(admin, "namespace :admin do\n  resources :reports, only: [:index]\nend\n");
      await client.connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, {
        changes: [{ uri: URI.file(admin).toString(), type: rpc.FileChangeType.Changed }],
      });
      await until("admin_reports", ["admin_reports_path", "admin_reports_url"]);
      assert.deepStrictEqual(await symbols("admin_users"), []);
    } finally {
      assert.strictEqual(await client.stop(), 0);
      assert.deepStrictEqual(client.errors, []);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("language server over stdio: a modern routes.rb and the application's files it reads", function () {
  this.timeout(30_000);

  it("reads the routes.rb again when a model changes on disk: devise_for draws the routes of the modules its devise call names now", async () => {
    const folder = railsApplication("rr-devise-", {
      "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users\nend\n",
      "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable\nend\n",
    });
    await withServer(folder, async (client, uriOf) => {
      const symbols = async (query: string) =>
        ((await client.connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query })) as rpc.SymbolInformation[]).map((s) => s.name);
      assert.deepStrictEqual(
        await answered(
          () => symbols("new_user_session_path"),
          (names) => names.length > 0,
        ),
        ["new_user_session_path"],
      );
      assert.deepStrictEqual(await symbols("new_user_registration_path"), []);
      fs.writeFileSync(
        path.join(folder, "app", "models", "user.rb"),
        "class User < ApplicationRecord\n  devise :database_authenticatable, :registerable\nend\n",
      );
      await client.connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, {
        changes: [{ uri: uriOf("app/models/user.rb"), type: rpc.FileChangeType.Changed }],
      });
      assert.deepStrictEqual(
        await answered(
          () => symbols("new_user_registration_path"),
          (names) => names.length > 0,
        ),
        ["new_user_registration_path"],
      );
    });
  });
});

/** A new Rails application's folder: its files by path (config/routes.rb among them). */
function railsApplication(prefix: string, files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

/** Runs `use` with a real server started on `folder`, then stops it (cleanly, with no error logged) and removes the folder. */
async function withServer(folder: string, use: (client: LanguageClient, uriOf: (file: string) => string) => Promise<void>): Promise<void> {
  const client = new LanguageClient();
  try {
    await client.start(URI.file(folder).toString());
    await use(client, (file) => URI.file(path.join(folder, file)).toString());
  } finally {
    assert.strictEqual(await client.stop(), 0);
    assert.deepStrictEqual(client.errors, []);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** What `ask` answers once `done` holds of it (the routes.rb is read in the server's worker: its routes come when the reading arrives). */
async function answered<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  let answer = await ask();
  for (let i = 0; i < 200 && !done(answer); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await ask();
  }
  return answer;
}

describe("language server over stdio: a modern routes.rb that reads the application's own constants", function () {
  this.timeout(30_000);

  it("finds them as the import does (config/application.rb's module)", async () => {
    const text = "Rails.application.routes.draw do\n  resources :pages, only: :show, constraints: { id: Regexp.union(Shop::PAGES) }\nend\n";
    const folder = railsApplication("rr-constants-", {
      "config/routes.rb": text,
      "config/application.rb": "module Shop\n  PAGES = %w[about faq].freeze\nend\n",
    });
    await withServer(folder, async (client, uriOf) => {
      const uri = uriOf("config/routes.rb");
      await client.open(uri, text);
      // Once the reading arrives, the route is drawn with the constant's pattern, and nothing is reported unread.
      const hover = await answered(
        () => client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 14 } }),
        (answer) => answer !== null,
      );
      assert.match(
        (hover?.contents as rpc.MarkupContent | undefined)?.value ?? "",
        /`pages`: 1 route[\s\S]*\| GET \| `\/pages\/:id\(\.:format\)` \| `page_path` \|/,
      );
      const diagnostics = await client.waitForDiagnostics(uri, () => true);
      assert.deepStrictEqual(
        diagnostics.filter((d) => d.code === "not-static").map((d) => d.message),
        [],
      );
    });
  });
});

describe("language server over stdio: the environment a routes.rb is read in (railsEnv)", function () {
  this.timeout(30_000);

  it("production unless the setting says otherwise, and read again when it changes", async () => {
    const text = 'Rails.application.routes.draw do\n  resources :posts, only: :index\n  get "letters" => "letters#index" if Rails.env.development?\nend\n';
    await withServer(railsApplication("rr-env-", { "config/routes.rb": text }), async (client, uriOf) => {
      const names = async () =>
        ((await client.connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: "_path" })) as rpc.SymbolInformation[]).map((s) => s.name).sort();
      const until = async (expected: string[]) =>
        assert.deepStrictEqual(await answered(names, (found) => JSON.stringify(found) === JSON.stringify(expected)), expected);
      await client.open(uriOf("config/routes.rb"), text);
      await until(["posts_path"]);
      client.settings = { railsEnv: "development" };
      await client.connection.sendNotification(rpc.DidChangeConfigurationNotification.type, { settings: {} });
      await until(["letters_path", "posts_path"]);
    });
  });
});

describe("language server over stdio: a Rails application's TypeScript front end, its helpers from config/routes.rb", function () {
  this.timeout(30_000);
  const ROUTES_RB = "Rails.application.routes.draw do\n  resources :posts, only: [:index, :show] do\n    member { post :publish }\n  end\nend\n";
  const PAGE = 'import { post_path } from "../routes";\n\nexport const link = post_path(1);\nexport const next = publish_po;\n';

  it("completes, hovers and goes to the definition in routes.rb, with nothing generated first", async () => {
    const folder = railsApplication("rr-front-", { "config/routes.rb": ROUTES_RB, "app/javascript/pages/post.ts": PAGE });
    await withServer(folder, async (client, uriOf) => {
      const pageUri = uriOf("app/javascript/pages/post.ts");
      const at = (line: number, character: number) => ({ textDocument: { uri: pageUri }, position: { line, character } });
      await client.open(pageUri, PAGE);
      const labelsOf = (completion: rpc.CompletionList | rpc.CompletionItem[] | null) =>
        (Array.isArray(completion) ? completion : (completion?.items ?? [])).map((item) => item.label);
      const completion = await answered(
        async () => (await client.connection.sendRequest(rpc.CompletionRequest.type, at(3, 30))) as rpc.CompletionList | rpc.CompletionItem[] | null,
        (answer) => labelsOf(answer).includes("publish_post_path"),
      );
      assert.ok(labelsOf(completion).includes("publish_post_path"), labelsOf(completion).join(", "));
      const hover = await client.connection.sendRequest(rpc.HoverRequest.type, at(2, 22));
      assert.match(JSON.stringify(hover?.contents ?? ""), /GET `\/posts\/:id\(\.:format\)` → `posts#show`/);
      const definition = (await client.connection.sendRequest(rpc.DefinitionRequest.type, at(2, 22))) as rpc.Location | rpc.Location[] | null;
      const locations = Array.isArray(definition) ? definition : definition ? [definition] : [];
      assert.deepStrictEqual(
        locations.map((location) => [location.uri, location.range.start.line]),
        [[uriOf("config/routes.rb"), 1]],
      );
    });
  });
});
