import { helpersOf, HelperInfo, wordAt } from "./helperNames";
import { RoutingWorkspace } from "./workspace";

export interface CompletionItem {
  label: string;
  /** `GET /posts/:id.:format` */
  detail: string;
  documentation: string;
  /** A snippet with the positional arguments: `post_path(${1:id})`. */
  snippet: string;
  /** What the completion replaces: the partial word before the cursor. */
  replace: { start: number; end: number };
}

/** Helper names of the workspace's routes that start with the word typed before `offset`. */
export function doComplete(workspace: RoutingWorkspace, uri: string, offset: number): CompletionItem[] {
  const document = workspace.document(uri);
  if (!document) return [];
  const word = wordAt(document.text, offset);
  const typed = word && word.start < offset ? document.text.slice(word.start, offset) : "";
  const replace = word ? { start: word.start, end: word.end } : { start: offset, end: offset };
  const named = [...workspace.namedRoutes()].map(([name, holder]): [string, typeof holder.route] => [name, holder.route]);
  return helpersOf(named)
    .filter((h) => h.helper.startsWith(typed))
    .map((h) => item(h, replace));
}

function item(info: HelperInfo, replace: { start: number; end: number }): CompletionItem {
  const route = info.route;
  const args = info.parameters.map((p, i) => `\${${i + 1}:${p.replace(/\?$/, "")}}`);
  return {
    label: info.helper,
    detail: `${route.verb} ${route.path}`,
    documentation: `${route.controller ?? ":controller"}#${route.action ?? ":action"}${info.parameters.length ? ` — arguments: ${info.parameters.join(", ")}` : ""}`,
    snippet: `${info.helper}(${args.join(", ")})`,
    replace,
  };
}
