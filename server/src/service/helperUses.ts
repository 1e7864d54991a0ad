import { Diagnostic, parseHelperName } from "resource-routes/internal";

import { decodedOr } from "../files/uris";
import { KeptFor } from "../incremental/keptFor";
import { RoutingWorkspace } from "./workspace";

const OPEN_PAREN = 40;

/**
 * Diagnostics on helper uses in any document: a helper that names no route of the workspace
 * (with the nearest existing name as the fix), and behaviour B's deprecated `formatted_*` helpers.
 * A helper name whose end is where the document's last edit ended is still being typed: it is
 * judged once the identifier is complete (called, or another edit made elsewhere).
 */
export function helperUseDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const document = workspace.document(uri);
  if (!document) return [];
  if (workspace.routingFiles().length === 0) return [];
  // A document that imports a route set is judged against it alone.
  const scope = workspace.routeSetOf(uri);
  // A route's helper, or a custom one (`direct`: name_path and name_url).
  const isKnown = (helper: string) =>
    workspace.namedRoute(parseHelperName(helper)?.name ?? "", scope) !== undefined || workspace.directHelper(helper, scope) !== undefined;

  const diagnostics: Diagnostic[] = [];
  const typingAt = workspace.lastEditEnd(uri);
  // Where every route set the document imports is typed (draw<Routes>), TypeScript reports an unknown helper itself: one report per mistake.
  const typed = scope !== undefined && scope.length > 0 && scope.every((routing) => isTyped(workspace, routing));
  for (const { helper, start } of workspace.helperUses(uri)) {
    const span = { start, end: start + helper.length };
    const formatted = /^(hash_for_)?formatted_(.+)$/.exec(helper);
    const plain = formatted ? `${formatted[1] ?? ""}${formatted[2]}` : undefined;
    if (isKnown(helper)) continue;
    // A name still being typed (the last edit ended at its end, no call yet) is not judged yet.
    if (span.end === typingAt && document.text.charCodeAt(span.end) !== OPEN_PAREN) continue;
    const base = plain && /^(?:hash_for_)?(.+)_(?:path|url)$/.exec(plain)?.[1];
    const holder = base ? workspace.namedRoute(base, scope) : undefined;
    if (plain && holder && holder.file.behaviour === "B") {
      diagnostics.push({
        severity: "warning",
        code: "deprecated-formatted-helper",
        message: `${helper} is a deprecated alias in behaviour B: use ${plain} with a format argument`,
        span,
        replacement: plain,
      });
      continue;
    }
    if (typed) continue;
    const suggestion = workspace.suggestHelper(helper, scope);
    diagnostics.push({
      severity: "warning",
      code: "unknown-helper",
      message: `No route ${scope ? `of ${scope.map(baseNameOf).join(", ")} ` : ""}gives the helper "${helper}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
      span,
      replacement: suggestion,
    });
  }
  return diagnostics;
}

/** Whether a routing file opts in to typed routes: its draw() call takes the generated type (`draw<Routes>(…)`). */
function isTyped(workspace: RoutingWorkspace, routingUri: string): boolean {
  const file = workspace.routingFile(routingUri);
  if (!file) return false;
  return typedFiles.get(file, () => TYPED_DRAW.test(file.analysis.text.toString()));
}

/** Once per version of a routing file (each version is its own object). */
const typedFiles = new KeptFor<object, boolean>();

const TYPED_DRAW = /\bdraw\s*<\s*[A-Za-z_$][\w$.]*\s*>\s*\(/;

/** A routing file's name in a message: `config/routes.ts` of its URI's last two parts. */
function baseNameOf(uri: string): string {
  return decodedOr(uri.split("/").slice(-2).join("/"));
}
