import * as assert from "assert";
import fc from "fast-check";
import { Declaration } from "resource-routes";

import { ANALYSIS_LIMITS } from "../../../server/out/analysis/budget";
import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { assertWithinBudget } from "../support/budget";
import { runs } from "../support/runs";
import { sharedStructure, sharedStructureFile } from "../support/sharedStructure";

/**
 * Values that share structure are charged the size they have when walked: `[a, a]` counts `a` twice.
 * Before that, 22 doubling consts used as one option hung the analyser (2^22 leaves copied, merged and
 * printed). Every file here is read within a bound whatever its depth, and what the routes hold is
 * within the limits.
 */

/** Entries of a value counted through shared references, as a stage that walks it visits them; stops past `cap`. */
function walked(value: unknown, cap: number): number {
  let size = 0;
  const visit = (v: unknown) => {
    if (++size > cap) return;
    if (typeof v === "object" && v !== null && !(v instanceof RegExp)) for (const item of Array.isArray(v) ? v : Object.values(v)) visit(item);
  };
  visit(value);
  return size;
}

describe("analysis: values that share structure", () => {
  it("is bounded by the size each value has when walked, for every shape, place, depth and number of uses", function () {
    this.timeout(300_000);
    fc.assert(
      fc.property(sharedStructure, (shape) => {
        const text = sharedStructureFile(shape);
        const loaded = loadRoutingFile(text, "routes.ts");
        // Everything a user of the analysis walks: the routes as JSON and the diagnostics.
        const json = JSON.stringify(loaded?.routes.routes);
        assert.ok(loaded, "still a routing file");
        assertWithinBudget(loaded);
        assert.ok(json.length < 200 * ANALYSIS_LIMITS.valueSize * Math.max(1, loaded.routes.routes.length), "each route holds a bounded value");
        const declarations = (list: Declaration[]): Declaration[] => list.flatMap((d) => [d, ...declarations(d.block ?? [])]);
        for (const declaration of declarations(loaded.analysis.tree!.body)) {
          assert.ok(
            walked(declaration.options, ANALYSIS_LIMITS.valueSize) <= ANALYSIS_LIMITS.valueSize,
            `${JSON.stringify(shape)}: a declaration's options past the limit`,
          );
        }
        if (2 ** shape.depth > ANALYSIS_LIMITS.valueSize) {
          assert.ok(
            loaded.diagnostics.some((d) => d.code === "not-static"),
            `${JSON.stringify(shape)}: no not-static diagnostic for a value of 2^${shape.depth} entries`,
          );
        }
        assert.strictEqual(Object.getPrototypeOf({}), Object.prototype);
      }),
      { numRuns: runs(120) },
    );
  });

  it("22 doubling lists used as one condition: not-static at the value that went over, the other declarations read", () => {
    const text = sharedStructureFile({ shape: "list", place: "conditions", depth: 22, uses: 1 });
    const loaded = loadRoutingFile(text, "routes.ts")!;
    const notStatic = loaded.diagnostics.filter((d) => d.code === "not-static");
    assert.strictEqual(notStatic.length, 1);
    assert.match(notStatic[0].message, /more than 20,000 entries/);
    // At the use that takes the first const over (v12, of about 5·2^12 entries): its second v11.
    const at = notStatic[0].span!.start;
    assert.strictEqual(text.slice(at, notStatic[0].span!.end), "v11");
    assert.strictEqual(text.slice(text.lastIndexOf("\n", at) + 1, at), "const v12 = [v11, ");
    assert.deepStrictEqual(new Set(loaded.routes.routes.map((r) => r.controller)), new Set(["c0", "plain"]));
  });

  it("a value within the limit used by many declarations is charged each use: the file's budget ends it, not the walk", () => {
    const text = sharedStructureFile({ shape: "list", place: "conditions", depth: 10, uses: 400 });
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assertWithinBudget(loaded);
    const budget = loaded.diagnostics.filter((d) => d.code === "not-static" && /evaluation steps/.test(d.message));
    assert.ok(budget.length > 0, "the budget ran out");
    assert.ok(loaded.routes.routes.length > 0 && loaded.routes.routes.length < 400 * 7, `${loaded.routes.routes.length} routes`);
  });

  it("with_options given a large value: each declaration in its block is charged what it inherits", () => {
    const text = sharedStructureFile({ shape: "object", place: "with_options", depth: 11, uses: 200 });
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assert.ok(loaded.diagnostics.some((d) => d.code === "not-static" && /with those it inherits|evaluation steps/.test(d.message)));
  });
});
