import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { draw, type Mapper, type RouteSet } from "resource-routes";
import { assertGenerates, assertRecognizes, assertRouting, type RouteOptions } from "resource-routes/testing";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { ROOT } from "../support/fixtures";
import type { Call, Recorded } from "../support/railsRecording";

/*
 * Rails' own resource tests (actionpack/test/controller/resources_test.rb at v2.2.2 for behaviour A
 * and v2.3.2 for B), their declarations and assertions recorded as data by running each test
 * method under Ruby with Rails' routing code (test/fixtures/rails-tests/README.md), asserted here
 * through the runtime's draw() and through the analyser's reading of the same declarations written
 * as a routing file. Each Rails test is one test here, under its own name.
 */

type Expectation =
  | { kind: "routing" | "recognizes" | "not_recognizes" | "recognizes_any"; method: string; path: string; options: Recorded }
  | { kind: "generates"; path: string; options: Recorded }
  | { kind: "named" | "not_named"; helper: string; options: Recorded; recall: Recorded; expected: string }
  | { kind: "named_exists"; name: string };

/** One route set a test made: its declarations, the settings they were drawn with, the assertions made of it. */
interface Scope {
  settings: Recorded;
  draws: Call[][];
  expectations: Expectation[];
}

interface RailsTest {
  class: string;
  test: string;
  scopes: Scope[];
  error: string | null;
}

/** A recorded value as the DSL takes it: symbols as strings, Ruby's regular expressions as RegExp. */
function value(recorded: Recorded): unknown {
  if (recorded === null || typeof recorded !== "object") return recorded;
  if ("symbol" in recorded) return recorded.symbol;
  if ("regexp" in recorded) return new RegExp(recorded.regexp, recorded.flags.replace("x", ""));
  if ("array" in recorded) return recorded.array.map(value);
  if ("hash" in recorded) return Object.fromEntries(recorded.hash.map(([k, v]) => [String(value(k)), value(v)]));
  throw new Error(`a value the DSL cannot take: ${recorded.other}`);
}

/** The recorded calls made on the runtime's mapper. */
function replay(map: Mapper, calls: readonly Call[]): void {
  for (const call of calls) {
    const args = call.args.map(value);
    const block = call.block && ((inner: Mapper) => replay(inner, call.block!));
    const known = ["resources", "resource", "namespace", "with_options", "connect", "root"];
    const target = map as unknown as Record<string, (...a: unknown[]) => void>;
    if (known.includes(call.method)) target[call.method](...args, ...(block ? [block] : []));
    else map.named_route(call.method, args[0] as string, (args[1] ?? {}) as Record<string, unknown>);
  }
}

/** The same calls as a routing file's text, for the analyser. */
function source(calls: readonly Call[], settings: Record<string, unknown>): string {
  const text = (recorded: Recorded): string => {
    if (recorded === null || typeof recorded !== "object") return JSON.stringify(recorded);
    if ("symbol" in recorded) return JSON.stringify(recorded.symbol);
    if ("regexp" in recorded) return `/${recorded.regexp.replace(/\//g, "\\/")}/${recorded.flags.replace("x", "")}`;
    if ("array" in recorded) return `[${recorded.array.map(text).join(", ")}]`;
    if ("hash" in recorded) return `{ ${recorded.hash.map(([k, v]) => `${JSON.stringify(String(value(k)))}: ${text(v)}`).join(", ")} }`;
    throw new Error(`a value the DSL cannot take: ${recorded.other}`);
  };
  let depth = 0;
  const body = (map: string, list: readonly Call[]): string =>
    list
      .map((call) => {
        const args = call.args.map(text);
        if (!["resources", "resource", "namespace", "with_options", "connect", "root"].includes(call.method)) {
          return `${map}.named_route(${JSON.stringify(call.method)}, ${args.join(", ")});`;
        }
        if (!call.block) return `${map}.${call.method}(${args.join(", ")});`;
        const inner = `m${++depth}`;
        return `${map}.${call.method}(${[...args, `(${inner}) => {\n${body(inner, call.block)}\n}`].join(", ")});`;
      })
      .join("\n");
  return `import { draw } from "resource-routes";\nexport default draw(${JSON.stringify(settings)}, (map) => {\n${body("map", calls)}\n});\n`;
}

/**
 * A named-route helper's values as Rails' tests gave them: the test had made a request first (its
 * params recalled), and url_for filled the segments the options left out from that request's
 * params while the controller stayed the same. The helpers take no recall, so the recalled values
 * the route's path holds are passed along.
 */
