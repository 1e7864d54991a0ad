import * as assert from "assert";
import fc from "fast-check";
import type { RouteSet } from "resource-routes";

import { matchAmongCandidates } from "../../../server/out/literals/literalRecognition";
import { build, requestFor, routeSetsWithRequests } from "../support/randomRoutes";
import { runRoutingFile } from "../support/runRoutingFile";
import { runs } from "../support/runs";

/** A literal's route asked only of the routes whose first segment could recognise it: the same answer as the whole recogniser's. */

/** The whole recogniser's answer and the candidates', as the route's place and values, or the failure. */
function both(routes: RouteSet, method: string, path: string): [string, string] {
  const answer = (ask: () => { index: number; recognition: unknown }) => {
    try {
      const { index, recognition } = ask();
      return `${index} ${JSON.stringify(recognition)}`;
    } catch (error) {
      return `none (${(error as Error).constructor.name})`;
    }
  };
  return [answer(() => routes.match(method, path)), answer(() => matchAmongCandidates(routes, method, path))];
}

describe("a URL literal's route among the candidates of its first segment", () => {
  it("random route sets and requests, both behaviours: the route the whole route set recognises, with its values", () => {
    fc.assert(
      fc.property(routeSetsWithRequests, ([behaviour, declarations, requests]) => {
        const routes = build(behaviour, declarations);
        for (const [pick, values, bend, method] of requests) {
          if (routes.routes.length === 0) return;
          const path = requestFor(routes, pick, values, bend);
          const [whole, candidates] = both(routes, method, path);
          // A path no route takes may fail otherwise (no route, or not this method): no route either way.
          if (whole.startsWith("none")) assert.match(candidates, /^none/, `${method} ${path}`);
          else assert.strictEqual(candidates, whole, `${method} ${path}`);
        }
      }),
      { numRuns: runs(200) },
    );
  });

  it("the root, a format on the first segment, a glob first, and a :controller route (asked of the whole set)", () => {
    const routes = runRoutingFile<RouteSet>(
      `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.root({ controller: "home", action: "index" });
  map.resources("products");
  map.connect("products1/:id", { controller: "x", action: "y" });
  map.connect("*path", { controller: "pages", action: "show" });
});
`,
      "candidates.ts",
    );
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/products"],
      ["GET", "/products.json"],
      ["GET", "/products/7"],
      ["PUT", "/products/7"],
      ["GET", "/products1/7"],
      ["GET", "/anything/else"],
      ["DELETE", "/products"],
    ]) {
      const [whole, candidates] = both(routes, method, path);
      assert.strictEqual(candidates, whole, `${method} ${path}`);
    }
    const dynamic = runRoutingFile<RouteSet>(
      `import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => { map.resources("posts"); map.connect(":controller/:action/:id"); });\n`,
      "dynamic.ts",
    );
    for (const path of ["/posts/1", "/posts/show/1", "/comments/index/2"]) assert.strictEqual(...both(dynamic, "GET", path), path);
  });
});
