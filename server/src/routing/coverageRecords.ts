import * as path from "path";
import type { Route, RouteCoverageFile, RouteUse } from "resource-routes/internal";

/** A route as coverage files name it: verb, path and target. */
export function routeKey(route: Pick<Route, "verb" | "path" | "target">): string {
  return `${route.verb} ${route.path} ${route.target}`;
}

/** The uses a coverage file's text records, or why it is not one (the end of "… is not a coverage file"). */
export function coverageUses(text: string): RouteUse[] | { why: string } {
  let parsed: RouteCoverageFile;
  try {
    parsed = JSON.parse(text) as RouteCoverageFile;
  } catch (error) {
    return { why: `: ${(error as Error).message}` };
  }
  return parsed?.version === 1 && Array.isArray(parsed.routes) ? parsed.routes : { why: " (version 1)" };
}

/** The routes of `routingFile` the uses exercised, by routeKey (a use recorded with another routing file counts for that one alone). */
export function exercisedIn(uses: readonly RouteUse[], routingFile: string, into = new Set<string>()): Set<string> {
  for (const use of uses) if (!use.file || path.resolve(use.file) === path.resolve(routingFile)) into.add(routeKey(use));
  return into;
}
