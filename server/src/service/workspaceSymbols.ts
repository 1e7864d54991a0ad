import { declaredSpan, Span } from "resource-routes/internal";

import { SUFFIXES } from "./helperIndex";
import { RoutingWorkspace } from "./workspace";

/** A helper of the workspace as a symbol: found by name from anywhere, it leads to its declaration. */
export interface HelperSymbol {
  name: string;
  /** `GET /posts/:id.:format` */
  detail: string;
  uri: string;
  span: Span;
}

/** The `_path` and `_url` helpers whose names contain `query`'s characters in order (as editors filter symbols), at most `limit`. */
export function workspaceSymbols(workspace: RoutingWorkspace, query: string, limit = Infinity): HelperSymbol[] {
  const symbols: HelperSymbol[] = [];
  const wanted = query.toLowerCase();
  for (const [name, { uri, route }] of workspace.namedRoutes()) {
    // The query is matched through the route name first (most names end the search there), then
    // through each suffix: a helper's name is spelled only for a match.
    const matched = matchedIn(wanted, 0, name);
    for (const suffix of SUFFIXES) {
      if (matchedIn(wanted, matched, suffix) !== wanted.length) continue;
      const span = declaredSpan(route);
      if (!span) break;
      symbols.push({ name: `${name}${suffix}`, detail: `${route.verb} ${route.path}`, uri, span });
      if (symbols.length >= limit) return symbols;
    }
  }
  return symbols;
}

/**
 * How many characters of `needle` (lower case) are found in order in `haystack`, ignoring case,
 * counting the `from` found before. Taking each character at its first place leaves the most room
 * for the rest, so a match through a name and then a suffix is a match through the helper's name.
 */
function matchedIn(needle: string, from: number, haystack: string): number {
  const text = ASCII_ONLY.test(haystack) ? haystack : haystack.toLowerCase();
  let found = from;
  for (let i = 0; i < text.length && found < needle.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    if (code === needle.charCodeAt(found)) found++;
  }
  return found;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;
