import { routeGroups } from "../routing/table";
import { Declaration, Span } from "../routing/declarations";
import { RoutingWorkspace } from "./workspace";

/** One node of a routing file's outline: a declaration and the declarations of its block. */
export interface DeclarationSymbol {
  name: string;
  /** `resources`, `namespace`, … */
  kind: Declaration["kind"];
  /** `7 routes` */
  detail: string;
  span: Span;
  selection: Span;
  children: DeclarationSymbol[];
}

/** A code lens: how many routes a declaration registers, shown on its method name. */
export interface RouteCountLens {
  span: Span;
  routes: number;
  title: string;
}

/** The declaration tree of a routing file, for document symbols. */
export function documentSymbols(workspace: RoutingWorkspace, uri: string): DeclarationSymbol[] {
  const file = workspace.routingFile(uri);
  if (!file?.analysis.tree) return [];
  const counts = routeCounts(workspace, uri);
  const symbol = (declaration: Declaration): DeclarationSymbol | undefined => {
    const source = declaration.source;
    if (!source) return undefined;
    const label = declaration.kind === "connect" ? declaration.path ?? "" : declaration.names.join(", ");
    return {
      name: `${declaration.kind} ${label}`.trim(),
      kind: declaration.kind,
      detail: plural(counts.get(declaration) ?? 0),
      span: source.call,
      selection: source.names[0] ?? source.method,
      children: (declaration.block ?? []).flatMap((d) => symbol(d) ?? []),
    };
  };
  return file.analysis.tree.body.flatMap((d) => symbol(d) ?? []);
}

/** "N routes" on every declaration that registers routes itself. */
export function routeCountLenses(workspace: RoutingWorkspace, uri: string): RouteCountLens[] {
  const lenses: RouteCountLens[] = [];
  for (const [declaration, routes] of routeCounts(workspace, uri)) {
    if (declaration.source) lenses.push({ span: declaration.source.method, routes, title: plural(routes) });
  }
  return lenses.sort((a, b) => a.span.start - b.span.start);
}

/** Routes per declaration, counted in one pass over the table's groups. */
function routeCounts(workspace: RoutingWorkspace, uri: string): Map<Declaration, number> {
  const counts = new Map<Declaration, number>();
  const table = workspace.routingFile(uri)?.routes.table;
  for (const group of table ? routeGroups(table) : []) {
    for (const route of group.routes) {
      const declaration = route.origin?.declaration;
      if (declaration) counts.set(declaration, (counts.get(declaration) ?? 0) + 1);
    }
  }
  return counts;
}

function plural(count: number): string {
  return `${count} route${count === 1 ? "" : "s"}`;
}
