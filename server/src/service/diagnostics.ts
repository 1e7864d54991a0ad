import { Diagnostic } from "../routing/diagnostics";
import { helperUseDiagnostics } from "./helperUses";
import { RoutingWorkspace } from "./workspace";

/** Everything wrong with one document: the analyser's findings for a routing file, and its helper uses. */
export function documentDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  return [...(workspace.routingFile(uri)?.diagnostics ?? []), ...helperUseDiagnostics(workspace, uri)];
}
