import { type RouteJSON, targetText } from "resource-routes/internal";

/** A route as one line of a comparison: verb, path, controller#action (or its redirect), name. */
export function routeLine(route: RouteJSON): string {
  return `${route.verb} ${route.path} ${targetText(route)}${route.name ? ` (${route.name})` : ""}`;
}
