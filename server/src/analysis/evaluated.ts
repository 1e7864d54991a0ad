import type { Diagnostic, OptionValue } from "resource-routes/internal";
import type * as ts from "typescript";

import { ANALYSIS_LIMITS, count } from "./budget";
import type { Evaluator } from "./evaluate";

/** A value the analyser could not know without running code: the exact node that stopped it. */
export class NotStatic {
  constructor(
    readonly node: ts.Node,
    readonly reason: string,
    /**
     * What stopped it: code that must run, the file's budget (ANALYSIS_LIMITS), nesting too deep to
     * read, or a value the file declares with unset() (an import's placeholder: `reason` names it).
     */
    readonly cause: "code" | "budget" | "depth" | "unset" = "code",
  ) {}
}

export type Evaluated = OptionValue | undefined | NotStatic;

/**
 * What a value the reader could not know becomes: `not-static` (information), `too-deep` or
 * `unset-value` (errors: the file throws when it runs), at the node that stopped it.
 */
export function notStaticDiagnostic(missing: NotStatic, consequence: string, evaluator: Evaluator): Diagnostic {
  const span = evaluator.span(missing.node);
  if (missing.cause === "depth") return { severity: "error", code: "too-deep", message: `Too deep: ${missing.reason} cannot be read; ${consequence}.`, span };
  if (missing.cause === "unset")
    return {
      severity: "error",
      code: "unset-value",
      message: `Not set: ${missing.reason} has no value yet: give it one where unset() stands; ${consequence}.`,
      span,
    };
  const why = missing.cause === "budget" ? "is past what the analyser reads of one file" : "cannot be known without running code";
  return { severity: "information", code: "not-static", message: `Not static: ${missing.reason} ${why}; ${consequence}.`, span };
}

/** Calls of functions past the file's budget: each is charged what reading it costs (see the reader). */
export function callsPastBudget(call: ts.CallExpression): NotStatic {
  return new NotStatic(call, `calls needing more than ${count(ANALYSIS_LIMITS.steps)} evaluation steps`, "budget");
}
