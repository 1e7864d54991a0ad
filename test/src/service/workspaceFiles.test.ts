import * as assert from "assert";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { helpersModuleOf } from "../../../server/out/format/browserHelpers";
import { helpersFilesOf } from "../../../server/out/format/helpersFiles";
import { helperUseDiagnostics } from "../../../server/out/service/helperUses";
import { FileSystem, indexFile, indexFolder } from "../../../server/out/service/indexer";
import { DEFAULT_SETTINGS, readSettings } from "../../../server/out/service/settings";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { ROUTES, service } from "../support/serviceFixture";

/** The language service, through its entry point: the workspace: settings, indexing, several routing files and route sets. */

describe("service: settings", () => {
  const UNSAID = `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("people"); });\n`;
  const routesWith = (raw: unknown, text = UNSAID) => {
    const workspace = new RoutingWorkspace(readSettings(raw).settings);
    workspace.set({ uri: "file:///r.ts", version: 1, text });
    return workspace.routingFile("file:///r.ts")!;
  };
  it("the default behaviour applies where the file says none; the file's own wins", () => {
    assert.strictEqual(routesWith({ defaultBehaviour: "A" }).behaviour, "A");
    assert.strictEqual(routesWith({ defaultBehaviour: "A" }, UNSAID.replace("draw((map)", `draw({ behaviour: "B" }, (map)`)).behaviour, "B");
    assert.strictEqual(routesWith({}).behaviour, "B");
  });
  it("path names, separator and inflections are defaults for draw()", () => {
    const file = routesWith({ resourcesPathNames: { new: "nuevo", edit: "editar" }, inflections: { irregular: { person: "persons" } } });
    const paths = file.routes.routes.map((r) => r.path);
    assert.ok(paths.includes("/people/nuevo.:format"), paths.join());
    assert.ok(file.routes.table.named.has("edit_person"));
  });
  it("the values an editor sends for settings left unset change nothing", () => {
    const file = routesWith({
      resourcesPathNames: {},
      resourceActionSeparator: "/",
      inflections: { irregular: {}, uncountable: [] },
      routingFiles: DEFAULT_SETTINGS.routingFiles,
    });
    assert.ok(file.routes.routes.some((r) => r.path === "/people/new.:format"));
  });
  it("a value of the wrong type is reported and its default used", () => {
    const { settings, problems } = readSettings({ defaultBehaviour: "D", routingFiles: "routes.ts", hover: { enabled: false } });
    assert.deepStrictEqual([settings.defaultBehaviour, settings.routingFiles, settings.features.hover], ["B", DEFAULT_SETTINGS.routingFiles, false]);
    assert.deepStrictEqual(problems, [
      `resourceRoutes.defaultBehaviour must be "A", "B" or "C"; the default is used`,
      "resourceRoutes.routingFiles must be a list of glob patterns; the default is used",
    ]);
  });
});

