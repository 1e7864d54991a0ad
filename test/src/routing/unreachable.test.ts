import * as assert from "assert";
import fc from "fast-check";
import { draw, Mapper, Route, RouteSet } from "resource-routes";

import { analyzeRoutingFile } from "../../../server/out/analysis/analyze";
import type { RoutingFileAnalysis } from "../../../server/out/analysis/fileAnalysis";
import { LoadedRoutingFile, loadRoutingFile } from "../../../server/out/analysis/routingFile";
import type { GroupedTable } from "../../../server/out/incremental/groupedTable";
import { expandIncrementally } from "../../../server/out/incremental/reexpand";
import { unreachableRoutes, work } from "../../../server/out/routing/unreachable";
import { unreachableDiagnostics } from "../../../server/out/routing/unreachableDiagnostics";
import { runs } from "../support/runs";

type Connect = [string, Record<string, unknown>];

/** The unreachable routes of a route set made of connect routes, as `later ← earlier` (verb and path). */
function captured(behaviour: "A" | "B", connects: Connect[], more?: (map: Mapper) => void): string[] {
  const routes = draw({ behaviour }, (map) => {
    for (const [path, options] of connects) map.connect(path, { controller: "c", action: "a", ...options } as never);
    more?.(map);
  });
  return unreachableRoutes(routes.table).map(({ route, by }) => `${route.verb} ${route.path} ← ${by.verb} ${by.path}`);
}

const get = { conditions: { method: "get" } };
const post = { conditions: { method: "post" } };

