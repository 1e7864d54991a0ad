import { Diagnostic } from "../routing/diagnostics";
import { helperUseDiagnostics } from "./helperUses";
import { routeTargetDiagnostics, unroutedActionDiagnostics } from "./controllers";
import { RoutingWorkspace } from "./workspace";
import { unreachableDiagnostics } from "../routing/unreachable";

/**
 * Everything wrong with one document: for a routing file the analyser's findings, the routes an
 * earlier route captures and the actions its routes miss; for a controller module its unrouted actions; and helper uses anywhere.
 */
export function documentDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const routing = workspace.routingFile(uri);
  const own = routing
    ? [...routing.diagnostics, ...unreachableDiagnostics(routing.routes.table), ...routeTargetDiagnostics(workspace, uri)]
    : unroutedActionDiagnostics(workspace, uri);
  return [...own, ...helperUseDiagnostics(workspace, uri)];
}