describe("service: indexing a folder", () => {
  /** An in-memory file system: path → text. */
  const memory = (files: Record<string, string>): FileSystem => ({
    readDirectory: async (dir) => {
      const names = new Map<string, boolean>();
      for (const path of Object.keys(files)) {
        if (!path.startsWith(`${dir}/`)) continue;
        const [name, ...rest] = path.slice(dir.length + 1).split("/");
        names.set(name, rest.length > 0);
      }
      if (names.size === 0) throw new Error(`ENOENT ${dir}`);
      return [...names].map(([name, directory]) => ({ name, directory }));
    },
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT ${path}`);
      return files[path];
    },
  });
  const FILES = {
    "/app/config/routes.ts": ROUTES,
    "/app/src/views.ts": "link(posts_path());",
    "/app/src/other.ts": "export const x = 1;",
    "/app/node_modules/lib/routes.ts": ROUTES.replace(`"posts"`, `"hidden"`),
    "/app/README.md": "posts_path",
  };
  it("finds routing files by content and helper users, skipping excluded folders and other files", async () => {
    const workspace = new RoutingWorkspace();
    const counts = await indexFolder(workspace, "file:///app", memory(FILES));
    assert.deepStrictEqual(counts, { read: 3, kept: 2 });
    assert.deepStrictEqual([...workspace.documents()].map((d) => d.uri).sort(), ["file:///app/config/routes.ts", "file:///app/src/views.ts"]);
    assert.ok(workspace.namedRoute("post") && !workspace.namedRoute("hidden"));
    // A file never opened still answers references.
    assert.deepStrictEqual(
      service(workspace)
        .references("file:///app/src/views.ts", 7, false)
        .map((l) => l.uri),
      ["file:///app/src/views.ts"],
    );
  });
  it("keeps a file that writes a URL by hand though it imports nothing of the routes: references count its URLs, in properties and lists too", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(
      workspace,
      "file:///app",
      memory({ ...FILES, "/app/src/api.ts": 'export const endpoints = { url: "/posts/1" };\nexport const all = ["/posts", "/nowhere"];\n' }),
    );
    assert.ok(workspace.document("file:///app/src/api.ts"), "kept");
    const uses = service(workspace)
      .references("file:///app/config/routes.ts", ROUTES.indexOf('"posts"') + 1, false)
      .filter((l) => l.uri === "file:///app/src/api.ts");
    assert.strictEqual(uses.length, 2);
  });
  it("also keeps what tells which route set a file imports: modules that re-export one, and tsconfig.json", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(
      workspace,
      "file:///app",
      memory({
        ...FILES,
        "/app/src/routing.ts": `export { default as routes } from "../config/routes";\n`,
        "/app/tsconfig.json": `{ "compilerOptions": {} }`,
        "/app/node_modules/lib/tsconfig.json": "{}",
      }),
    );
    assert.deepStrictEqual([...workspace.documents()].map((d) => d.uri).sort(), [
      "file:///app/config/routes.ts",
      "file:///app/src/routing.ts",
      "file:///app/src/views.ts",
      "file:///app/tsconfig.json",
    ]);
  });
  it("a closed routing file keeps no syntax tree; opened as it is on disk, it keeps its analysis and gets a tree when asked", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(workspace, "file:///app", memory(FILES));
    const uri = "file:///app/config/routes.ts";
    const fromDisk = workspace.routingFile(uri)!;
    assert.strictEqual(fromDisk.analysis.reuse?.trees.current, undefined);
    workspace.set({ uri, version: 1, text: ROUTES });
    const opened = workspace.routingFile(uri)!;
    assert.strictEqual(opened, fromDisk, "nothing is analysed again");
    assert.ok(opened.analysis.syntax!().statements.length > 0);
    assert.ok(opened.analysis.reuse?.trees.current, "the tree is kept while the file is open");
    // An edit inside one statement is read alone, from the readings the closed file kept.
    const edited = ROUTES.replace('"posts"', '"articles"');
    assert.notStrictEqual(edited, ROUTES);
    workspace.set({ uri, version: 2, text: edited });
    const after = workspace.routingFile(uri)!;
    assert.ok(after.routes.table.named.has("articles"));
    // Closed again unchanged from disk: its analysis is compacted, not made again.
    workspace.set({ uri, version: 3, text: ROUTES });
    const reverted = workspace.routingFile(uri)!;
    workspace.close(uri);
    const closed = workspace.routingFile(uri)!;
    assert.strictEqual(closed.routes, reverted.routes);
    assert.strictEqual(closed.analysis.reuse?.trees.current, undefined);
  });
  it("an open routing file gives up its syntax tree at the second idle moment without an edit, and analyses on without it", () => {
    const workspace = new RoutingWorkspace();
    const uri = "file:///app/config/routes.ts";
    workspace.set({ uri, version: 1, text: ROUTES });
    const tree = () => workspace.routingFile(uri)!.analysis.reuse?.trees.current;
    assert.ok(tree());
    workspace.releaseSyntaxTrees();
    assert.ok(tree(), "edited since the last idle moment (opened): kept");
    workspace.releaseSyntaxTrees();
    assert.strictEqual(tree(), undefined);
    const routes = workspace.routingFile(uri)!.routes;
    assert.ok(routes.table.named.has("posts"), "the routes stay");
    // An edit across statements parses the file again; the routes are those of a fresh analysis.
    const edited = ROUTES.replace("\n});", `\n  map.resources("tags");\n});`);
    assert.notStrictEqual(edited, ROUTES);
    workspace.set({ uri, version: 2, text: edited });
    const fresh = new RoutingWorkspace();
    fresh.set({ uri, version: 1, text: edited });
    assert.deepStrictEqual(
      workspace.routingFile(uri)!.routes.routes.map((r) => r.toJSON()),
      fresh.routingFile(uri)!.routes.routes.map((r) => r.toJSON()),
    );
    assert.ok(tree(), "parsed again, the tree is kept while the file is edited");
  });
  it("an open document hides its disk copy until closed", async () => {
    const workspace = new RoutingWorkspace();
    await indexFolder(workspace, "file:///app", memory(FILES));
    workspace.set({ uri: "file:///app/config/routes.ts", version: 7, text: ROUTES.replace(`"posts"`, `"articles"`) });
    assert.ok(workspace.namedRoute("article") && !workspace.namedRoute("post"));
    workspace.close("file:///app/config/routes.ts");
    assert.ok(workspace.namedRoute("post") && !workspace.namedRoute("article"));
  });
  it("of a split helpers module's generated files, the main module alone is kept (it records the recipe)", async () => {
    const made = helpersModuleOf(
      loadRoutingFile(ROUTES, "/app/config/routes.ts")!.routes,
      { routes: "../config/routes.ts", split: true, client: true },
      "routes.js",
    );
    const files: Record<string, string> = { "/app/config/routes.ts": ROUTES };
    for (const { file, text } of helpersFilesOf(made, "/app/web/routes.js", "/app/config/routes.ts", true)) files[file] = text;
    assert.ok(Object.keys(files).length > 8 && Object.keys(files).some((file) => file.startsWith("/app/web/routes/")));
    const workspace = new RoutingWorkspace();
    const counts = await indexFolder(workspace, "file:///app", memory(files));
    assert.deepStrictEqual(counts, { read: Object.keys(files).length, kept: 2 });
    assert.deepStrictEqual([...workspace.documents()].map((d) => d.uri).sort(), ["file:///app/config/routes.ts", "file:///app/web/routes.js"]);
    // Of the main module, the two lines the server reads: the mark and the recipe.
    assert.deepStrictEqual(workspace.document("file:///app/web/routes.js")!.text.toString().split("\n"), [
      files["/app/web/routes.js"].split("\n")[0],
      '// resource-routes helpers {"routes":"../config/routes.ts","include":[],"exclude":[],"client":true,"split":true}',
      "",
    ]);
  });
  it("the settings' globs choose what is read", async () => {
    const workspace = new RoutingWorkspace(readSettings({ routingFiles: ["config/**/*.ts"] }).settings);
    assert.deepStrictEqual(await indexFolder(workspace, "file:///app", memory(FILES)), { read: 1, kept: 1 });
  });
  it("a file that became unreadable leaves the workspace", async () => {
    const workspace = new RoutingWorkspace();
    const files: Record<string, string> = { ...FILES };
    await indexFolder(workspace, "file:///app", memory(files));
    delete files["/app/config/routes.ts"];
    assert.strictEqual(await indexFile(workspace, "file:///app/config/routes.ts", memory(files)), false);
    assert.deepStrictEqual([...workspace.namedRoutes()], []);
  });
});

describe("service: several routing files", () => {
  it("a name held by two files resolves to the first; each name is listed once", () => {
    const workspace = new RoutingWorkspace();
    const file = (resource: string) =>
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("${resource}"); map.resources("shared"); });\n`;
    workspace.set({ uri: "file:///a.ts", version: 1, text: file("alpha") });
    workspace.set({ uri: "file:///b.ts", version: 1, text: file("beta") });
    assert.strictEqual(workspace.namedRoute("shared")!.uri, "file:///a.ts");
    assert.strictEqual(workspace.namedRoute("beta")!.uri, "file:///b.ts");
    const names = [...workspace.namedRoutes()].map(([name]) => name);
    assert.deepStrictEqual(
      names.filter((n) => n === "shared"),
      ["shared"],
    );
    assert.ok(names.includes("alpha") && names.includes("beta"));
  });
});

