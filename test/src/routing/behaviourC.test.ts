import * as assert from "assert";
import type { RequestFacts } from "resource-routes";
import { draw, redirect, RouteSet, ScopedMapper, UnknownHttpMethod } from "resource-routes";
import { fetchHandler } from "resource-routes/http";
import { assertGenerates } from "resource-routes/testing";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { BehaviourCCase, behaviourCCases, behaviourCFile, echoApp } from "../support/fixtures";
import { asRailsRoute, type RailsRoute, railsTarget, sortedKeys } from "../support/railsTable";
import { runRoutingFile } from "../support/runRoutingFile";

/**
 * Behaviour C against Rails 6.1 itself: test/fixtures/behaviour-c/cases.json holds each case's
 * routes.rb and its TypeScript twin, with the routes, recognitions and generations Rails 6.1's own
 * routing gave for the routes.rb (scripts/behaviourCCases.mjs asks the rails6 oracle again).
 */

const CASES = behaviourCCases();

/** The case's TypeScript drawn in behaviour C. */
function drawn(c: BehaviourCCase): RouteSet {
  if (c.example) return runRoutingFile<RouteSet>(behaviourCFile(c), c.example);
  const body = new Function("r", "redirect", "echo", c.ts!) as (r: ScopedMapper, given: typeof redirect, echo: typeof echoApp) => void;
  return draw({ behaviour: "C", warn: () => undefined }, (r) => body(r, redirect, echoApp));
}

/** Rails' routes (those drawn before it raised, for a case that raises), a default as text: a route keeps its fixed values as recognition gives them. */
function routesBefore(c: BehaviourCCase): RailsRoute[] {
  const text = (defaults: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, typeof value === "number" ? String(value) : value]));
  return c.rails.routes.map((route) => ({
    ...route,
    requirements: sortedKeys(route.requirements),
    defaults: sortedKeys(text(route.defaults)),
    ...(route.target === undefined ? {} : { target: railsTarget(route.target) }),
  }));
}

/** Rails' polymorphic helpers by their names: `edit_polymorphic_path(record)` is polymorphicPath(record, { action: "edit" }). */
function polymorphic(routes: RouteSet, method: string, target: unknown, options: Record<string, unknown> = {}): string {
  const [, action, type] = /^(?:(new|edit)_)?polymorphic_(path|url)$/.exec(method)!;
  const given = action ? { ...options, action } : options;
  return type === "url" ? routes.polymorphicUrl(target as never, given) : routes.polymorphicPath(target as never, given);
}

