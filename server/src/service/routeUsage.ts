import { parseHelperName, type Route } from "resource-routes/internal";

import { routeKey } from "../coverage/records";
import { reachingHelpers } from "../routing/reachingHelpers";
import { RoutingWorkspace } from "./workspace";

/** How a route is used, for a hover's table: its helpers' calls in the workspace, and whether recorded tests exercised it (when any were recorded). */
export interface RouteUsage {
  calls(route: Route): number;
  tested?: (route: Route) => boolean;
}

/**
 * The usage of the routing file's routes: calls of their helpers in the documents that use its
 * route set (a route with no name of its own counts the helpers of its path's named routes, as
 * `unused-route` does), counted once per question and not before; and recorded coverage.
 */
export function routeUsage(workspace: RoutingWorkspace, uri: string, routes: readonly Route[]): RouteUsage {
  let counts: ReadonlyMap<string, number> | undefined;
  const namesOf = reachingHelpers(routes);
  const calls = (route: Route) => {
    counts ??= helperCalls(workspace, uri);
    return namesOf(route).reduce((sum, name) => sum + (counts!.get(name) ?? 0), 0);
  };
  const exercised = workspace.coverage?.exercised(uri);
  return exercised ? { calls, tested: (route) => exercised.has(routeKey(route)) } : { calls };
}

/** How many times the workspace's documents that use the routing file's route set call each of its route names' helpers (`posts` for `posts_path`, `hash_for_posts_url`, …). */
export function helperCalls(workspace: RoutingWorkspace, uri: string): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const document of workspace.documents()) {
    if (document.uri === uri || !workspace.usesRouteSet(document.uri, uri)) continue;
    for (const use of workspace.helperUses(document.uri)) {
      const name = parseHelperName(use.helper)?.name;
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return counts;
}