describe("service: several route sets in one workspace", () => {
  /** Two applications, each with its routing file, views that import one of them, and a file that imports neither. */
  function monorepo(): RoutingWorkspace {
    const w = new RoutingWorkspace();
    const routing = (resources: string) =>
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("${resources}"); map.resources("tags"); });\n`;
    w.set({ uri: "file:///repo/shop/config/routes.ts", version: 1, text: routing("products") });
    w.set({ uri: "file:///repo/blog/config/routes.ts", version: 1, text: routing("posts") });
    // The blog's route set is imported through a module that re-exports it, with a .js specifier.
    w.set({ uri: "file:///repo/blog/lib/routing.ts", version: 1, text: `export { default as routes } from "../config/routes.js";\n` });
    w.set({
      uri: "file:///repo/blog/views/post.ts",
      version: 1,
      text: `import { routes } from "../lib/routing";\nroutes.helpers.posts_path(); routes.helpers.products_path(); routes.helpers.tags_path();\n`,
    });
    w.set({
      uri: "file:///repo/shop/views/product.ts",
      version: 1,
      text: `import routes from "../config/routes";\nroutes.helpers.products_path(); routes.helpers.tags_path();\n`,
    });
    w.set({ uri: "file:///repo/tools/any.ts", version: 1, text: `routes.helpers.posts_path(); routes.helpers.products_path(); routes.helpers.tags_path();\n` });
    // The shop's views may import through a literal path alias of its tsconfig.json (comments allowed, as tsc allows them).
    w.set({
      uri: "file:///repo/shop/tsconfig.json",
      version: 1,
      text: `{\n  // the shop's aliases\n  "compilerOptions": { "baseUrl": ".", "paths": { "@shop/*": ["config/*"] } }\n}\n`,
    });
    w.set({
      uri: "file:///repo/shop/views/cart.ts",
      version: 1,
      text: `import routes from "@shop/routes";\nroutes.helpers.products_path(); routes.helpers.posts_path();\n`,
    });
    return w;
  }
  const BLOG_VIEW = "file:///repo/blog/views/post.ts";
  const SHOP_VIEW = "file:///repo/shop/views/product.ts";

  it("a file that imports a typed route set (draw<Routes>) gets no unknown-helper: TypeScript reports it there, once", () => {
    const w = monorepo();
    const unknown = (uri: string) => helperUseDiagnostics(w, uri).map((d) => d.code);
    assert.deepStrictEqual(unknown(BLOG_VIEW), ["unknown-helper"]);
    w.set({
      uri: "file:///repo/blog/config/routes.ts",
      version: 2,
      text: `import { draw } from "resource-routes";\nimport type { Routes } from "./routes.routes.js";\nexport default draw<Routes>((map) => { map.resources("posts"); map.resources("tags"); });\n`,
    });
    assert.deepStrictEqual(unknown(BLOG_VIEW), []);
    assert.deepStrictEqual(unknown("file:///repo/shop/views/cart.ts"), ["unknown-helper"], "the shop's route set is not typed");
  });

  it("a file sees the helpers of the route set it imports, directly or through a re-export; one that imports none sees all", () => {
    const w = monorepo();
    assert.deepStrictEqual(w.routeSetOf(BLOG_VIEW), ["file:///repo/blog/config/routes.ts"]);
    assert.deepStrictEqual(w.routeSetOf(SHOP_VIEW), ["file:///repo/shop/config/routes.ts"]);
    assert.strictEqual(w.routeSetOf("file:///repo/tools/any.ts"), undefined);
    assert.deepStrictEqual(w.routeSetOf("file:///repo/shop/views/cart.ts"), ["file:///repo/shop/config/routes.ts"], "through the tsconfig's paths");
    // An unsaved document has no folder: its imports resolve to nothing, and it sees every route set.
    w.set({ uri: "untitled:Untitled-1", version: 1, text: `import routes from "@shop/routes";\nimport other from "./routes";\n` });
    assert.strictEqual(w.routeSetOf("untitled:Untitled-1"), undefined);
    const unknown = (uri: string) => helperUseDiagnostics(w, uri).map((d) => `${d.code} ${w.document(uri)!.text.slice(d.span!.start, d.span!.end)}`);
    assert.deepStrictEqual(unknown(BLOG_VIEW), ["unknown-helper products_path"]);
    assert.deepStrictEqual(unknown(SHOP_VIEW), []);
    assert.deepStrictEqual(unknown("file:///repo/tools/any.ts"), []);
    assert.deepStrictEqual(unknown("file:///repo/shop/views/cart.ts"), ["unknown-helper posts_path"]);
    const offered = (uri: string, at: string) =>
      service(w)
        .completions(uri, w.document(uri)!.text.toString().indexOf(at) + 2)
        .map((i) => i.label);
    assert.ok(offered(BLOG_VIEW, "posts_path").includes("posts_path") && !offered(BLOG_VIEW, "products_path").includes("products_path"));
    assert.ok(offered(SHOP_VIEW, "products_path").includes("products_path"));
  });

  it("definition, references and rename follow each file's route set: tags_path is two helpers", () => {
    const w = monorepo();
    const blogTags = w.document(BLOG_VIEW)!.text.toString().indexOf("tags_path") + 1;
    assert.deepStrictEqual(
      service(w)
        .definitions(BLOG_VIEW, blogTags)
        .map((l) => l.uri)[0],
      "file:///repo/blog/config/routes.ts",
    );
    const shopTags = w.document(SHOP_VIEW)!.text.toString().indexOf("tags_path") + 1;
    assert.deepStrictEqual(
      service(w)
        .definitions(SHOP_VIEW, shopTags)
        .map((l) => l.uri)[0],
      "file:///repo/shop/config/routes.ts",
    );
    const referencing = service(w)
      .references(BLOG_VIEW, blogTags, false)
      .map((l) => l.uri)
      .sort();
    assert.deepStrictEqual(referencing, [BLOG_VIEW, "file:///repo/tools/any.ts"]);
    const renamed = service(w).renameEdits(BLOG_VIEW, blogTags, "labels");
    assert.ok(!("error" in renamed), JSON.stringify(renamed));
    assert.deepStrictEqual([...new Set(renamed.edits.map((e) => e.uri))].sort(), [
      "file:///repo/blog/config/routes.ts",
      BLOG_VIEW,
      "file:///repo/tools/any.ts",
    ]);
  });
});

