import * as assert from "assert";
import type { RouteSet } from "resource-routes";

import type { ConformanceCase } from "./fixtures";

/** A case's recognitions and generations, asked of a route set (the runtime's or the analyser's). */
export function checkRequests(routes: RouteSet, c: ConformanceCase): void {
  for (const { method, path, result } of c.expected.recognitions ?? []) {
    if (result === undefined) assert.throws(() => routes.recognize(method, path), { name: "RoutingError" }, `${method} ${path}`);
    else assert.deepStrictEqual(routes.recognize(method, path), result, `${method} ${path}`);
  }
  const helpers = routes.helpers as unknown as Record<string, (...args: unknown[]) => string>;
  for (const { helper, args, result } of c.expected.generations ?? [])
    assert.strictEqual(helpers[helper](...args), result, `${helper}(${JSON.stringify(args).slice(1, -1)})`);
}
