import { markdownCode, snippetText } from "resource-routes/internal";

import { completeInDeclaration } from "./declarationCompletion";
import { HelperInfo, parametersOf, routeNameOfHelper, wordAt } from "./helperNames";
import { directMarkdown } from "./hover";
import { RoutingWorkspace } from "./workspace";

export interface CompletionItem {
  kind: "helper" | "option" | "method" | "action";
  label: string;
  /** `GET /posts/:id.:format` for a helper: absent from helper items (see helperDetails). */
  detail?: string;
  /** Markdown; absent from helper items (see helperDetails). */
  documentation?: string;
  /** A snippet with the positional arguments (`post_path(${1:id})`); plain `label` when absent. */
  snippet?: string;
  /** What the completion replaces: the word at the cursor. */
  replace: { start: number; end: number };
  /**
   * Where the item stands among those offered, lowest first, before anything else the editor lists
   * there (TypeScript's own suggestions of globals in a declaration's options). Absent from
   * helper items, which the editor orders by name.
   */
  rank?: number;
}

/**
 * Completion: inside a declaration's options, option keys, methods and actions; anywhere else,
 * the workspace's helper names that start with the word typed before `offset`.
 */
export function completions(workspace: RoutingWorkspace, uri: string, offset: number): CompletionItem[] {
  const document = workspace.document(uri);
  if (!document) return [];
  const inDeclaration = completeInDeclaration(workspace, uri, offset);
  // Option keys, methods and actions are what a declaration's options take: offered first, in the order given.
  if (inDeclaration.length > 0) return inDeclaration.map((item, rank) => ({ ...item, rank }));
  const word = wordAt(document.text, offset);
  const typed = word && word.start < offset ? document.text.slice(word.start, offset) : "";
  const replace = word ? { start: word.start, end: word.end } : { start: offset, end: offset };
  const scope = workspace.routeSetOf(uri);
  const items = workspace.helpersWithPrefix(typed, MAX_HELPER_ITEMS, scope).map((h) => helperItem(h, replace));
  // The custom helpers (`direct`), few: each file's looked through, taking nothing.
  for (const helper of workspace.directHelperNames(typed, scope)) {
    if (items.length >= MAX_HELPER_ITEMS) break;
    items.push({ kind: "helper", label: helper, snippet: `${snippetText(helper)}()`, replace });
  }
  return items;
}

/** At most this many helpers are offered at once; the editor asks again as the word grows. */
export const MAX_HELPER_ITEMS = 200;

/**
 * A helper's item without its detail and documentation: an editor shows those for the item the
 * user selects, and asks for them then (helperDetails), where a list holds up to MAX_HELPER_ITEMS.
 */
function helperItem(info: HelperInfo, replace: { start: number; end: number }): CompletionItem {
  // Only required parameters become placeholders: leaving the snippet must not leave an optional
  // one's name (`format`) behind as an undefined identifier.
  const args = parametersOf(info.route)
    .filter((p) => !p.endsWith("?"))
    .map((p, i) => `\${${i + 1}:${snippetText(p)}}`);
  return { kind: "helper", label: info.helper, snippet: `${snippetText(info.helper)}(${args.join(", ")})`, replace };
}

/** What a helper item leaves out: its route's method and path, and its action and arguments (Markdown); undefined for a helper no route gives (any more). */
export function helperDetails(workspace: RoutingWorkspace, helper: string): { detail: string; documentation: string } | undefined {
  const route = workspace.namedRoute(routeNameOfHelper(helper) ?? "")?.route;
  const custom = route ? undefined : workspace.directHelper(helper);
  if (custom) return { detail: "direct", documentation: directMarkdown(helper, custom.direct.target) };
  if (!route) return undefined;
  const parameters = parametersOf(route);
  return {
    detail: `${route.verb} ${route.path}`,
    documentation: `${markdownCode(route.target)}${parameters.length ? ` — arguments: ${markdownCode(parameters.join(", "))}` : ""}`,
  };
}
