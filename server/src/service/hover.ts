import {
  Declaration,
  declaredSpan,
  DirectCode,
  type DirectTarget,
  markdownCellCode,
  markdownCode,
  markdownText,
  own,
  Route,
  Span,
} from "resource-routes/internal";

import { routesOfActions } from "./controllers";
import { declarationAt } from "./declarationAt";
import { parametersOf, routeNameOfHelper, wordAt } from "./helperNames";
import { optionDocsOf } from "./optionDocs";
import { type RouteUsage, routeUsage } from "./routeUsage";
import { RoutingWorkspace } from "./workspace";

export interface Hover {
  /** Markdown. */
  contents: string;
  span: Span;
}

/**
 * Hover: on a declaration (its method or a name), the routes it generates; on an option key, what
 * the option does; on a helper name anywhere, its route(s), arguments and declaration.
 */
export function hover(workspace: RoutingWorkspace, uri: string, offset: number): Hover | undefined {
  const document = workspace.document(uri);
  if (!document) return undefined;
  const file = workspace.routingFile(uri);
  if (file?.analysis.tree) {
    const hit = declarationAt(file.analysis.tree.body, offset);
    if (hit?.part === "option") {
      const doc = own<string>(optionDocsOf(file.behaviour), hit.key);
      return doc ? { contents: doc, span: hit.span } : undefined;
    }
    if (hit) {
      const routes = file.routes.table.routesOf({ declaration: hit.declaration });
      const call = hit.declaration.source!.call;
      const taken = file.diagnostics.filter((d) => d.code === "route-name-taken" && d.span && d.span.start >= call.start && d.span.end <= call.end);
      const notes = taken.map((d) => `\n> **Name taken:** ${markdownText(d.message)}`);
      // The routes of the declaration and its block: the rows shown, and the named routes an unnamed one's path shares.
      const routesOf = (declaration: Declaration): Route[] => [
        ...file.routes.table.routesOf({ declaration }),
        ...(declaration.block ?? []).flatMap((inner) => routesOf(inner)),
      ];
      const usage = routeUsage(workspace, uri, routesOf(hit.declaration));
      const nested = nestedMarkdown(hit.declaration, (declaration) => file.routes.table.routesOf({ declaration }), MAX_HOVER_ROWS - routes.length, usage);
      return { contents: routesMarkdown(hit.declaration, routes, usage) + notes.join("\n") + nested, span: hit.span };
    }
  }
  const action = routesOfActions(workspace, uri)?.find(({ action: a }) => offset >= a.span.start && offset <= a.span.end);
  if (action)
    return {
      contents: actionMarkdown(
        action.action.name,
        action.routes.map((r) => r.route),
      ),
      span: action.action.span,
    };
  const word = wordAt(document.text, offset);
  const name = word && routeNameOfHelper(word.word);
  const holder = name ? workspace.namedRoute(name) : undefined;
  const custom = word && !holder ? workspace.directHelper(word.word) : undefined;
  if (word && custom) return { contents: directMarkdown(word.word, custom.direct.target), span: { start: word.start, end: word.end } };
  if (!word || !holder) return undefined;
  const parameters = parametersOf(holder.route);
  return {
    contents: [
      markdownCode(`${word.word}(${parameters.join(", ")})`),
      "",
      `${holder.route.verb} ${markdownCode(holder.route.path)} → ${markdownCode(holder.route.target)}`,
      "",
      `Declared in ${declarationLink(workspace, holder.uri, declaredSpan(holder.route)?.start)}`,
    ].join("\n"),
    span: { start: word.start, end: word.end },
  };
}

/** A custom helper's hover (`direct`): what it answers, its URL as written or url_for's options. */
export function directMarkdown(helper: string, target: DirectTarget): string {
  const shown =
    target instanceof DirectCode
      ? "the answer of the application's function, for the arguments given"
      : typeof target === "string"
        ? markdownCode(target)
        : markdownCode(JSON.stringify(target));
  return [markdownCode(`${helper}()`), "", `A custom helper (direct): ${shown}`].join("\n");
}

