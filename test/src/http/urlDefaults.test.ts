import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, type Filters, type HttpOptions } from "resource-routes/http";
import * as ts from "typescript";
import { pathToFileURL } from "url";

import { helpersModuleOf } from "../../../server/out/format/browserHelpers";
import { routeTypesOf, typesDefaultsOf } from "../../../server/out/format/routeTypes";
import { ROOT } from "../support/fixtures";

/**
 * Segment defaults on both sides: on the server the request's own values of HttpOptions.urlDefaults
 * and what a filter sets on ctx.urlDefaults; in the browser configure({ defaults }). Both answer alike.
 */

const routes = draw({ behaviour: "B" }, (map) => {
  map.with_options({ path_prefix: ":locale" }, (localised) => localised.resources("posts", { member: { publish: "put" } }));
  map.resources("tenants", (tenant) => tenant.resources("invoices"));
});

const links = (ctx: ActionContext) => ({
  index: ctx.urls.posts_path(),
  show: ctx.urls.post_path({ id: 7 }),
  given: ctx.urls.post_path("de", 7),
  named: ctx.urls.post_path({ id: 7, locale: "it" }),
  url: ctx.urls.post_url({ id: 7 }),
  query: ctx.urls.tenant_invoices_path({ tenant_id: 3 }),
});

function serve(options: HttpOptions, tenantFilter = false) {
  const controllers: Controllers = {
    posts: { show: links, index: links },
    tenants: { show: links },
    invoices: {
      filters: (tenantFilter ? { before: [(ctx) => void (ctx.urlDefaults.tenant_id = ctx.params.tenant_id)] } : {}) satisfies Filters,
      index: (ctx: ActionContext) => ({ invoice: ctx.urls.tenant_invoice_path({ id: 1 }), locale: ctx.urls.posts_path({ locale: "en" }) }),
    },
  };
  const handler = fetchHandler(routes, controllers, { ...options, onError: (error) => console.error(error) });
  return async (path: string) => (await handler(new Request(`http://shop.example${path}`, { headers: { accept: "application/json" } })))!.json();
}

describe("segment defaults on the server (HttpOptions.urlDefaults, ctx.urlDefaults)", () => {
  it("fills a segment a call leaves out from the request's own value of a listed key, and nothing else", async () => {
    const get = serve({ urlDefaults: ["locale"] });
    assert.deepStrictEqual(await get("/fr/posts/1"), {
      index: "/fr/posts",
      show: "/fr/posts/7",
      given: "/de/posts/7",
      named: "/it/posts/7",
      url: "http://shop.example/fr/posts/7",
      // tenant_invoices has no :locale: the default never reaches its query string.
      query: "/tenants/3/invoices",
    });
  });

  it("leaves a call that lacks a segment failing as before when no key is listed", async () => {
    const handler = fetchHandler(routes, { posts: { show: (ctx: ActionContext) => ctx.urls.post_path({ id: 7 }) } }, { onError: () => {} });
    const answer = await handler(new Request("http://shop.example/fr/posts/1"));
    assert.strictEqual(answer!.status, 500);
  });

  it("takes what a before filter sets on ctx.urlDefaults, read when each helper is called", async () => {
    const get = serve({}, true);
    assert.deepStrictEqual(await get("/tenants/5/invoices"), { invoice: "/tenants/5/invoices/1", locale: "/en/posts" });
  });
});

describe("segment defaults in typed routes (types --default)", () => {
  it("the helpers of an action's urls take a defaulted key optionally; the route set's own helpers still require it; the file records the keys", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-typed-defaults-"));
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const text = routeTypesOf(routes, "routes.ts", { defaults: ["locale"] });
    assert.deepStrictEqual(typesDefaultsOf(text), ["locale"]);
    assert.deepStrictEqual(typesDefaultsOf(routeTypesOf(routes, "routes.ts")), []);
    fs.writeFileSync(path.join(dir, "routes.routes.d.ts"), text);
    fs.writeFileSync(
      path.join(dir, "use.ts"),
      [
        'import type { ActionContext, Routes } from "./routes.routes.js";',
        'export function show({ urls }: ActionContext<"posts#show">) {',
        '  return [urls.post_path({ id: 1 }), urls.post_url({ id: 1, locale: "fr" }), urls.formatted_post_path({ id: 1 }), urls.tenant_invoices_path({ tenant_id: 2 })];',
        "}",
        "declare const routes: Routes;",
        "export const strict = routes.helpers.post_path({ id: 1 }); // locale is required here",
        "",
      ].join("\n"),
    );
    const program = ts.createProgram([path.join(dir, "use.ts")], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
    assert.strictEqual(errors.length, 1, errors.join("\n"));
    assert.match(errors[0], /^6: .*locale/);
  });
});

describe("segment defaults in the browser's helpers module (configure({ defaults }))", () => {
  type Browser = Record<string, (...args: unknown[]) => unknown> & { configure(options: object): void };
  let browser: Browser;
  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-url-defaults-"));
    const made = helpersModuleOf(routes, { routes: "routes.ts", defaults: ["locale"] });
    fs.writeFileSync(path.join(dir, "routes.mjs"), made.js);
    browser = (await import(pathToFileURL(path.join(dir, "routes.mjs")).href)) as Browser;
  });

  it("fills the route's own segments a call leaves out, as the server's urls do with the same defaults", async () => {
    assert.throws(() => browser.posts_path(), /no value for :locale/);
    browser.configure({ host: "shop.example", defaults: { locale: "fr" } });
    const server = await serve({ urlDefaults: ["locale"] })("/fr/posts/1");
    const calls: Record<string, () => unknown> = {
      index: () => browser.posts_path(),
      show: () => browser.post_path({ id: 7 }),
      given: () => browser.post_path("de", 7),
      named: () => browser.post_path({ id: 7, locale: "it" }),
      url: () => browser.post_url({ id: 7 }),
      query: () => browser.tenant_invoices_path({ tenant_id: 3 }),
    };
    assert.deepStrictEqual(Object.fromEntries(Object.entries(calls).map(([key, call]) => [key, call()])), server);
    assert.deepStrictEqual(browser.postsPublish({ id: 2 }), { url: "/fr/posts/2/publish", method: "put" });
    assert.deepStrictEqual(browser.postsPublishForm({ id: 2 }), { action: "/fr/posts/2/publish", method: "post", fields: { _method: "put" } });
  });

  it("--default makes the key optional in the declared signatures, and only that key", () => {
    const made = helpersModuleOf(routes, { routes: "routes.ts", defaults: ["locale"] });
    const shape = /export declare const post_path: (Helper\d+)<string>;/.exec(made.dts)![1];
    assert.match(
      made.dts,
      new RegExp(
        `type ${shape}<Result> = \\{ \\(locale: RouteValue, id: RouteValue, format: RouteValue, options\\?: NamedValues\\): Result;[^\\n]* \\(options: NamedValues & \\{ id: RouteValue; \\}\\): Result; \\};`,
      ),
    );
    assert.match(made.js.split("\n")[1], /"defaults":\["locale"\]/);
    const plain = helpersModuleOf(routes, { routes: "routes.ts" });
    assert.match(plain.dts, /\(options: NamedValues & \{ locale: RouteValue; id: RouteValue; \}\): Result; \};/);
  });
});
