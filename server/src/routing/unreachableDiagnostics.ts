import { Diagnostic, originSpan, Route, RouteTable, Span } from "resource-routes/internal";

import { DiagnosticMemo } from "../incremental/diagnosticMemo";
import { KeptFor } from "../incremental/keptFor";
import { unreachableRoutes } from "./unreachable";

/**
 * `unreachable-route` warnings, one per declaration part and capturing route (its routes listed
 * together), with the capturing route's declaration as related information. Computed once per
 * table.
 */
export function unreachableDiagnostics(table: RouteTable): Diagnostic[] {
  return byTable.get(table, diagnosticsOf);
}

function diagnosticsOf(table: RouteTable): Diagnostic[] {
  const groups = new Map<string, { span: Span | undefined; by: Route; routes: Route[] }>();
  const byIds = new Map<Route, number>();
  for (const { route, by } of unreachableRoutes(table)) {
    const span = route.origin && originSpan(route.origin);
    let byId = byIds.get(by);
    if (byId === undefined) byIds.set(by, (byId = byIds.size));
    const key = `${span?.start}:${span?.end}:${byId}`;
    const group = groups.get(key);
    if (group) group.routes.push(route);
    else groups.set(key, { span, by, routes: [route] });
  }
  const diagnostics = [...groups.values()].map(({ span, by, routes: captured }) =>
    // Its ranges all come from the two declarations' sources.
    made.get(captured[0], [by, sourceOf(captured[0]), sourceOf(by), ...captured], () => {
      const described = captured.map(describe);
      const what = described.length === 1 ? described[0] : `${described.length} routes (${described.join(", ")})`;
      const bySpan = by.origin && originSpan(by.origin);
      return {
        severity: "warning",
        code: "unreachable-route",
        message: `${what} can never be recognised: the earlier route ${describe(by)} takes every request ${captured.length === 1 ? "it" : "they"} would match`,
        span,
        related: bySpan ? [{ message: `${describe(by)} is declared here`, span: bySpan }] : undefined,
        capture: callsOf(captured[0], by),
      };
    }),
  );
  return diagnostics;
}

function sourceOf(route: Route): unknown {
  return route.origin?.declaration.source;
}

function callsOf(later: Route, earlier: Route): { later: Span; earlier: Span } | undefined {
  const a = later.origin?.declaration.source?.call;
  const b = earlier.origin?.declaration.source?.call;
  return a && b && a !== b ? { later: a, earlier: b } : undefined;
}

function describe(route: Route): string {
  return `${route.verb} ${route.path}${route.redirect || (route.controller && route.action) ? ` (${route.target})` : ""}`;
}

/** By table: a table's routes never change once it is made. */
const byTable = new KeptFor<RouteTable, Diagnostic[]>();

/** By the first route each reports, for the next tables of the file: an edit elsewhere makes none of them again. */
const made = new DiagnosticMemo<Route>();
