import * as assert from "assert";
import fc from "fast-check";
import { draw, type Route, RoutingError } from "resource-routes";
import { groupedMatcher, parsePath, pathPattern, patternFlags, segmentMatcher } from "resource-routes/internal";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { runs } from "../support/runs";

/** The runtime against what a request (or a careless routing file) can send it: time linear in the request, no prototype reached. */

describe("recognition of hostile paths", () => {
  const routes = draw((m) => {
    m.connect("/archive/:year-:month-:day", { controller: "archive", action: "day" });
    m.connect("/files/:name.:ext", { controller: "files", action: "show" });
    m.resources("posts");
  });
  // That its time grows linearly with the path is measured by `npm run bench -- adversarial`, a guard there.

  it("a routing error quotes a long path cut short", () => {
    assert.throws(
      () => routes.recognize("GET", `/nothing/${"x".repeat(5000)}`),
      (error: Error) => error.message.length < 300 && /^No route matches "\/nothing\/x+…" with/.test(error.message),
    );
  });
});

describe("segments with several parameters: the linear matcher equals the regular expression", () => {
  /** The reference: the pattern the original compiled, with backtracking. */
  function reference(pattern: string, optionalFormat: boolean, segment: string): string[] | undefined {
    const parts = parsePath(`/${pattern}`)[0];
    const items = optionalFormat
      ? parts
          .slice(0, -2)
          .concat(
            parts[parts.length - 2].kind === "static" && (parts[parts.length - 2] as { text: string }).text.length > 1
              ? [{ kind: "static", text: (parts[parts.length - 2] as { text: string }).text.slice(0, -1) }]
              : [],
          )
      : parts;
    let source = "";
    const keys: string[] = [];
    for (const part of items) {
      if (part.kind === "static") source += (part as { text: string }).text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
      else {
        source += "([^/.?]+)";
        keys.push((part as { key: string }).key);
      }
    }
    if (optionalFormat) {
      source += "(?:\\.([^/.?]+))?";
      keys.push("format");
    }
    const match = new RegExp(`^${source}$`).exec(segment);
    return match ? keys.flatMap((key, i) => (match[i + 1] === undefined ? [] : [key, match[i + 1]])) : undefined;
  }

  const piece = fc.constantFrom("-", ".", "a", "x-", ".y", "--");
  const pattern = fc
    .array(fc.oneof(piece, fc.constant(":p")), { minLength: 1, maxLength: 6 })
    .map((pieces) => {
      // Parameters need distinct names and a separator-free neighbour is fine: `:p1:p2` is two parameters.
      let n = 0;
      return pieces.map((p) => (p === ":p" ? `:p${n++}` : p)).join("");
    })
    .filter((p) => p.includes(":"));
  const segment = fc.array(fc.constantFrom("-", ".", "a", "b", "x", "y"), { maxLength: 14 }).map((chars) => chars.join(""));

  it("for random patterns and segments, with and without B's optional format", () => {
    fc.assert(
      fc.property(pattern, segment, fc.boolean(), (text, value, optionalFormat) => {
        const withFormat = optionalFormat ? `${text}.:format` : text;
        const parts = parsePath(`/${withFormat}`)[0];
        const values: string[] = [];
        const matched = segmentMatcher(parts, () => undefined, optionalFormat).match(value, values);
        const expected = reference(withFormat, optionalFormat, value);
        assert.deepStrictEqual(matched ? values : undefined, expected, `${withFormat} against ${JSON.stringify(value)}`);
      }),
      { numRuns: runs(3_000) },
    );
  });
});

