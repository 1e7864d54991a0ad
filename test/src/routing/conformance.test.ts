import * as assert from "assert";
import { RouteSet } from "resource-routes";

import { checkRequests } from "../support/conformanceRequests";
import { conformanceCases } from "../support/fixtures";
import { runRoutingFile } from "../support/runRoutingFile";

/** test/fixtures/conformance: every conformance case through the draw() runtime, route for route. */
describe("conformance cases through draw()", () => {
  for (const c of conformanceCases()) {
    it(`${c.id}: ${c.origin}`, () => {
      if (c.expected.error) {
        assert.throws(
          () => runRoutingFile(c.ts, `${c.id}.ts`),
          (error: Error) => error.message === c.expected.error,
        );
        return;
      }
      const routes = runRoutingFile<RouteSet>(c.ts, `${c.id}.ts`);
      assert.strictEqual(routes.behaviour, c.behaviour);
      assert.deepStrictEqual(routes.toJSON().routes, c.expected.routes);
      checkRequests(routes, c);
    });
  }
});
