/**
 * What the analyser may spend on one file. A routing file is data: real ones stay far below every
 * limit, so a file that reaches one is hostile or broken, and the analyser reports `not-static`
 * (or `too-deep`) at the node that went over instead of running away.
 */
export const ANALYSIS_LIMITS = {
  /** Values evaluated (each expression, each list item or key copied by a spread). */
  steps: 1_000_000,
  /** Characters in one evaluated string. */
  stringLength: 10_000,
  /** Items in one evaluated list, keys in one evaluated object. */
  listLength: 10_000,
  /**
   * Entries in one evaluated value counted through shared references (`[a, a]` counts `a` twice):
   * what a later stage that copies, merges, compares or prints the value walks. Each use of a const
   * is also charged this size in steps.
   */
  valueSize: 20_000,
  /** Loop iterations followed, all loops of the file together. */
  loopIterations: 10_000,
  /** Nested evaluation (brackets, and consts defined through other consts). */
  valueDepth: 200,
  /** Nested blocks (`(post) => { ... }` inside one another). */
  blockDepth: 500,
  /** Routes one file may expand to. */
  routes: 250_000,
} as const;

/** The work one analysis has done so far, shared by the evaluator and the reader. */
export class Budget {
  private steps = 0;
  private iterations = 0;

  /** What was spent so far. */
  get spent(): Cost {
    return { steps: this.steps, iterations: this.iterations };
  }

  /**
   * Spends `amount` steps; false once the file's allowance is gone. A refused charge is not work
   * done: the count stops one past the allowance, so what was spent is what was done.
   */
  spend(amount = 1): boolean {
    this.steps = Math.min(this.steps + amount, ANALYSIS_LIMITS.steps + 1);
    return this.steps <= ANALYSIS_LIMITS.steps;
  }

  /** Whether the file's allowance of steps is gone: what is not read yet is left out. */
  get exhausted(): boolean {
    return this.steps > ANALYSIS_LIMITS.steps;
  }

  /**
   * Charges what a statement's reading re-used from the previous version spent then, as a whole
   * reading of this version would spend it; false, with nothing charged, when the allowance cannot
   * pay for it all (the statement is then read again, and stops where the allowance ends).
   */
  charge(cost: Cost): boolean {
    if (this.steps + cost.steps > ANALYSIS_LIMITS.steps || this.iterations + cost.iterations > ANALYSIS_LIMITS.loopIterations) return false;
    this.steps += cost.steps;
    this.iterations += cost.iterations;
    return true;
  }

  /** Spends one loop iteration; false once the file's allowance is gone. */
  iterate(): boolean {
    this.iterations = Math.min(this.iterations + 1, ANALYSIS_LIMITS.loopIterations + 1);
    return this.iterations <= ANALYSIS_LIMITS.loopIterations;
  }
}

/** Work done: evaluation steps and loop iterations. */
export interface Cost {
  steps: number;
  iterations: number;
}

/** `a` and `b` together; with `sign` -1, `a` less `b`. */
export function addCost(a: Cost, b: Cost, sign: 1 | -1 = 1): Cost {
  return { steps: a.steps + sign * b.steps, iterations: a.iterations + sign * b.iterations };
}

/**
 * Whether work of this size leaves half of each allowance unspent: statements re-read one at a
 * time (an edit inside one) are read as a whole reading of the file would read them only while
 * it would stay within its limits.
 */
export function wellWithinLimits(cost: Cost): boolean {
  return cost.steps <= ANALYSIS_LIMITS.steps / 2 && cost.iterations <= ANALYSIS_LIMITS.loopIterations / 2;
}

/** `10000` as a message shows it: `10,000`. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}
