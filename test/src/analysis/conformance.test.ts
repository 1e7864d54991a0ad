import * as assert from "assert";
import { RouteSet } from "resource-routes";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { checkRequests } from "../support/conformanceRequests";
import { conformanceCases } from "../support/fixtures";
import { runRoutingFile } from "../support/runRoutingFile";

/** test/fixtures/conformance: every conformance case through the static analyser, and the analyser agreeing with draw(). */
describe("conformance cases through the analyser", () => {
  for (const c of conformanceCases()) {
    it(`${c.id}: ${c.origin}`, () => {
      const loaded = loadRoutingFile(c.ts, `${c.id}.ts`);
      assert.ok(loaded, "recognised as a routing file");
      assert.strictEqual(loaded.behaviour, c.behaviour);
      assert.deepStrictEqual(loaded.routes.toJSON().routes, c.expected.routes);
      checkRequests(loaded.routes, c);
      const errors = loaded.diagnostics.filter((d) => d.severity === "error");
      if (c.expected.error) {
        assert.deepStrictEqual(
          errors.map((d) => d.message),
          [c.expected.error],
        );
        assert.ok(errors[0].span, "the error points at the declaration");
      } else {
        assert.deepStrictEqual(errors, []);
      }
    });
  }
});

describe("the analyser and draw() agree", () => {
  for (const c of conformanceCases().filter((c) => !c.expected.error)) {
    it(c.id, () => {
      const executed = runRoutingFile<RouteSet>(c.ts, `${c.id}.ts`);
      assert.deepStrictEqual(loadRoutingFile(c.ts, `${c.id}.ts`)!.routes.toJSON(), executed.toJSON());
    });
  }
});
