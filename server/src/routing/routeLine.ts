import type { RouteJSON } from "resource-routes/internal";

/** A route as one line of a comparison: verb, path, controller#action, name. */
export function routeLine(route: RouteJSON): string {
  return `${route.verb} ${route.path} ${route.controller ?? ":controller"}#${route.action ?? ":action"}${route.name ? ` (${route.name})` : ""}`;
}