function recalled(routes: RouteSet, expectation: Extract<Expectation, { kind: "named" | "not_named" }>): Record<string, unknown> {
  const options = value(expectation.options) as Record<string, unknown>;
  const recall = value(expectation.recall) as Record<string, unknown>;
  const name = expectation.helper.replace(/^hash_for_/, "").replace(/_(path|url)$/, "");
  const route = routes.routes.find((r) => r.name === name);
  if (!route || (options.controller !== undefined && recall.controller !== undefined && options.controller !== recall.controller)) return options;
  const filled = { ...options };
  for (const [key, recalledValue] of Object.entries(recall)) {
    if (key !== "controller" && key !== "action" && !(key in filled) && route.path.includes(`:${key}`)) filled[key] = recalledValue;
  }
  return filled;
}

function expect(routes: RouteSet, expectation: Expectation): void {
  switch (expectation.kind) {
    case "routing":
      return assertRouting(routes, { method: expectation.method, path: expectation.path }, value(expectation.options) as RouteOptions);
    case "recognizes":
      return assertRecognizes(routes, { method: expectation.method, path: expectation.path }, value(expectation.options) as RouteOptions);
    case "not_recognizes":
      // Rails' assert_not_recognizes: recognition fails, or gives other options.
      return void assert.throws(() =>
        expectation.options === null
          ? routes.recognize(expectation.method, expectation.path)
          : assertRecognizes(routes, { method: expectation.method, path: expectation.path }, value(expectation.options) as RouteOptions),
      );
    case "recognizes_any":
      return void routes.recognize(expectation.method, expectation.path);
    case "generates":
      return assertGenerates(routes, expectation.path, value(expectation.options) as RouteOptions);
    case "named": {
      const helper = (routes.helpers as unknown as Record<string, ((options: unknown) => string) | undefined>)[expectation.helper];
      assert.ok(helper, `no helper ${expectation.helper}`);
      const options = recalled(routes, expectation);
      return assert.strictEqual(helper(options), expectation.expected, `${expectation.helper}(${JSON.stringify(options)})`);
    }
    case "not_named": {
      const helper = (routes.helpers as unknown as Record<string, ((options: unknown) => string) | undefined>)[expectation.helper];
      return void assert.ok(!helper || helper(recalled(routes, expectation)) !== expectation.expected);
    }
    case "named_exists":
      return assert.ok(`${expectation.name}_path` in routes.helpers, `no route named ${expectation.name}`);
  }
}

for (const [tag, behaviour] of [
  ["v2.2.2", "A"],
  ["v2.3.2", "B"],
] as const) {
  const tests: RailsTest[] = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "fixtures", "rails-tests", `resources_test.${tag}.json`), "utf8"));
  describe(`Rails ${tag}'s resources_test.rb, in behaviour ${behaviour}`, () => {
    for (const test of tests) {
      const scopes = test.scopes.filter((scope) => scope.draws.length > 0 && scope.expectations.length > 0);
      if (scopes.length === 0) continue;
      const count = scopes.reduce((sum, scope) => sum + scope.expectations.length, 0);
      it(`${test.test}: ${count} assertions, through draw() and the analyser`, () => {
        for (const scope of scopes) {
          assert.strictEqual(scope.draws.length, 1, "one draw per route set");
          const [calls] = scope.draws;
          const settings = { ...(value(scope.settings) as Record<string, unknown>), behaviour };
          const runtime = draw(settings, (map) => replay(map, calls));
          const loaded = loadRoutingFile(source(calls, settings), "routes.ts");
          assert.ok(loaded, "the analyser reads the declarations");
          assert.deepStrictEqual(
            loaded.routes.routes.map((route) => route.toJSON()),
            runtime.routes.map((route) => route.toJSON()),
            "the analyser's routes are the runtime's",
          );
          for (const [routes, by] of [
            [runtime, "draw()"],
            [loaded.routes, "the analyser"],
          ] as const) {
            for (const [index, expectation] of scope.expectations.entries()) {
              try {
                expect(routes, expectation);
              } catch (error) {
                (error as Error).message = `${by}, assertion ${index + 1} (${expectation.kind}): ${(error as Error).message}`;
                throw error;
              }
            }
          }
        }
      });
    }
  });
}

/*
 * The resource tests of Rails' routing_test.rb (the same at v2.2.2 and v2.3.2): they ask the route
 * set with request objects, so they are written here by hand, each answer Rails' own under the
 * routing oracle. A `:controller` segment matches only the controllers the routes name, as the
 * oracle's list does (the test application had an admin/user controller besides).
 */
