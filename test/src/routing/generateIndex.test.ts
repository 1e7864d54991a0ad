import * as assert from "assert";
import fc from "fast-check";
import { draw, type RouteSet } from "resource-routes";
import { generateFromOptions, routesByTarget } from "resource-routes/internal";

import { build, routeSetsWithRequests } from "../support/randomRoutes";

/** Generation from options looks at its controller's and action's routes alone, and answers as a walk of every route does. */

/** What generation answers for `options`: the path and the route's place, or the error's message. */
function answer(routes: RouteSet, options: Record<string, unknown>, everyRoute: boolean): string {
  const named = new Map(routes.routes.filter((route) => route.name).map((route) => [route.name!, route] as const));
  try {
    const generated = generateFromOptions(routes.routes, named, options, everyRoute ? { candidatesOf: () => routes.routes } : {});
    return `${generated.path} (route ${routes.routes.indexOf(generated.route)}) ${generated.extraKeys.join(",")}`;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe("generation from options, indexed by controller and action", () => {
  it("answers as a walk of every route does, on random route sets and options", () => {
    const CONTROLLERS = ["posts", "comments", "photos", "pages", "files", "archive", "admin/posts", "nothing"];
    const ACTIONS = ["index", "show", "new", "edit", "create", "publish", "search", "numbered", "year", "month", "8"];
    fc.assert(
      fc.property(
        routeSetsWithRequests,
        fc.array(
          fc.record({
            controller: fc.constantFrom(...CONTROLLERS),
            action: fc.option(fc.constantFrom(...ACTIONS), { nil: undefined }),
            id: fc.option(fc.constantFrom("1", "x", "42"), { nil: undefined }),
            extra: fc.option(fc.constantFrom("a", "b"), { nil: undefined }),
            year: fc.option(fc.constantFrom("2024", "x"), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        ([behaviour, declarations], optionsList) => {
          const routes = build(behaviour, declarations);
          for (const options of optionsList) {
            const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
            assert.strictEqual(answer(routes, given, false), answer(routes, given, true), JSON.stringify(given));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a call's candidates are its controller's and action's routes: as many with 10 other resources as with 2,000", () => {
    const candidates = (others: number) => {
      const routes = draw({ behaviour: "B" }, (map) => {
        for (let i = 0; i < others; i++) map.resources(`things${i}`);
        map.resources("posts");
        map.connect(":controller/:action/:id");
      });
      assert.strictEqual(routes.generate({ controller: "posts", action: "show", id: 7 }), "/posts/7");
      return routesByTarget(routes.routes).candidates("posts", "show").length;
    };
    // posts#show (and its formatted twin in A; B has one) and the catch-all: nothing of the other resources.
    assert.strictEqual(candidates(10), candidates(2_000));
    assert.strictEqual(candidates(2_000), 2);
  });
});