describe("service: a routing file calling a function of another module", () => {
  const routesUri = "file:///app/config/routes.ts";
  const pluginUri = "file:///app/config/plugin.ts";
  const ROUTING = [
    `import { draw } from "resource-routes";`,
    `import { pluginRoutes } from "./plugin";`,
    `export default draw({ behaviour: "B" }, (map) => {`,
    `  map.resources("posts", { only: "index" });`,
    `  pluginRoutes(map);`,
    `});`,
    ``,
  ].join("\n");
  const plugin = (name: string) =>
    `import type { Mapper } from "resource-routes";\nexport function pluginRoutes(map: Mapper): void {\n  map.resources("${name}", { only: ["index"] });\n}\n`;
  const paths = (workspace: RoutingWorkspace) => workspace.routingFile(routesUri)!.routes.routes.map((r) => r.path);

  it("reads the function in the workspace's document of that module, and again when that document changes", () => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: routesUri, version: 1, text: ROUTING });
    workspace.setFromDisk({ uri: pluginUri, version: 1, text: plugin("passwords") });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format", "/passwords.:format"]);
    // The routing file unchanged, its module edited: the routes follow the module.
    workspace.set({ uri: pluginUri, version: 2, text: plugin("sessions") });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format", "/sessions.:format"]);
    // An edit of the routing file elsewhere keeps reading the module (a statement that read it is never re-used as it was).
    const edited = ROUTING.replace(`{ only: "index" }`, `{ only: ["index"] }`);
    workspace.set({ uri: routesUri, version: 2, text: edited });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format", "/sessions.:format"]);
    // The hover on the call lists the routes it draws.
    const at = edited.indexOf("pluginRoutes(map)") + 2;
    assert.match(JSON.stringify(service(workspace).hover(routesUri, at)), /sessions/);
    // Gone from the workspace, the module's routes are not known: the call is said not static.
    workspace.close(pluginUri);
    workspace.deleteFromDisk(pluginUri);
    assert.deepStrictEqual(paths(workspace), ["/posts.:format"]);
    assert.ok(
      service(workspace)
        .diagnostics(routesUri)
        .some((d) => d.code === "not-static" && /a module the analyser does not find/.test(d.message)),
    );
  });

  it("a module that was not there when the routing file was read is read once it comes", () => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: routesUri, version: 1, text: ROUTING });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format"]);
    // Another document edited: nothing came, and the routes stand.
    workspace.set({ uri: "file:///app/views.ts", version: 1, text: "export {};\n" });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format"]);
    workspace.set({ uri: "file:///app/views.ts", version: 2, text: "export const a = 1;\n" });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format"]);
    workspace.setFromDisk({ uri: pluginUri, version: 1, text: plugin("passwords") });
    assert.deepStrictEqual(paths(workspace), ["/posts.:format", "/passwords.:format"]);
  });
});