describe("unreachable routes", () => {
  const cases: Array<{ name: string; behaviour?: "A" | "B"; connects: Connect[]; expected: string[] }> = [
    {
      name: "a parameter before a static segment of the same place",
      connects: [
        ["photos/:id", {}],
        ["photos/search", get],
      ],
      expected: ["GET /photos/search ← ANY /photos/:id"],
    },
    {
      name: "a requirement the static text does not meet",
      connects: [
        ["photos/:id", { requirements: { id: /\d+/ } }],
        ["photos/search", get],
      ],
      expected: [],
    },
    {
      name: "a requirement the static text meets",
      connects: [
        ["photos/:id", { requirements: { id: /\d+/ } }],
        ["photos/2024", get],
      ],
      expected: [],
    },
    {
      name: "ANY does not capture from a single method",
      connects: [
        ["photos/:id", get],
        ["photos/search", {}],
      ],
      expected: [],
    },
    {
      name: "a single method captures the same method",
      connects: [
        ["photos/:id", post],
        ["photos/search", post],
      ],
      expected: ["POST /photos/search ← POST /photos/:id"],
    },
    {
      name: "another method is not captured",
      connects: [
        ["photos/:id", post],
        ["photos/search", get],
      ],
      expected: [],
    },
    {
      name: "the same path twice",
      connects: [
        ["a/b", {}],
        ["a/b", {}],
      ],
      expected: ["ANY /a/b ← ANY /a/b"],
    },
    {
      name: "the same requirement written the same way",
      connects: [
        ["a/:x", { requirements: { x: /\d+/ } }],
        ["a/:y", { requirements: { y: /\d+/ } }],
      ],
      expected: ["ANY /a/:y ← ANY /a/:x"],
    },
    {
      name: "requirements written differently are not compared",
      connects: [
        ["a/:x", { requirements: { x: /\d+/ } }],
        ["a/:y", { requirements: { y: /[0-9]+/ } }],
      ],
      expected: [],
    },
    {
      name: "a glob captures every longer path below it",
      connects: [
        ["files/*path", {}],
        ["files/:name", {}],
        ["files/a/b/c", {}],
      ],
      expected: ["ANY /files/:name ← ANY /files/*path", "ANY /files/a/b/c ← ANY /files/*path"],
    },
    {
      name: "a last glob captures its own prefix too: it may take nothing (Rails 2's `(.*)`: `/files` went to `files/*path`)",
      connects: [
        ["files/*path", {}],
        ["files", {}],
      ],
      expected: ["ANY /files ← ANY /files/*path"],
    },
    {
      name: "a later route with a format: the dot escapes a plain parameter",
      behaviour: "A",
      connects: [
        ["a/:id", {}],
        ["a/:id.:format", {}],
      ],
      expected: [],
    },
    {
      name: "B: an optional format captures a plain parameter",
      behaviour: "B",
      connects: [
        ["a/:id.:format", {}],
        ["a/:name", {}],
      ],
      expected: ["ANY /a/:name ← ANY /a/:id.:format"],
    },
    {
      name: "a :controller catch-all is never called a capture (its controllers are not enumerable here)",
      connects: [
        [":controller/:action/:id", {}],
        ["posts/:id", {}],
      ],
      expected: [],
    },
    {
      name: "a shorter earlier route does not capture a longer one",
      connects: [
        ["a", {}],
        ["a/b", {}],
      ],
      expected: [],
    },
    {
      name: "a mixed segment",
      connects: [
        ["page-:n", {}],
        ["page-:number", {}],
      ],
      expected: ["ANY /page-:number ← ANY /page-:n"],
    },
    {
      name: "conditions other than the method keep a route from capturing",
      connects: [
        ["photos/:id", { conditions: { subdomain: "x" } }],
        ["photos/search", get],
      ],
      expected: [],
    },
  ];
  for (const { name, behaviour, connects, expected } of cases) {
    it(name, () => assert.deepStrictEqual(captured(behaviour ?? "A", connects), expected));
  }

  it("B: a segment is compared with text before an optional format only where a request could match both (the text, or the text and a format)", () => {
    const before = work.comparisons;
    const found = captured("B", [], (map) => {
      map.resources("feeds", { only: ["index"] });
      for (const path of ["feeds.rss", "feeds-all", "feeds.v2.rss"]) map.connect(path, { controller: "c", action: "a", ...get });
    });
    // `feeds.rss` and `feeds.v2.rss` against `feeds(.:format)`; `feeds-all` against nothing.
    assert.strictEqual(work.comparisons - before, 2);
    assert.deepStrictEqual(found, []);
  });

  it("resources after a connect route: A's unformatted routes and a connect route's optional id", () => {
    const found = captured("A", [["photos/:id", {}]], (map) => map.resources("photos", { collection: { search: "get" } }));
    assert.ok(found.includes("GET /photos/search ← ANY /photos/:id"), found.join("\n"));
    assert.ok(!found.some((f) => f.startsWith("GET /photos/search.:format")), "the formatted twin has a dot");
  });

  it("diagnostics: one warning per declaration part and capturing route, with the capturing declaration as related information", () => {
    const routes = draw({ behaviour: "A" }, (map) => {
      map.connect("photos/:id", { controller: "photos", action: "show" });
      map.resources("photos");
    });
    const [diagnostic] = unreachableDiagnostics(routes.table);
    assert.strictEqual(diagnostic.code, "unreachable-route");
    assert.strictEqual(diagnostic.severity, "warning");
    assert.match(
      diagnostic.message,
      /^\d+ routes \(GET \/photos \(photos#index\), .*\) can never be recognised: the earlier route ANY \/photos\/:id \(photos#show\) takes every request they would match$/,
    );
  });

  for (const behaviour of ["A", "B"])
    it(`property (${behaviour}): after random edits, answers and diagnostics re-used from the previous version equal those of a fresh file`, () => {
      const LINES = [
        `map.connect("files/*path", { controller: "files", action: "show" });`,
        `map.connect("files/:name", { controller: "files", action: "named" });`,
        `map.connect(":x/search", { controller: "c", action: "search" });`,
        `map.resources("photos", { collection: { search: "get" } });`,
        `map.connect("photos/:id", { controller: "photos", action: "show" });`,
        `map.resources("posts");`,
        `map.connect("posts/new", { controller: "posts", action: "other" });`,
        `map.connect("photos.:format", { controller: "photos", action: "formatted" });`,
        `map.namespace("api", (api) => { api.resources("posts"); });`,
        `map.connect("api/posts.:format", { controller: "api", action: "posts" });`,
      ];
      // A line is a declaration and the spaces after its call's parenthesis: an equal declaration read
      // anew at other offsets re-uses its routes with new ranges, which its diagnostics must follow.
      const file = (lines: Array<[number, number]>) =>
        `import { draw } from "resource-routes";\nexport default draw({ behaviour: "${behaviour}" }, (map) => {\n${lines.map(([i, pad]) => `  ${LINES[i].replace("(", "(" + " ".repeat(pad))}`).join("\n")}\n});\n`;
      const span = (s: { start: number; end: number } | undefined) => s && `${s.start}-${s.end}`;
      const shown = ({ routes: { table }, diagnostics }: LoadedRoutingFile) => [
        ...unreachableRoutes(table).map(({ route, by }) => `${route.verb} ${route.path} ← ${by.verb} ${by.path}`),
        // The file's own diagnostics too: a line used twice makes route-name-taken reports, also re-used.
        ...[...unreachableDiagnostics(table), ...diagnostics].map(
          (d) => `${d.message} at ${span(d.span)}, ${d.related?.map((r) => span(r.span))}, ${span(d.capture?.later)} ${span(d.capture?.earlier)}`,
        ),
      ];
      const line = fc.tuple(fc.nat(LINES.length - 1), fc.nat(2));
      // A step is a new file, or the same file with one line's spaces changed (read alone: its
      // declaration is equal, at new offsets, while the others keep theirs).
      const step = fc.oneof(fc.array(line, { maxLength: 7 }), fc.tuple(fc.nat(), fc.nat(2)));
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 7 }), fc.array(step, { minLength: 1, maxLength: 8 }), (first, steps) => {
          checkEdits(first, steps);
        }),
        // A line written a second time after an edit (its first re-used as it was): the tree must not hold one declaration twice.
        {
          numRuns: runs(150),
          examples: [
            [
              [[0, 0]],
              [
                [
                  [0, 1],
                  [9, 0],
                  [2, 2],
                ],
                [
                  [0, 0],
                  [9, 0],
                  [9, 0],
                  [2, 2],
                ],
              ],
            ],
          ],
        },
      );
      function checkEdits(first: Array<[number, number]>, steps: Array<Array<[number, number]> | [number, number]>): void {
        let lines = first;
        let previous = loadRoutingFile(file(lines), "/r.ts")!;
        shown(previous);
        for (const next of steps) {
          if (Array.isArray(next[0])) lines = next as Array<[number, number]>;
          else if (lines.length > 0) {
            const [at, pad] = next as [number, number];
            lines = lines.map(([i, p], k) => [i, k === at % lines.length ? pad : p]);
          }
          const text = file(lines);
          previous = loadRoutingFile(text, "/r.ts", { previous })!;
          assert.deepStrictEqual(shown(previous), shown(loadRoutingFile(text, "/r.ts")!), text);
        }
      }
    });

  it("C: a mount captures the later routes whose every request begins with its path's segments (at `/`, with a word), for the methods it takes; it is never reported captured itself", () => {
    const app = () => new Response("app");
    const routes = draw({ behaviour: "C" }, (r) => {
      r.get("jobs", { to: "a#b" });
      r.mount(app, { at: "/jobs", as: "jobs_app" });
      r.get("jobs/stats", { to: "stats#show" });
      r.post("jobs/:id/retry", { to: "stats#retry" });
      r.get("jobsx", { to: "stats#x" });
      r.mount(app, { at: "/", as: "all", via: "get" });
      r.get("about", { to: "pages#about" });
      r.post("about", { to: "pages#about" });
      r.get(":slug", { to: "pages#show" });
      r.root("pages#home");
    });
    const captures = unreachableRoutes(routes.table);
    assert.deepStrictEqual(
      captures.map(({ route, by }) => `${route.verb} ${route.path} ← ${by.verb} ${by.path}`),
      ["GET /jobs/stats(.:format) ← ANY /jobs", "POST /jobs/:id/retry(.:format) ← ANY /jobs", "GET /about(.:format) ← GET /", "GET / ← GET /"],
    );
    // As recognition has it: each request of a captured route goes to the mount.
    for (const { route, by } of captures) {
      const path = requestFor(route, () => "7") ?? "/";
      assert.strictEqual(routes.match(route.methods![0], path).route, by, `${route.verb} ${path}`);
    }
  });

  it("property: a route reported unreachable is never what recognize() returns for requests matching its pattern", () => {
    const POOL = ["1", "42", "search", "new", "a-b", "x", "2024"];
    const connect = fc.constantFrom<Connect>(
      ["photos/:id", {}],
      ["photos/:id", { requirements: { id: /\d+/ } }],
      ["photos/search", get],
      ["photos/:id.:format", {}],
      ["files/*path", {}],
      ["files/:name", post],
      ["page-:n", {}],
      ["a/:b/:c", {}],
      ["a/b", {}],
    );
    fc.assert(
      fc.property(
        fc.constantFrom("A" as const, "B" as const),
        fc.array(connect, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        (behaviour, connects, withResources, picks) => {
          const routes: RouteSet = draw({ behaviour }, (map) => {
            for (const [path, options] of connects) map.connect(path, { controller: "c", action: "a", ...options } as never);
            if (withResources) map.resources("photos", { collection: { search: "get" } });
          });
          for (const { route } of unreachableRoutes(routes.table)) {
            for (let n = 0; n < 8; n++) {
              const path = requestFor(route, (i) => POOL[(picks[(n + i) % picks.length] + i * 7 + n) % POOL.length]);
              if (path === undefined) continue;
              for (const method of route.methods ?? ["get", "post", "put", "delete"]) {
                let seen: Route | undefined;
                try {
                  seen = routes.match(method, path).route;
                } catch {
                  seen = undefined;
                }
                assert.notStrictEqual(seen, route, `${method} ${path} reached ${route.verb} ${route.path}`);
              }
            }
          }
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

/** A request path of a route's full pattern, values picked from the pool (undefined when a requirement refuses them). */
function requestFor(route: Route, pick: (i: number) => string): string | undefined {
  let i = 0;
  const segments: string[] = [];
  for (const segment of route.segments) {
    let text = "";
    for (const part of segment) {
      if (part.kind === "static") text += part.text;
      else {
        const value = part.kind === "glob" ? `${pick(i++)}/${pick(i++)}` : pick(i++);
        const requirement = route.requirements[part.key];
        if (requirement && !new RegExp(`^(?:${requirement.source})$`).test(value)) return undefined;
        text += value;
      }
    }
    segments.push(text);
  }
  return `/${segments.join("/")}`;
}

describe("unreachable routes: the work is about a pass over the routes, however they are nested", () => {
  const count = (text: string) => {
    const before = work.comparisons;
    const loaded = loadRoutingFile(text, "/r.ts")!;
    unreachableRoutes(loaded.routes.table);
    return { comparisons: work.comparisons - before, routes: loaded.routes.routes.length };
  };
  const file = (body: string) => `import { draw } from "resource-routes";\nexport default draw((map) => {\n${body}\n});\n`;
  const names = Array.from({ length: 2_000 }, (_, i) => `things${i}`);

  for (const behaviour of ["A", "B"]) {
    it(`${behaviour}: 2,000 resources under one namespace compare as few pairs as the same resources without it`, () => {
      const flat = count(file(`${names.map((n) => `map.resources("${n}");`).join("\n")}`).replace("draw((map)", `draw({ behaviour: "${behaviour}" }, (map)`));
      const nested = count(
        file(`map.namespace("api", (api) => {\n${names.map((n) => `api.resources("${n}");`).join("\n")}\n});`).replace(
          "draw((map)",
          `draw({ behaviour: "${behaviour}" }, (map)`,
        ),
      );
      assert.strictEqual(nested.routes, flat.routes);
      assert.ok(
        nested.comparisons <= 2 * flat.comparisons + 100 && nested.comparisons <= 4 * nested.routes,
        `${nested.comparisons} comparisons nested, ${flat.comparisons} flat, for ${nested.routes} routes`,
      );
    });
  }

  it("B: after an edit of one resource among 2,000, only the routes it could capture are judged again", () => {
    const text = file(names.map((n) => `map.resources("${n}");`).join("\n"));
    const first = loadRoutingFile(text, "/edit.ts")!;
    unreachableRoutes(first.routes.table);
    const edited = text.replace(`map.resources("things1000");`, `map.resources("things1000", { member: { publish: "put" } });`);
    const before = work.comparisons;
    const next = loadRoutingFile(edited, "/edit.ts", { previous: first })!;
    unreachableRoutes(next.routes.table);
    assert.ok(work.comparisons - before <= 100, `${work.comparisons - before} comparisons after one edit`);
  });

  it("B: past the route limit, an edit before the declaration that stopped the expansion judges again only the routes it could capture", () => {
    // 2,001 resources of 7 routes and a limit of 10,000: the expansion stops inside the 1,429th, whose routes no group holds.
    const limit = 10_000;
    const load = (text: string, previous?: { analysis: RoutingFileAnalysis; table: GroupedTable }) => {
      const analysis = analyzeRoutingFile(text, "/limit.ts", previous?.analysis);
      const table = expandIncrementally({ settings: { behaviour: "B" }, body: analysis.tree!.body }, undefined, previous?.table, limit);
      return { analysis, table };
    };
    const text = file(['map.resources("things20");', ...names.map((n) => `map.resources("${n}");`)].join("\n"));
    const first = load(text);
    assert.equal(first.table.error?.code, "too-many-routes");
    unreachableRoutes(first.table);
    const edited = text.replace(`map.resources("things30");`, `map.resources("things30", { member: { publish: "put" } });`);
    const next = load(edited, first);
    const before = work.comparisons;
    const captures = unreachableRoutes(next.table);
    // The edited resource's routes and the stopped one's, judged again (all those after the edit were, before: 18,245).
    assert.ok(work.comparisons - before <= 300, `${work.comparisons - before} comparisons after one edit`);
    const describe = (list: ReturnType<typeof unreachableRoutes>) => list.map(({ route, by }) => `${route.verb} ${route.path} ← ${by.verb} ${by.path}`);
    assert.deepEqual(describe(captures), describe(unreachableRoutes(load(edited).table)));
    assert.ok(captures.length > 0);
  });

  it("9,000 member and collection routes of one resource: a few comparisons a route", () => {
    const members = Array.from({ length: 4_500 }, (_, i) => `m${i}: "get"`).join(", ");
    const collection = Array.from({ length: 4_500 }, (_, i) => `c${i}: "get"`).join(", ");
    const { comparisons, routes } = count(file(`map.resources("posts", { member: { ${members} }, collection: { ${collection} } });`));
    assert.ok(routes > 9_000);
    assert.ok(comparisons <= 4 * routes, `${comparisons} comparisons for ${routes} routes`);
  });
});
