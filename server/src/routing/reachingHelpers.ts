import type { Route } from "resource-routes/internal";

/**
 * The route names whose helpers reach each route: its own name, or, for a route with no name of its
 * own, the names of the named routes of its path (`posts_path` writes the create route's path too).
 * What makes a route used by a helper call, for `check --unused` and the editor's `unused-route`.
 */
export function reachingHelpers(routes: readonly Route[]): (route: Route) => readonly string[] {
  const byPath = new Map<string, string[]>();
  for (const route of routes) if (route.name) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.name]);
  return (route) => (route.name ? [route.name] : (byPath.get(route.path) ?? []));
}
