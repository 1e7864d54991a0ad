import { Span } from "../routing/declarations";
import { declaredSpan } from "../routing/spans";
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
    const span = declaredSpan(route);
    if (!span) continue;
    for (const helper of [`${name}_path`, `${name}_url`]) {
      if (!isSubsequence(wanted, helper.toLowerCase())) continue;
      symbols.push({ name: helper, detail: `${route.verb} ${route.path}`, uri, span });
      if (symbols.length >= limit) return symbols;
    }
  }
  return symbols;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let at = 0;
  for (const char of needle) {
    at = haystack.indexOf(char, at) + 1;
    if (at === 0) return false;
  }
  return true;
}
