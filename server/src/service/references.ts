import { originSpan, parseHelperName, Route, Span } from "resource-routes/internal";

import { runAround, SourceText, stringContent } from "../text/sourceText";
import { declarationAt } from "./declarationAt";
import { Location } from "./definition";
import { isWordCharacter, routeNameOfHelper, wordAt } from "./helperNames";
import { literalUses } from "./literalUses";
import { RoutingWorkspace } from "./workspace";

/** An identifier that reads as a helper: `post_path`, `hash_for_edit_post_url`, not inside a longer word. */
const HELPER_WORD = /(?<![\w$])[A-Za-z_$][\w$]*_(?:path|url)(?![\w$])/g;

/**
 * Find references: from a declaration (its method or one of its names) or from a helper name, the
 * uses of the helpers of those routes in every document of the workspace, open or not, and the
 * URLs written by hand that those routes' helpers generate.
 */
export function references(workspace: RoutingWorkspace, uri: string, offset: number, includeDeclaration: boolean): Location[] {
  const { file, routes } = routesAt(workspace, uri, offset);
  if (!file || routes.length === 0) return [];
  const names = new Set(routes.flatMap((r) => (r.name ? [r.name] : [])));
  const locations: Location[] = [];
  if (includeDeclaration) {
    const seen = new Set<string>();
    for (const name of names) {
      const holder = workspace.namedRoute(name, [file]);
      // The string's content, the range TypeScript's own reference to it has: VS Code, which
      // merges both lists and drops equal ranges, then shows it once.
      const written = holder?.route.origin && originSpan(holder.route.origin);
      const text = holder && workspace.document(holder.uri)?.text;
      const span = written && (text ? (stringContent(text, written) ?? written) : written);
      const key = span && `${holder.uri}#${span.start}`;
      if (span && !seen.has(key!)) {
        seen.add(key!);
        locations.push({ uri: holder.uri, span });
      }
    }
  }
  for (const document of workspace.documents()) {
    // A document that imports other route sets names other routes.
    if (!workspace.usesRouteSet(document.uri, file)) continue;
    for (const use of helperWords(document.text)) {
      const name = parseHelperName(use.word)?.name;
      if (name && names.has(name)) locations.push({ uri: document.uri, span: use.span });
    }
  }
  // A URL written by hand that the route's helper generates is a use of the route too.
  return [...locations, ...literalUses(workspace, file, new Set(routes))];
}

/** The routes meant at `offset` and their routing file: a declaration's (only the name under the cursor's, for several names), or a helper's. */
function routesAt(workspace: RoutingWorkspace, uri: string, offset: number): { file?: string; routes: Route[] } {
  const file = workspace.routingFile(uri);
  const hit = file?.analysis.tree && declarationAt(file.analysis.tree.body, offset);
  if (file && hit?.part === "declaration") {
    const nameIndex = hit.declaration.source!.names.indexOf(hit.span);
    return { file: uri, routes: file.routes.table.routesOf(hit).filter((r) => nameIndex < 0 || r.origin?.nameIndex === nameIndex) };
  }
  const document = workspace.document(uri);
  const word = document && wordAt(document.text, offset);
  const name = word && routeNameOfHelper(word.word);
  const holder = name ? workspace.namedRoute(name, workspace.routeSetOf(uri)) : undefined;
  return holder ? { file: holder.uri, routes: [holder.route] } : { routes: [] };
}

/**
 * Every helper-like identifier of a text, or of those that overlap `within` (inlay hints ask for
 * the lines on screen: the rest of the text is not scanned).
 */
export function* helperWords(text: SourceText, within: Span = { start: 0, end: text.length }): Iterable<{ word: string; span: Span }> {
  // The words the range begins and ends in, whole: a helper name may begin before it or end after it.
  const start = Math.max(0, Math.min(within.start, text.length));
  const { start: from, end: to } = runAround(text, start, Math.max(start, Math.min(within.end, text.length)), isWordCharacter);
  for (const match of text.slice(from, to).matchAll(HELPER_WORD))
    yield { word: match[0], span: { start: from + match.index, end: from + match.index + match[0].length } };
}