/** What a Rails error says that ours says too: an ArgumentError's message, a missing helper's name. */
function railsErrorText(error: string): string {
  const missing = /^NoMethodError: undefined method `(\w+)'/.exec(error);
  return missing ? missing[1] : error.replace(/^ArgumentError: /, "");
}

/** A request as the oracle was asked it: a path, or a whole URL whose host and scheme recognition is told. */
function requestOf(url: string): { path: string; facts?: RequestFacts } {
  if (url.startsWith("/")) return { path: url };
  const parsed = new URL(url);
  return { path: parsed.pathname, facts: { host: parsed.host, protocol: parsed.protocol } };
}

describe("behaviour C: Rails 6.1's routing, case by case", () => {
  it("has its cases (every one answered by Rails 6.1)", () => {
    assert.ok(CASES.length >= 30);
    for (const c of CASES) assert.match(c.rails.version, /^6\.1\./);
  });

  for (const c of CASES) {
    describe(c.name, () => {
      it("draws Rails' routes, in Rails' order, with Rails' names", () => {
        if (c.rails.error) {
          // Rails' first line, which ours begins with (ours may say the rest in other words).
          const message = c.rails.error
            .replace(/^ArgumentError: /, "")
            .split("\n")[0]
            .trim();
          assert.throws(
            () => drawn(c),
            (error: Error) => error.message.startsWith(message),
          );
          return;
        }
        const ours = drawn(c).routes.map(asRailsRoute);
        assert.deepStrictEqual(ours, routesBefore(c));
      });

      it("reads the same routes statically as draw() draws (the analyser)", () => {
        const loaded = loadRoutingFile(behaviourCFile(c), "routes.ts")!;
        assert.strictEqual(loaded.behaviour, "C");
        assert.deepStrictEqual(
          loaded.diagnostics.filter((d) => d.severity !== "error").map((d) => d.message),
          [],
        );
        if (c.rails.error) {
          const message = c.rails.error
            .replace(/^ArgumentError: /, "")
            .split("\n")[0]
            .trim();
          assert.ok(
            loaded.diagnostics.some((d) => d.severity === "error" && d.message.startsWith(message)),
            message,
          );
          return;
        }
        assert.deepStrictEqual(loaded.routes.toJSON().routes, drawn(c).toJSON().routes);
        // The custom helpers (`direct`) too, which are no routes; a function the analyser knows is there, never what it is.
        const directs = (routes: RouteSet) =>
          routes.directs.map(({ name, target }) => [name, typeof target === "object" && "code" in target ? "a function" : target]);
        assert.deepStrictEqual(directs(loaded.routes), directs(drawn(c)));
        // And the polymorphic mappings (`resolve`), alike.
        const mappings = (routes: RouteSet) =>
          [...routes.mappings.values()].map(({ model, target, defaults }) => [
            model,
            typeof target === "object" && "code" in target ? "a function" : target,
            { ...defaults },
          ]);
        assert.deepStrictEqual(mappings(loaded.routes), mappings(drawn(c)));
      });

      if (c.rails.recognitions.length) {
        it("recognises each request as Rails does", () => {
          const routes = drawn(c);
          for (const request of c.rails.recognitions) {
            const asked = `${request.verb} ${request.path}`;
            const { path, facts } = requestOf(request.path);
            if (request.error) {
              // Rails' error, ours: a method outside its list is refused before routing, else no route matches.
              const refused = request.error.startsWith("ActionController::UnknownHttpMethod") ? UnknownHttpMethod : /No route matches/;
              assert.throws(() => routes.recognize(request.verb, path, {}, facts), refused, asked);
              continue;
            }
            const { controller, action, params } = routes.recognize(request.verb, path, {}, facts);
            assert.deepStrictEqual(
              { controller, action, params: sortedKeys(params) },
              { controller: request.controller, action: request.action, params: request.params },
              asked,
            );
          }
        });
      }

      if (c.rails.served?.length) {
        it("answers each request served as Rails' route set does (a redirect: its status and Location; an application: what it was given)", async () => {
          const handle = fetchHandler(drawn(c), {}, { onError: () => undefined });
          for (const request of c.rails.served!) {
            const asked = `${request.verb} ${request.url}`;
            const response = await handle(new Request(request.url, { method: request.verb }));
            // Rails raised (a URL it could not make): a server error.
            const expected = request.error ? { status: 500, location: null } : { status: request.status, location: request.location };
            assert.deepStrictEqual({ status: response.status, location: response.headers.get("location") }, expected, asked);
            if (request.path_info === undefined) continue;
            const given = { script_name: response.headers.get("x-script-name"), path_info: response.headers.get("x-path-info") };
            assert.deepStrictEqual(given, { script_name: request.script_name, path_info: request.path_info }, asked);
          }
        });
      }

      if (c.rails.polymorphic?.length) {
        it("makes each polymorphic URL as Rails does (a record's model, a list, new and edit, a mapping of resolve)", () => {
          const routes = drawn(c);
          for (const { call, result, error } of c.rails.polymorphic!) {
            const asked = JSON.stringify(call);
            const made = () => polymorphic(routes, ...call);
            if (error) assert.throws(made, (thrown: Error) => thrown.message.includes(railsErrorText(error)), `${asked}: ${error}`);
            else assert.strictEqual(made(), result, asked);
          }
        });
      }

      if (c.rails.generations.length) {
        it("generates each helper's path, and each path from options (url_for), as Rails does", () => {
          const routes = drawn(c);
          const helpers = routes.helpers as unknown as Record<string, (...args: unknown[]) => string>;
          for (const generation of c.rails.generations) {
            const asked = JSON.stringify(generation.call ?? generation.options ?? [generation.helper, ...(generation.args ?? [])]);
            if (generation.options) {
              const options = generation.options as { controller: string; action: string };
              assert.strictEqual(routes.generate(options), generation.path, asked);
              // resource-routes/testing's assertGenerates picks the same route.
              assertGenerates(routes, generation.path!, options);
            } else if (generation.error)
              assert.throws(
                () => helpers[(generation.call as string[])?.[0] ?? generation.helper!](...(generation.args ?? (generation.call as unknown[]).slice(1))),
                Error,
                asked,
              );
            else assert.strictEqual(helpers[generation.helper!](...generation.args!), generation.path, asked);
          }
        });
      }
    });
  }
});

describe("behaviour C: constraints of the application's code", () => {
  const drawWith = (constraints: unknown) => draw({ behaviour: "C" }, (r) => r.get("x", { to: "p#x", constraints: constraints as () => boolean }));

  it("is a function or an object with matches(); an object of a class without it is refused, as Rails refuses what has no matches?", () => {
    class Plain {
      readonly admin = true;
    }
    assert.throws(() => drawWith(new Plain()), /an object of a class must have a matches\(request\) method/);
    assert.strictEqual(drawWith({ matches: () => true }).routes[0].applicationConstraints.length, 1);
    // A map of constraints is data, as before.
    assert.deepStrictEqual({ ...drawWith({ subdomain: "api" }).routes[0].conditions }, { subdomain: "api" });
  });

  it("is told the request: method, path, host, scheme, subdomain, port and the route's parameters", () => {
    const seen: unknown[] = [];
    const routes = draw({ behaviour: "C" }, (r) =>
      r.get("posts/:id", {
        to: "posts#show",
        defaults: { format: "json" },
        constraints: (request) => {
          const { method, path, host, scheme, protocol, subdomain, domain, port, pathParameters } = request;
          seen.push({ method, path, host, scheme, protocol, subdomain, domain, port, pathParameters: { ...pathParameters } });
          return true;
        },
      }),
    );
    routes.recognize("HEAD", "/posts/5", {}, { host: "api.example.com:8080", protocol: "https" });
    assert.deepStrictEqual(seen, [
      {
        method: "GET",
        path: "/posts/5",
        host: "api.example.com",
        scheme: "https",
        protocol: "https://",
        subdomain: "api",
        domain: "example.com",
        port: 8080,
        pathParameters: { controller: "posts", action: "show", format: "json", id: "5" },
      },
    ]);
  });
});

describe("behaviour C: url_for's options as a custom helper's or a polymorphic mapping's target", () => {
  const declarations: Array<[string, string, RegExp]> = [
    ['r.direct("shop", { controller: "posts", action: "index", script_name: "/shop" })', "direct", /direct :shop: the url_for option script_name is not read/],
    ['r.direct("shop", { controller: "posts", action: "index", params: "x" })', "direct", /direct :shop: the url_for option params is not read/],
    [
      'r.resolve("Basket", { controller: "posts", action: "index", script_name: "/shop" })',
      "resolve",
      /resolve "Basket": the url_for option script_name is not read/,
    ],
    ['r.resolve("Basket", { controller: "posts", action: "index", params: "x" })', "resolve", /resolve "Basket": the url_for option params is not read/],
    [
      'r.direct("shop", { controller: "posts", action: "index", anchor: { a: "b" } })',
      "direct",
      /direct :shop: anchor must be a string, a number or true\/false \(nested options are not read\)/,
    ],
    ['r.resolve("Basket", { controller: "posts", action: "index", anchor: { a: "b" } })', "resolve", /resolve "Basket": anchor must be a string/],
  ];

  it("refuses an option this version does not read (Rails prefixes the path with script_name and merges params into the query) and a nested one, drawn and read alike", () => {
    for (const [declaration, , refusal] of declarations) {
      const body = new Function("r", `r.resources("posts"); ${declaration};`) as (r: ScopedMapper) => void;
      assert.throws(() => draw({ behaviour: "C", warn: () => undefined }, body), refusal, declaration);
      const text = `import { draw } from "resource-routes";\nexport default draw({ behaviour: "C" }, (r) => {\n  r.resources("posts");\n  ${declaration};\n});\n`;
      const messages = loadRoutingFile(text, "routes.ts")!.diagnostics.map((d) => d.message);
      assert.ok(
        messages.some((message) => refusal.test(message)),
        `${declaration}: ${messages.join("; ")}`,
      );
    }
  });

  it("takes the options it reads: the route they name, on the host and with the anchor they give", () => {
    const routes = draw({ behaviour: "C", default_url_options: { host: "example.com" }, warn: () => undefined }, (r) => {
      r.resources("posts");
      r.direct("shop", { controller: "posts", action: "index", anchor: "top", host: "shop.example.com" });
      r.resolve("Basket", { controller: "posts", action: "show", id: 3, anchor: "items" });
    });
    const helpers = routes.helpers as unknown as Record<string, () => string>;
    assert.strictEqual(helpers.shop_url(), "http://shop.example.com/posts#top");
    assert.strictEqual(routes.polymorphicPath({ model_name: "Basket", id: 1 }), "/posts/3#items");
  });
});

describe("behaviour C: mounts", () => {
  it("a mount path of whole optional segments splits as Rails 6.1's router splits it; one with a group inside a segment is refused, as its expression would backtrack", () => {
    const app = () => new Response("app");
    const routes = draw({ behaviour: "C" }, (r) => r.mount(app, { at: "(/:locale)/docs", as: "docs" }));
    // Rails' SCRIPT_NAME and PATH_INFO for these requests (the oracle's route set, served).
    assert.deepStrictEqual(
      ["/fr/docs/a", "/docs/a", "/docs"].map((path) => routes.recognize("GET", path).mount),
      [
        { path: "/fr/docs", rest: "/a" },
        { path: "/docs", rest: "/a" },
        { path: "/docs", rest: "/" },
      ],
    );
    // The method a request is routed as, which a mounted application is given: a POST's `_method` applied, HEAD kept, an unknown `_method` ignored.
    assert.deepStrictEqual(
      [
        routes.match("POST", "/docs", { _method: "delete" }).method,
        routes.match("HEAD", "/docs").method,
        routes.match("POST", "/docs", { _method: "x" }).method,
      ],
      ["delete", "head", "post"],
    );
    assert.throws(
      () => draw({ behaviour: "C" }, (r) => r.mount(app, { at: "/d/:id(-:slug)" })),
      /a mount's path with an optional group inside a segment is not read by this version/,
    );
    assert.throws(() => draw({ behaviour: "C" }, (r) => r.mount(app, {} as never)), /Must be called with mount point/);
    assert.throws(() => draw({ behaviour: "C" }, (r) => r.mount("app" as never, { at: "/x" })), /mount\(\) needs an application/);
    assert.throws(
      () => draw({ behaviour: "C" }, (r) => r.get("x", { to: "c#a", anchor: false } as never)),
      /anchor: false is read for a route to an application/,
    );
  });
});

describe("behaviour C: optional groups, bounded", () => {
  it("draws a path of six groups in all its 64 forms, and refuses a seventh group however many are written (32 too, where a shift of 32 would wrap)", () => {
    const path = (count: number) => `a${Array.from({ length: count }, (_, i) => `(/:k${i})`).join("")}`;
    const six = draw({ behaviour: "C" }, (r) => r.get(path(6), { to: "a#b", as: "a" }));
    assert.strictEqual(six.recognize("GET", "/a/1/2/3/4/5/6").params.k5, "6");
    assert.strictEqual(six.recognize("GET", "/a").route, "a");
    for (const count of [7, 32, 33, 64])
      assert.throws(
        () => draw({ behaviour: "C" }, (r) => r.get(path(count), { to: "a#b" })),
        (error: Error) => error.message.includes("more than 6 optional groups"),
        String(count),
      );
  });
});
