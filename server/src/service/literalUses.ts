import type { Route } from "resource-routes/internal";

import { isCodeFile } from "../files/codeFiles";
import { GENERATED_MARK } from "../files/generatedFile";
import { parseUri } from "../files/uris";
import { rewriteLiterals } from "../literals/literalRewrites";
import type { UrlLiteral } from "../literals/urlLiterals";
import type { Location } from "./definition";
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

/** A URL written by hand, with the route that recognises it (and whose helper generates it), and its first character (its quote). */
export type LiteralUse = Location & { route: Route; literal: UrlLiteral; quote: string };

/** Every URL written by hand in the workspace that a route of the routing file recognises and its helper generates, with that route. */
export function literalMatches(workspace: RoutingWorkspace, routingUri: string): LiteralUse[] {
  const routing = workspace.routingFile(routingUri);
  const routingPath = parseUri(routingUri)?.path;
  if (!routing || !routingPath) return [];
  const matches: LiteralUse[] = [];
  for (const document of workspace.documents()) {
    const scanned = workspace.usesRouteSet(document.uri, routingUri) ? literalSource(workspace, document.uri) : undefined;
    if (!scanned) continue;
    const { path, text } = scanned;
    for (const found of rewriteLiterals(path, text, [{ file: routingPath, routes: routing.routes }]).found) {
      if (found.match) {
        const { literal } = found;
        matches.push({ uri: document.uri, span: { start: literal.start, end: literal.end }, route: found.match.route, literal, quote: text[literal.start] });
      }
    }
  }
  return matches;
}

/**
 * A document the URL literals are looked for in, with its path and text: TS/JS written by hand, not
 * a routing file, nor generated, nor a bundle (over a megabyte); and only where it writes a quote
 * and a slash, which every URL literal begins with (the rest are not parsed).
 */
export function literalSource(workspace: RoutingWorkspace, uri: string): { path: string; text: string } | undefined {
  const document = workspace.document(uri);
  const path = parseUri(uri)?.path;
  if (!document || !path || !isCodeFile(path) || workspace.routingFile(uri) || document.text.length > MAX_LENGTH) return undefined;
  const text = document.text.toString();
  return text.startsWith(GENERATED_MARK) || !/["'`]\//.test(text) ? undefined : { path, text };
}
