import type { OptionValue } from "resource-routes/internal";
import type * as ts from "typescript";

/** A value the analyser could not know without running code: the exact node that stopped it. */
export class NotStatic {
  constructor(
    readonly node: ts.Node,
    readonly reason: string,
    /** What stopped it: code that must run, the file's budget (ANALYSIS_LIMITS), or nesting too deep to read. */
    readonly cause: "code" | "budget" | "depth" = "code",
  ) {}
}

export type Evaluated = OptionValue | undefined | NotStatic;
