import { Diagnostic } from "resource-routes/internal";

import { unreachableDiagnostics } from "../routing/unreachableDiagnostics";
import { routeTargetDiagnostics, unroutedActionDiagnostics } from "./controllers";
import { helperUseDiagnostics } from "./helperUses";
import { partialRoutesDiagnostics } from "./partialRoutes";
import { unusedRouteDiagnostics } from "./unusedRouteDiagnostics";
import { urlLiteralDiagnostics } from "./urlLiteralDiagnostics";
import { RoutingWorkspace } from "./workspace";

/**
 * Everything wrong with one document: for a routing file the analyser's findings, the declarations
 * whose routes cannot be fully known, the routes an earlier route captures and the actions its routes miss; for a controller module its unrouted actions; and helper uses anywhere.
 */
export function documentDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const steps = diagnosticSteps(workspace, uri);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * documentDiagnostics, paused after each long step (a routing file's analysis, then its
 * unreachable-route check): a caller that runs the steps one at a time can answer requests in
 * between, and drop the rest when the document changes meanwhile.
 */
export function* diagnosticSteps(workspace: RoutingWorkspace, uri: string): Generator<void, Diagnostic[], void> {
  const routing = workspace.routingFile(uri);
  let own: Diagnostic[];
  if (routing) {
    yield;
    const unreachable = unreachableDiagnostics(routing.routes.table);
    yield;
    own = [
      ...routing.diagnostics,
      ...partialRoutesDiagnostics(routing.diagnostics, routing.analysis.tree?.body),
      ...unreachable,
      ...routeTargetDiagnostics(workspace, uri),
      ...unusedRouteDiagnostics(workspace, uri),
    ];
  } else {
    own = [...unroutedActionDiagnostics(workspace, uri), ...urlLiteralDiagnostics(workspace, uri)];
  }
  return [...own, ...helperUseDiagnostics(workspace, uri)];
}
