import { Declaration, Span } from "resource-routes/internal";

import { RouteGroup, routeGroups } from "../incremental/groupedTable";
import { KeptFor } from "../incremental/keptFor";
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
  const withBlock = withBlockCounter(counts);
  const symbol = (declaration: Declaration): DeclarationSymbol | undefined => {
    const source = declaration.source;
    if (!source) return undefined;
    const label = declaration.kind === "connect" ? (declaration.path ?? "") : declaration.names.join(", ");
    return {
      name: `${declaration.kind} ${label}`.trim(),
      kind: declaration.kind,
      // Counted as the lens and the Routes view count: a namespace's routes are its block's.
      detail: routeCountText(counts.get(declaration) ?? 0, withBlock(declaration)),
      span: source.call,
      selection: source.names[0] ?? source.method,
      children: (declaration.block ?? []).flatMap((d) => symbol(d) ?? []),
    };
  };
  return file.analysis.tree.body.flatMap((d) => symbol(d) ?? []);
}

/** "N routes" on every declaration that registers routes itself, and how many with its block when that adds some. */
export function routeCountLenses(workspace: RoutingWorkspace, uri: string): RouteCountLens[] {
  const lenses: RouteCountLens[] = [];
  const counts = routeCounts(workspace, uri);
  const withBlock = withBlockCounter(counts);
  for (const [declaration, routes] of counts) {
    if (declaration.source) lenses.push({ span: declaration.source.method, routes, title: routeCountText(routes, withBlock(declaration)) });
  }
  return lenses.sort((a, b) => a.span.start - b.span.start);
}

/**
 * A declaration's count as the lens, the hover and the Routes view say it: its own routes, then,
 * where its block adds some, all of them (`9 routes, 22 with its block`).
 */
export function routeCountText(own: number, withBlock: number): string {
  if (withBlock === own) return plural(own);
  return own === 0 ? `${plural(withBlock)} in its block` : `${plural(own)}, ${withBlock} with its block`;
}

/** A declaration's routes with its block's, from the routes each declaration registers itself. */
function withBlockCounter(counts: ReadonlyMap<Declaration, number>): (declaration: Declaration) => number {
  const withBlock = (declaration: Declaration): number =>
    (counts.get(declaration) ?? 0) + (declaration.block ?? []).reduce((sum, child) => sum + withBlock(child), 0);
  return withBlock;
}

/** Routes per declaration: each group's counts, counted once per group (see countsIn). */
function routeCounts(workspace: RoutingWorkspace, uri: string): Map<Declaration, number> {
  const counts = new Map<Declaration, number>();
  const table = workspace.routingFile(uri)?.routes.table;
  for (const group of table ? routeGroups(table) : []) {
    for (const [declaration, routes] of countsIn(group)) counts.set(declaration, (counts.get(declaration) ?? 0) + routes);
  }
  return counts;
}

/**
 * Routes per declaration of one group. A group (a top-level declaration's routes) outlives the
 * edits that do not touch it, so an outline or a code lens asked after an edit counts only the
 * routes of the declarations the edit changed.
 */
function countsIn(group: RouteGroup): Map<Declaration, number> {
  return groupCounts.get(group, () => {
    const counts = new Map<Declaration, number>();
    for (const route of group.routes) {
      const declaration = route.origin?.declaration;
      if (declaration) counts.set(declaration, (counts.get(declaration) ?? 0) + 1);
    }
    return counts;
  });
}

const groupCounts = new KeptFor<RouteGroup, Map<Declaration, number>>();

function plural(count: number): string {
  return `${count} route${count === 1 ? "" : "s"}`;
}
