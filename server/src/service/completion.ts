import { completeInDeclaration } from "./declarationCompletion";
import { markdownCode, snippetText } from "../text/escape";
import { HelperInfo, parametersOf, wordAt } from "./helperNames";
import { RoutingWorkspace } from "./workspace";

export interface CompletionItem {
  kind: "helper" | "option" | "method" | "action";
  label: string;
  /** `GET /posts/:id.:format` for a helper. */
  detail?: string;
  /** Markdown. */
  documentation: string;
  /** A snippet with the positional arguments (`post_path(${1:id})`); plain `label` when absent. */
  snippet?: string;
  /** What the completion replaces: the word at the cursor. */
  replace: { start: number; end: number };
}

/**
 * Completion: inside a declaration's options, option keys, methods and actions; anywhere else,
 * the workspace's helper names that start with the word typed before `offset`.
 */
export function doComplete(workspace: RoutingWorkspace, uri: string, offset: number): CompletionItem[] {
  const document = workspace.document(uri);
  if (!document) return [];
  const inDeclaration = completeInDeclaration(workspace, uri, offset);
  if (inDeclaration.length > 0) return inDeclaration;
  const word = wordAt(document.text, offset);
  const typed = word && word.start < offset ? document.text.slice(word.start, offset) : "";
  const replace = word ? { start: word.start, end: word.end } : { start: offset, end: offset };
  return workspace.helpersWithPrefix(typed, MAX_HELPER_ITEMS).map((h) => helperItem(h, replace));
}

/** At most this many helpers are offered at once; the editor asks again as the word grows. */
export const MAX_HELPER_ITEMS = 200;

function helperItem(info: HelperInfo, replace: { start: number; end: number }): CompletionItem {
  const route = info.route;
  const parameters = parametersOf(route);
  // Only required parameters become placeholders: leaving the snippet must not leave an optional
  // one's name (`format`) behind as an undefined identifier.
  const args = parameters.filter((p) => !p.endsWith("?")).map((p, i) => `\${${i + 1}:${snippetText(p)}}`);
  return {
    kind: "helper",
    label: info.helper,
    detail: `${route.verb} ${route.path}`,
    documentation: `${markdownCode(route.target)}${parameters.length ? ` — arguments: ${markdownCode(parameters.join(", "))}` : ""}`,
    snippet: `${snippetText(info.helper)}(${args.join(", ")})`,
    replace,
  };
}
