import * as assert from "assert";
import fc from "fast-check";
import { draw, Mapper } from "resource-routes";
import { segmentKeys } from "resource-routes/internal";

import { runs } from "../support/runs";

/** Random declarations, for properties that must hold for every routing file. */
interface RandomResource {
  name: string;
  singleton: boolean;
  only?: string[];
  member: Record<string, string>;
  collection: Record<string, string>;
  shallow: boolean;
  children: RandomResource[];
}

const RESOURCE_NAMES = ["posts", "comments", "photos", "albums", "tags", "users", "orders", "items", "notes", "votes", "reviews", "accounts"];
const ACTION_NAMES = ["preview", "publish", "archive", "search", "rss", "mark", "toggle"];
const METHODS = ["get", "post", "put", "delete"];
const DEFAULTS = ["index", "create", "new", "edit", "show", "update", "destroy"];

const actions = fc.dictionary(fc.constantFrom(...ACTION_NAMES), fc.constantFrom(...METHODS), { maxKeys: 2 });

const resource = (name: string): fc.Arbitrary<RandomResource> =>
  fc
    .record({
      singleton: fc.boolean(),
      only: fc.option(fc.subarray(DEFAULTS), { nil: undefined }),
      member: actions,
      collection: actions,
      shallow: fc.boolean(),
    })
    .map((r) => ({ ...r, name, children: [] }));

/** A forest of resources with distinct names (so no two resources compete for one path). */
const forest = fc
  .shuffledSubarray(RESOURCE_NAMES, { minLength: 1, maxLength: 6 })
  .chain((names) => fc.tuple(...names.map(resource)))
  .map((resources) => {
    // nest every second resource under the one before it
    const roots: RandomResource[] = [];
    resources.forEach((r, i) => (i % 2 === 1 ? roots[roots.length - 1].children.push(r) : roots.push(r)));
    return roots;
  });

function declare(map: Mapper, r: RandomResource): void {
  const options = { member: r.member, collection: r.collection, shallow: r.shallow, ...(r.only ? { only: r.only } : {}) };
  const block = r.children.length ? (m: Mapper) => r.children.forEach((c) => declare(m, c)) : undefined;
  if (r.singleton) map.resource(r.name.replace(/s$/, ""), options, block);
  else map.resources(r.name, options, block);
}

const settings = fc.record({ behaviour: fc.constantFrom("A" as const, "B" as const), namespaced: fc.boolean() });

describe("properties of random declarations", () => {
  it("every named route's helper generates a path that recognize() maps back to it", () => {
    fc.assert(
      fc.property(settings, forest, fc.boolean(), ({ behaviour, namespaced }, roots, withFormat) => {
        const routes = draw({ behaviour }, (map) => {
          const body = (m: Mapper) => roots.forEach((r) => declare(m, r));
          if (namespaced) map.namespace("admin", body);
          else body(map);
        });
        for (const route of routes.routes) {
          if (!route.name) continue;
          const keys = segmentKeys(route.segments);
          const values = keys.map((k, i) => (k === "format" ? "json" : String(100 + i)));
          const positional = withFormat || !route.optionalFormat ? values : values.filter((_, i) => keys[i] !== "format");
          const path = routes.helpers[`${route.name}_path`](...positional) as string;
          const method = route.methods ? route.methods[0] : "get";
          const seen = routes.recognize(method, path);
          const expected: Record<string, string> = {};
          positional.forEach((v, i) => (expected[keys[i]] = v));
          assert.deepStrictEqual(
            { controller: seen.controller, action: seen.action, params: seen.params },
            { controller: route.controller, action: route.action, params: expected },
            `${route.name}: ${method.toUpperCase()} ${path}`,
          );
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it("no two routes hold the same name, and A's formatted twins pair with their plain route", () => {
    fc.assert(
      fc.property(settings, forest, ({ behaviour }, roots) => {
        const routes = draw({ behaviour }, (map) => roots.forEach((r) => declare(map, r))).routes;
        const held = routes.flatMap((r) => (r.name ? [r.name] : []));
        assert.strictEqual(new Set(held).size, held.length);
        if (behaviour === "A") {
          for (let i = 0; i < routes.length; i += 2) {
            assert.strictEqual(routes[i + 1].path, `${routes[i].path === "/" ? "" : routes[i].path}.:format`);
            assert.strictEqual(routes[i + 1].name, routes[i].name && `formatted_${routes[i].name}`);
          }
        } else {
          for (const route of routes) assert.ok(route.path.endsWith(".:format"), route.path);
        }
      }),
      { numRuns: runs(150) },
    );
  });
});
