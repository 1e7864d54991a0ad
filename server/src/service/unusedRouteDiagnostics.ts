import { declaredSpan, type Diagnostic, type Route } from "resource-routes/internal";

import { reachingHelpers } from "../routing/reachingHelpers";
import { literalMatches } from "./literalUses";
import { helperCalls } from "./routeUsage";
import { RoutingWorkspace } from "./workspace";

/**
 * `unused-route` (a hint, off unless `unusedRoutes.enabled`): on a routing file, each route that no
 * helper call and no URL written by hand in the workspace names. A route with no name of its own
 * counts as used by the helpers of its path's named routes. Recorded test coverage is the command
 * line's (`resource-routes check --unused --coverage DIR`).
 */
export function unusedRouteDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const file = workspace.routingFile(uri);
  if (!workspace.settings.unusedRoutes || !file) return [];
  const called = helperCalls(workspace, uri);
  const routes = file.routes.routes;
  const namesOf = reachingHelpers(routes);
  const uncalled = routes.filter((route) => !namesOf(route).some((name) => called.has(name)));
  if (uncalled.length === 0) return [];
  // The URLs written by hand are looked for only when some route has no helper call: a parse of each file that writes one.
  const written = new Set<Route>(literalMatches(workspace, uri).map((match) => match.route));
  return uncalled.flatMap((route) => {
    const span = declaredSpan(route);
    if (!span || written.has(route)) return [];
    return [
      {
        severity: "hint" as const,
        code: "unused-route" as const,
        message: `${route.verb} ${route.path} (${route.target}) looks unused: no helper call and no URL written by hand in the workspace uses it`,
        span,
      },
    ];
  });
}
