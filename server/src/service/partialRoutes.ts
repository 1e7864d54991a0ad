import type { Declaration, Diagnostic } from "resource-routes/internal";

import { innermostDeclarations } from "./declarationAt";

/**
 * A warning on each declaration whose routes the analyser cannot fully know (a part of it is
 * computed: an imported constant, a call, a loop over a computed list), at its method; and on each
 * computed part outside any declaration (a declaration left out whole), at the part. The
 * `not-static` information says what was left out where; this says what it means: the routes shown
 * here, by the CLI and by typed routes may differ from the running app's.
 */
export function partialRoutesDiagnostics(diagnostics: readonly Diagnostic[], body: Declaration[] | undefined): Diagnostic[] {
  const byDeclaration = new Map<Declaration | undefined, Diagnostic[]>();
  let innermost: ((offset: number) => Declaration | undefined) | undefined;
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== "not-static" || !diagnostic.span) continue;
    const declaration = body && (innermost ??= innermostDeclarations(body))(diagnostic.span.start);
    const list = byDeclaration.get(declaration);
    if (list) list.push(diagnostic);
    else byDeclaration.set(declaration, [diagnostic]);
  }
  const warnings: Diagnostic[] = [];
  for (const [declaration, parts] of byDeclaration) {
    const related = parts.map((part) => ({ message: part.message, span: part.span }));
    const count = `${parts.length} part${parts.length === 1 ? " is" : "s are"} computed`;
    const tail =
      "the editor, `resource-routes routes` and typed routes show what could be read, and may differ from the running app (`resource-routes check --runtime` compares them)";
    if (declaration?.source) {
      warnings.push({
        severity: "warning",
        code: "partial-routes",
        message: `The routes of this declaration cannot be fully known without running the file (${count}): ${tail}`,
        span: declaration.source.method,
        related,
      });
    } else {
      for (const part of parts)
        warnings.push({
          severity: "warning",
          code: "partial-routes",
          message: `Routes here cannot be known without running the file (a declaration the analyser could not read is left out): ${tail}`,
          span: part.span,
          related: [{ message: part.message, span: part.span }],
        });
    }
  }
  return warnings;
}
