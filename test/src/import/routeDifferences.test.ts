import * as assert from "assert";
import type { RouteJSON } from "resource-routes/internal";

import { routeDifferences } from "../../../server/out/import/importCheck";

/** The proof's report of two route tables: a route only one has is said once; routes in other places differ where they stand. */
describe("an import's proof: where two route tables differ", () => {
  const route = (path: string): RouteJSON => ({ name: null, verb: "GET", path, controller: "c", action: "a", requirements: {}, params: {}, conditions: {} });
  const [a, b, c, d] = ["/a", "/b", "/c", "/d"].map(route);

  it("a route the file lacks (a part a partial import left out) is said once, the rest agreeing past it", () => {
    assert.deepStrictEqual(routeDifferences([a, b, c, d], [b, c, d]), ["route 1: the file lacks GET /a c#a"]);
  });

  it("a route only the file has is said once", () => {
    assert.deepStrictEqual(routeDifferences([b, c], [a, b, c]), ["route 1: the file has GET /a c#a, which the import does not"]);
  });

  it("routes each table has in another place (a reordering) differ where they stand", () => {
    const lines = routeDifferences([a, b, c], [c, a, b]);
    assert.match(lines[0], /^route 1: GET \/a c#a is read from the file as GET \/c c#a/);
    assert.strictEqual(lines.length, 3);
  });

  it("routes missing at the end are each said", () => {
    assert.deepStrictEqual(routeDifferences([a, b, c], [a]), ["route 2: the file lacks GET /b c#a", "route 3: the file lacks GET /c c#a"]);
  });
});