/**
 * A link to where a route was declared, as editors follow them in hovers: the file's name and line
 * (`routes.ts:4`) to its URI with the line as a fragment (`#L4`). The URI's parentheses and spaces
 * are escaped, so that no file name can end the link.
 */
function declarationLink(workspace: RoutingWorkspace, uri: string, offset: number | undefined): string {
  const line = offset === undefined ? undefined : workspace.lines(uri).positionAt(offset).line + 1;
  const name = decodeURIComponent(uri.slice(uri.lastIndexOf("/") + 1));
  const target = uri.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  return `[${markdownText(line === undefined ? name : `${name}:${line}`)}](${target}${line === undefined ? "" : `#L${line}`})`;
}

/** A controller action's hover: the routes that reach it, or that none does. */
function actionMarkdown(name: string, routes: Route[]): string {
  if (routes.length === 0) return `**action** ${markdownCode(name)}: no route reaches it`;
  return [`**action** ${markdownCode(name)}: ${routes.length} route${routes.length === 1 ? "" : "s"}`, "", ...routeTable(routes)].join("\n");
}

/** The table of routes a hover shows; with their usage, how many helper calls each has and, where coverage was recorded, whether tests exercise it. */
function routeTable(routes: Route[], usage?: RouteUsage): string[] {
  const rows = routes.map((r) => {
    const cells = [r.verb, markdownCellCode(r.path), r.name ? markdownCellCode(`${r.name}_path`) : "", markdownCellCode(r.target)];
    if (usage) cells.push(String(usage.calls(r)));
    if (usage?.tested) cells.push(usage.tested(r) ? "✓" : "—");
    return `| ${cells.join(" | ")} |`;
  });
  const head = ["verb", "path", "helper", "controller#action", ...(usage ? ["calls"] : []), ...(usage?.tested ? ["tests"] : [])];
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---|").join("")}`, ...rows];
}

/** A declaration's hover lists at most this many routes, its own first, then its block's. */
export const MAX_HOVER_ROWS = 60;

/**
 * The routes of the declarations in a declaration's block (nested resources, has_many children),
 * grouped by declaration, depth first, while `room` rows remain; the rest is counted.
 */
function nestedMarkdown(parent: Declaration, routesOf: (declaration: Declaration) => Route[], room: number, usage: RouteUsage): string {
  const sections: string[] = [];
  let hiddenRoutes = 0;
  let hiddenDeclarations = 0;
  let total = 0;
  const visit = (declarations: readonly Declaration[], path: string) => {
    for (const declaration of declarations) {
      const routes = routesOf(declaration);
      const label = `${declaration.kind} ${declaration.names.map(markdownCode).join(", ")}`.trim();
      total += routes.length;
      if (room > 0 && routes.length > 0) {
        const shown = routes.slice(0, room);
        room -= shown.length;
        const more = routes.length - shown.length;
        sections.push(
          "",
          `**${label}**${path}: ${routes.length} route${routes.length === 1 ? "" : "s"}`,
          "",
          ...routeTable(shown, usage),
          ...(more ? ["", `… ${more} more`] : []),
        );
      } else if (routes.length > 0) {
        hiddenRoutes += routes.length;
        hiddenDeclarations++;
      }
      if (declaration.block) visit(declaration.block, ` in ${declaration.names.map(markdownCode).join(", ") || declaration.kind}`);
    }
  };
  visit(parent.block ?? [], "");
  if (total === 0) return "";
  const summary = `\n\n---\n\n**Its block** adds ${total} route${total === 1 ? "" : "s"}:`;
  const rest = hiddenDeclarations
    ? [
        ``,
        `… and ${hiddenRoutes} more route${hiddenRoutes === 1 ? "" : "s"} of ${hiddenDeclarations} more declaration${hiddenDeclarations === 1 ? "" : "s"} (the routes table shows them all)`,
      ]
    : [];
  return `${summary}\n${[...sections, ...rest].join("\n")}`;
}

function routesMarkdown(declaration: Declaration, routes: Route[], usage: RouteUsage): string {
  const title = `**${declaration.kind}** ${declaration.names.map(markdownCode).join(", ")}: ${routes.length} route${routes.length === 1 ? "" : "s"}`;
  return [title, "", ...routeTable(routes, usage)].join("\n");
}
