import { Declaration, Span } from "../routing/declarations";
import { Route } from "../routing/route";
import { declarationAt } from "./declarationAt";
import { OPTION_DOCS } from "./optionDocs";
import { markdownCellCode, markdownCode, markdownText } from "../text/escape";
import { own } from "../routing/values";
import { parametersOf, routeNameOfHelper, wordAt } from "./helperNames";
import { RoutingWorkspace } from "./workspace";
import { routesOfActions } from "./controllers";

export interface Hover {
  /** Markdown. */
  contents: string;
  span: Span;
}

/**
 * Hover: on a declaration (its method or a name), the routes it generates; on an option key, what
 * the option does; on a helper name anywhere, its route(s), arguments and declaration.
 */
export function doHover(workspace: RoutingWorkspace, uri: string, offset: number): Hover | undefined {
  const document = workspace.document(uri);
  if (!document) return undefined;
  const file = workspace.routingFile(uri);
  if (file?.analysis.tree) {
    const hit = declarationAt(file.analysis.tree.body, offset);
    if (hit?.part === "option") {
      const doc = own<string>(OPTION_DOCS, hit.key);
      return doc ? { contents: doc, span: hit.span } : undefined;
    }
    if (hit) {
      const routes = file.routes.table.routesOf({ declaration: hit.declaration });
      const call = hit.declaration.source!.call;
      const taken = file.diagnostics.filter((d) => d.code === "route-name-taken" && d.span && d.span.start >= call.start && d.span.end <= call.end);
      const notes = taken.map((d) => `\n> **Name taken:** ${markdownText(d.message)}`);
      return { contents: routesMarkdown(hit.declaration, routes) + notes.join("\n"), span: hit.span };
    }
  }
  const action = routesOfActions(workspace, uri)?.find(({ action: a }) => offset >= a.span.start && offset <= a.span.end);
  if (action) return { contents: actionMarkdown(action.action.name, action.routes.map((r) => r.route)), span: action.action.span };
  const word = wordAt(document.text, offset);
  const name = word && routeNameOfHelper(word.word);
  const holder = name ? workspace.namedRoute(name) : undefined;
  if (!word || !holder) return undefined;
  const parameters = parametersOf(holder.route);
  return {
    contents: [
      markdownCode(`${word.word}(${parameters.join(", ")})`),
      "",
      `${holder.route.verb} ${markdownCode(holder.route.path)} → ${markdownCode(holder.route.target)}`,
      "",
      `Declared in ${markdownCode(holder.uri)}`,
    ].join("\n"),
    span: { start: word.start, end: word.end },
  };
}

/** A controller action's hover: the routes that reach it, or that none does. */
function actionMarkdown(name: string, routes: Route[]): string {
  if (routes.length === 0) return `**action** ${markdownCode(name)}: no route reaches it`;
  return [`**action** ${markdownCode(name)}: ${routes.length} route${routes.length === 1 ? "" : "s"}`, "", ...routeTable(routes)].join("\n");
}

function routeTable(routes: Route[]): string[] {
  const rows = routes.map((r) => `| ${r.verb} | ${markdownCellCode(r.path)} | ${r.name ? markdownCellCode(`${r.name}_path`) : ""} | ${markdownCellCode(r.target)} |`);
  return ["| verb | path | helper | controller#action |", "|---|---|---|---|", ...rows];
}

function routesMarkdown(declaration: Declaration, routes: Route[]): string {
  const title = `**${declaration.kind}** ${declaration.names.map(markdownCode).join(", ")}: ${routes.length} route${routes.length === 1 ? "" : "s"}`;
  return [title, "", ...routeTable(routes)].join("\n");
}
