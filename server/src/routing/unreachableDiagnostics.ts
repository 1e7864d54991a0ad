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
  // Asked again of the whole file at each keystroke: object keys and one list of inputs filled again,
  // where a text key, a list and a function per warning were most of what an edit allocated.
  const groups: Group[] = [];
  const byCaptor = new Map<Route, Group>();
  for (const { route, by } of unreachableRoutes(table)) {
    const span = route.origin && originSpan(route.origin);
    let group = byCaptor.get(by);
    while (group && !sameSpan(group.span, span)) group = group.other;
    if (group) group.routes.push(route);
    else {
      const made: Group = { span, by, routes: [route], other: byCaptor.get(by) };
      byCaptor.set(by, made);
      groups.push(made);
    }
  }
  return groups.map(({ span, by, routes: captured }) => {
    // Its ranges all come from the two declarations' sources.
    INPUTS.length = 0;
    INPUTS.push(by, sourceOf(captured[0]), sourceOf(by), ...captured);
    return made.kept(captured[0], INPUTS) ?? made.keep(captured[0], INPUTS, diagnosticOf(span, by, captured));
  });
}

/** The routes of one declaration part that one earlier route captures; `other`: the captor's group for another part. */
interface Group {
  span: Span | undefined;
  by: Route;
  routes: Route[];
  other: Group | undefined;
}

const INPUTS: unknown[] = [];

function sameSpan(a: Span | undefined, b: Span | undefined): boolean {
  return a === b || (!!a && !!b && a.start === b.start && a.end === b.end);
}

function diagnosticOf(span: Span | undefined, by: Route, captured: Route[]): Diagnostic {
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
