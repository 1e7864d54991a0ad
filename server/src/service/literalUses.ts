import type { Route } from "resource-routes/internal";
import { GENERATED_MARK } from "../files/generatedFile";
import { rewriteLiterals } from "../literals/literalRewrites";
import type { Location } from "./definition";
import { usesRouteSet } from "./routeSets";
import { parseUri } from "./uris";
import { RoutingWorkspace } from "./workspace";

/** The largest document read for literals: larger ones are bundles. */
const MAX_LENGTH = 1_000_000;

/**
 * The URLs written by hand, in every TS/JS document of the workspace that may use the routing
 * file's routes, that one of `routes` recognises and its helper generates exactly: uses of those
 * routes as much as a helper call is (find references lists them).
 */
export function literalUses(workspace: RoutingWorkspace, routingUri: string, routes: ReadonlySet<Route>): Location[] {
  return literalMatches(workspace, routingUri)
    .filter((match) => routes.has(match.route))
    .map(({ uri, span }) => ({ uri, span }));
}

/** Every URL written by hand in the workspace that a route of the routing file recognises and its helper generates, with that route. */
export function literalMatches(workspace: RoutingWorkspace, routingUri: string): Array<Location & { route: Route }> {
  const routing = workspace.routingFile(routingUri);
  const routingPath = parseUri(routingUri)?.path;
  if (!routing || !routingPath) return [];
  const matches: Array<Location & { route: Route }> = [];
  for (const document of workspace.documents()) {
    const path = parseUri(document.uri)?.path;
    if (!path || !/\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) || /\.d\.[cm]?ts$/.test(path) || workspace.routingFile(document.uri)) continue;
    if (document.text.length > MAX_LENGTH || !usesRouteSet(workspace, document.uri, routingUri)) continue;
    const text = document.text.toString();
    // Only a file that writes a quote and a slash can hold a URL literal: the rest are not parsed.
    if (text.startsWith(GENERATED_MARK) || !/["'`]\//.test(text)) continue;
    for (const found of rewriteLiterals(path, text, [{ file: routingPath, routes: routing.routes }]).found) {
      if (found.match) matches.push({ uri: document.uri, span: { start: found.literal.start, end: found.literal.end }, route: found.match.route });
    }
  }
  return matches;
}