describe("Rails' routing_test.rb: the resource tests", () => {
  for (const behaviour of ["A", "B"] as const) {
    it(`${behaviour}: test_time_recognition's requests`, () => {
      const routes = draw({ behaviour }, (map) => {
        map.named_route("frontpage", "", { controller: "search", action: "new" });
        map.resources("videos", (video) => {
          video.resources("comments");
          video.resource("file", { controller: "video_file" });
          video.resource("share", { controller: "video_shares" });
          video.resource("abuse", { controller: "video_abuses" });
        });
        map.resources("abuses", { controller: "video_abuses" });
        map.resources("video_uploads");
        map.resources("video_visits");
        map.resources("users", (user) => {
          user.resource("settings");
          user.resources("videos");
        });
        map.resources("channels", (channel) => channel.resources("videos", { controller: "channel_videos" }));
        map.resource("session");
        map.resource("lost_password");
        map.named_route("search", "search", { controller: "search" });
        map.resources("pages");
        map.connect(":controller/:action/:id");
      });
      assertRecognizes(routes, "/videos/1234567", { controller: "videos", action: "show", id: "1234567" });
      assertRecognizes(routes, "/videos/1234567/abuse", { controller: "video_abuses", action: "show", video_id: "1234567" });
      assertRecognizes(routes, "/users/1234567/settings", { controller: "settings", action: "show", user_id: "1234567" });
      assertRecognizes(routes, "/channels/1234567", { controller: "channels", action: "show", id: "1234567" });
      assertRecognizes(routes, "/session/new", { controller: "sessions", action: "new" });
      assert.throws(() => routes.recognize("GET", "/admin/user/show/10"), { message: 'No route matches "/admin/user/show/10" with {:method=>:get}' });
    });
    it(`${behaviour}: test_named_route_in_nested_resource`, () => {
      const routes = draw({ behaviour }, (map) => {
        map.resources("projects", (project) => project.named_route("milestones", "milestones", { controller: "milestones", action: "index" }));
      });
      assertRecognizes(routes, "/projects/1/milestones", { controller: "milestones", action: "index", project_id: "1" });
    });
  }
});

/*
 * Shapes real routing files hold where the runtime once differed from Rails, each answer Rails'
 * own (v2.2.2 for A, v2.3.2 for B, under the routing oracle), the Ruby declaration beside it.
 */
describe("Rails' answers for defaults that are not segments, globs that take nothing, and actions given as nil", () => {
  for (const behaviour of ["A", "B"] as const) {
    const routes = draw({ behaviour }, (map) => {
      map.connect("files/*path", { controller: "files", action: "show" }); //        map.connect 'files/*path', :controller => 'files', :action => 'show'
      map.connect("docs/*path/edit", { controller: "docs", action: "edit" }); //     map.connect 'docs/*path/edit', :controller => 'docs', :action => 'edit'
      map.connect("a6/:id.:format", { controller: "c", action: "a6", format: "html" }); // map.connect 'a6/:id.:format', ..., :format => 'html'
      map.connect("b3/:id", { controller: "c", action: null }); //                   map.connect 'b3/:id', :controller => 'c', :action => nil
      map.connect("x/:id", { controller: "c", action: "x", format: "html" }); //     map.connect 'x/:id', ..., :format => 'html'
      map.connect("y", { controller: "c", action: "y", id: null }); //               map.connect 'y', ..., :id => nil
      map.connect("*anything", { controller: "errors", action: "missing" }); //      map.connect '*anything', ...
    });
    const recognised = (path: string) => {
      const { controller, action, params } = routes.recognize("GET", path);
      return { controller, action, params: { ...params } };
    };
    it(`${behaviour}: a last glob takes nothing too (Rails 2's path segment was (.*)); one in the middle does not`, () => {
      assert.deepStrictEqual(recognised("/files"), { controller: "files", action: "show", params: { path: "" } });
      assert.deepStrictEqual(recognised("/files/"), { controller: "files", action: "show", params: { path: "" } });
      assert.deepStrictEqual(recognised("/"), { controller: "errors", action: "missing", params: { anything: "" } });
      assert.deepStrictEqual(recognised("/docs/edit"), { controller: "errors", action: "missing", params: { anything: "docs/edit" } });
      assert.deepStrictEqual(recognised("/docs/a/edit"), { controller: "docs", action: "edit", params: { path: "a" } });
      assert.strictEqual(routes.generate({ controller: "files", action: "show" }), "/files");
      assert.strictEqual(routes.generate({ controller: "files", action: "show", path: "" }), "/files");
    });
    it(`${behaviour}: defaults that are not segments are params; an action given as nil is none`, () => {
      assert.deepStrictEqual(recognised("/x/1"), { controller: "c", action: "x", params: { format: "html", id: "1" } });
      assert.deepStrictEqual(recognised("/y"), { controller: "c", action: "y", params: { id: "" } });
      assert.deepStrictEqual(recognised("/b3/5"), { controller: "c", action: null, params: { id: "5" } });
    });
    it(`${behaviour}: a format segment is required in A whatever its default, optional in B and never from its default (Rails 2.3 took it from the request alone)`, () => {
      assert.deepStrictEqual(
        recognised("/a6/1"),
        behaviour === "A" ? { controller: "errors", action: "missing", params: { anything: "a6/1" } } : { controller: "c", action: "a6", params: { id: "1" } },
      );
      assert.deepStrictEqual(recognised("/a6/1.xml"), { controller: "c", action: "a6", params: { format: "xml", id: "1" } });
    });
  }
});
