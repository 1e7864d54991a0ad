import fc from "fast-check";
import { draw, Mapper, RouteSet } from "resource-routes";

/* Random route sets and requests shaped after their routes, for the tests that compare two ways of recognising. */

/** Random route sets: resources (nested, with member and collection actions), and connect routes of every segment shape. */
const RESOURCES = ["posts", "comments", "photos", "users", "tags"];
const CONNECTS: Array<[string, Record<string, unknown>]> = [
  [":controller/:action/:id", {}],
  [":controller/:action/:id.:format", {}],
  ["pages/:name", { controller: "pages", action: "show", requirements: { name: /[a-z]+/ } }],
  ["files/*path", { controller: "files", action: "show" }],
  ["archive/:year-:month", { controller: "archive", action: "month" }],
  ["archive/:year", { controller: "archive", action: "year", requirements: { year: /\d+/ } }],
  ["posts/search", { controller: "posts", action: "search", conditions: { method: "get" } }],
  ["analysis/.:format", { controller: "analysis", action: "show" }],
  ["page-:number", { controller: "pages", action: "numbered" }],
  [":controller/:id", { action: "show", requirements: { id: /\d+/ } }],
];

const declaration = fc.oneof(
  fc.record({
    kind: fc.constant("resources" as const),
    name: fc.constantFrom(...RESOURCES),
    member: fc.dictionary(fc.constantFrom("publish", "preview"), fc.constantFrom("get", "put", "post", "any"), { maxKeys: 2 }),
    collection: fc.dictionary(fc.constantFrom("search", "recent"), fc.constantFrom("get", "post"), { maxKeys: 1 }),
    nested: fc.option(fc.constantFrom(...RESOURCES), { nil: undefined }),
    requirement: fc.boolean(),
    namespaced: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("connect" as const), index: fc.nat(CONNECTS.length - 1) }),
);

export type RandomDeclaration = typeof declaration extends fc.Arbitrary<infer T> ? T : never;

export function build(behaviour: "A" | "B", declarations: RandomDeclaration[]): RouteSet {
  return draw({ behaviour }, (map) => {
    for (const d of declarations) {
      if (d.kind === "connect") {
        const [path, options] = CONNECTS[d.index];
        map.connect(path, options as never);
        continue;
      }
      const declare = (m: Mapper) =>
        m.resources(
          d.name,
          { member: d.member, collection: d.collection, ...(d.requirement ? { requirements: { id: /\d+/ } } : {}) },
          d.nested ? (c: Mapper) => c.resources(d.nested!) : undefined,
        );
      if (d.namespaced) map.namespace("admin", declare);
      else declare(map);
    }
  });
}

/** A request shaped after one of the routes (values from a small pool so that routes compete), sometimes bent. */
export function requestFor(routes: RouteSet, pick: number, values: number[], bend: number): string {
  const route = routes.routes[pick % routes.routes.length];
  const POOL = ["1", "42", "new", "edit", "search", "posts", "admin/posts", "comments", "a-b", "2024-05", "x.y", "json", "page-3", "analysis", ""];
  let v = 0;
  const next = () => POOL[values[v++ % values.length] % POOL.length];
  const depth = route.requiredSegments + (bend % Math.max(1, route.segments.length - route.requiredSegments + 1));
  const segments = route.segments.slice(0, Math.max(depth, 0)).map((segment) => segment.map((part) => (part.kind === "static" ? part.text : next())).join(""));
  if (bend % 7 === 3) segments.push(next());
  if (bend % 11 === 5) segments.splice(0, 1);
  let path = `/${segments.join("/")}`;
  if (bend % 5 === 1) path += `.${next()}`;
  if (bend % 13 === 2) path += "/";
  return path;
}

/** A behaviour, a few declarations, and requests as requestFor shapes them: `[pick, values, bend, method, _method]`. */
export const routeSetsWithRequests = fc.tuple(
  fc.constantFrom("A" as const, "B" as const),
  fc.array(declaration, { minLength: 1, maxLength: 6 }),
  fc.array(
    fc.tuple(
      fc.nat(),
      fc.array(fc.nat(40), { minLength: 1, maxLength: 6 }),
      fc.nat(1000),
      fc.constantFrom("GET", "POST", "PUT", "DELETE", "HEAD", "get", "PATCH"),
      fc.option(fc.constantFrom("put", "delete", "DELETE", "get", "bogus"), { nil: undefined }),
    ),
    { minLength: 1, maxLength: 25 },
  ),
);
