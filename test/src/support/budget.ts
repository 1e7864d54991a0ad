import * as assert from "assert";

import { ANALYSIS_LIMITS } from "../../../server/out/analysis/budget";
import type { LoadedRoutingFile } from "../../../server/out/analysis/routingFile";

/**
 * That an analysis did bounded work, by its counts (evaluation steps, loop iterations) rather than
 * by a clock, which a busy machine makes lie: at most the file's allowance, and one refused charge.
 */
export function assertWithinBudget(loaded: LoadedRoutingFile): void {
  const cost = loaded.analysis.cost;
  assert.ok(cost, "a whole analysis says what it spent");
  assert.ok(cost.steps <= ANALYSIS_LIMITS.steps + 1, `${cost.steps} evaluation steps`);
  assert.ok(cost.iterations <= ANALYSIS_LIMITS.loopIterations + 1, `${cost.iterations} loop iterations`);
}