describe("the runtime reaches no prototype", () => {
  const routes = draw((m) => {
    m.resources("posts");
    m.connect("x/:constructor", { controller: "c", action: "a" });
  });

  it("helpers are own functions only: toString or constructor are no helpers", () => {
    assert.strictEqual(routes.helpers.toString, undefined);
    assert.strictEqual(routes.helpers.constructor, undefined);
    assert.strictEqual(typeof routes.helpers.post_path, "function");
  });

  it("named values called __proto__ or constructor are query keys, never a prototype", () => {
    const named = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "c"}');
    assert.strictEqual(routes.helpers.posts_path(named), "/posts?__proto__%5Bpolluted%5D=1&constructor=c");
    const hash = routes.helpers.hash_for_posts_path(named) as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(hash, "__proto__"));
    assert.strictEqual(Object.getPrototypeOf(hash), Object.prototype);
    assert.strictEqual(({} as { polluted?: unknown }).polluted, undefined);
  });

  it("recognition with a :constructor segment and _method=constructor", () => {
    assert.deepStrictEqual(routes.recognize("GET", "/x/1").params, { constructor: "1" });
    assert.throws(() => routes.recognize("constructor", "/posts"), RoutingError);
    assert.strictEqual(routes.recognize("POST", "/posts", { _method: "constructor" }).action, "create");
  });

  it("draw() refuses settings of the wrong shape with a clear TypeError", () => {
    assert.throws(
      () => draw({ inflections: { irregular: { cactus: null as unknown as string } } }, (m) => m.resources("cacti")),
      /^TypeError: draw\(\): inflections must be/,
    );
    assert.throws(() => draw({ behaviour: "D" as "A" }, () => undefined), /draw\(\): behaviour must be "A", "B" or "C"/);
  });

  it("an option value sharing one object at every level (22 levels, 2^22 paths) is refused by its walked size, naming the option; one holding itself by its depth", () => {
    let shared: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 22; i++) shared = { a: shared, b: shared };
    // Before the limit, this copy walked all 2^22 paths and ran out of memory.
    assert.throws(
      () => draw((m) => m.resources("posts", { conditions: shared as never })),
      /^TypeError: resources\(\) options\.conditions(\.[ab])+(\.leaf)?: an option value of more than 20000 entries/,
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.throws(() => draw((m) => m.resources("posts", { conditions: cyclic as never })), /nested more than 200 levels deep \(or holding itself\)/);
    // A value shared a few times within the limit is as before.
    const small = { method: "get" };
    assert.strictEqual(draw((m) => m.resources("posts", { conditions: small, requirements: { id: /\d+/ } })).routes.length, 7);
  });

  it("has_many nested as deep as draw() accepts is read by the analyser too; one level more, both refuse", () => {
    const nested = (n: number) => {
      let text = "{}";
      let value: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        text = `{ r${i}: { has_many: ${text} } }`;
        value = { [`r${i}`]: { has_many: value } };
      }
      return { text, value };
    };
    const deepest = nested(99);
    const drawn = draw((m) => m.resources("posts", { has_many: deepest.value as never })).routes.length;
    const read = loadRoutingFile(
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts", { has_many: ${deepest.text} }); });\n`,
      "/r.ts",
    )!;
    assert.deepStrictEqual([read.routes.routes.length, read.diagnostics.map((d) => d.code)], [drawn, []]);
    const over = nested(100);
    assert.throws(
      () => draw((m) => m.resources("posts", { has_many: over.value as never })),
      (error: Error) => error instanceof TypeError && /nested more than 200 levels/.test(error.message) && error.message.length < 400,
    );
    const refused = loadRoutingFile(
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts", { has_many: ${over.text} }); });\n`,
      "/r.ts",
    )!;
    assert.ok(refused.diagnostics.some((d) => d.code === "too-deep"));
  });

  it("an object that only inherits from RegExp is refused where it is given", () => {
    const fake = Object.create(/\d+/) as RegExp;
    assert.throws(() => draw((m) => m.resources("posts", { requirements: { id: fake } })), /merely inherits from RegExp/);
  });
});

describe("behaviour C's groups inside a segment: the linear matcher equals Journey's expression", () => {
  /** The expression, as Journey matches a route by it (pathPattern), its captures as `key, value` pairs. */
  function expression(route: Route, text: string): string[] | null {
    const { text: source, keys, filter } = pathPattern(route, []);
    // The filter is asked apart, as the recognizer asks it before the matcher: here, the expression alone.
    const body = filter === undefined ? source : source.slice(`(?=(?:${filter})$)`.length);
    const found = new RegExp(`^${body}$`, patternFlags(route)).exec(text.slice(1));
    return found && keys.flatMap((key, k) => (found[k + 1] === undefined ? [] : [key, found[k + 1]]));
  }

  const part = fc.constantFrom(":a", ":b", ":c", "-", "x", ".", "/", "(-:d)", "(.:e)", "(/:f)", "(-x)", "(:g)", "(*h)");
  const pathOf = fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => {
    // Each key once, as a path holds it.
    const seen = new Set<string>();
    return parts.filter((p) => {
      const key = /[:*](\w)/.exec(p)?.[1];
      if (!key) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
  const request = fc.array(fc.constantFrom("a", "-", "x", ".", "/", "1", "-x"), { maxLength: 8 }).map((chars) => chars.join(""));

  it("answers each request with the expression's values, for random paths with groups, constraints of digits and words, and formats", () => {
    let compared = 0;
    fc.assert(
      fc.property(pathOf, fc.constantFrom(undefined, /\d+/, /x|xx|-/), fc.boolean(), request, (parts, constraint, format, text) => {
        const spec = `p/${parts.join("")}`;
        let routes;
        try {
          routes = draw({ behaviour: "C" }, (r) => r.get(spec, { to: "p#q", format, ...(constraint ? { constraints: { a: constraint } } : {}) }));
        } catch {
          return; // a path the mapper refuses
        }
        const route = routes.routes[0];
        if (!route.groupedPath?.withinSegments) return;
        const match = groupedMatcher(route);
        if (!match) return;
        const path = `/p/${text}`;
        assert.deepStrictEqual(match(path), expression(route, path), `${route.path} on ${path}`);
        compared++;
      }),
      { numRuns: runs(3_000) },
    );
    assert.ok(compared > 300, `${compared} compared`);
  });
});
