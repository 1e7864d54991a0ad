import { Span } from "./declarations";
import { DiagnosticMemo } from "./diagnosticMemo";
import { Diagnostic } from "./diagnostics";
import { PathPart, PathSegment } from "./path";
import { HttpMethod, Route, RouteGroup } from "./route";
import { originSpan } from "./spans";
import { ByEndSegments, routeGroups, RouteTable, unchangedEnds } from "./table";
import { isEmpty } from "./values";

/** A route that recognition can never return, and the earlier route that takes every request it would match. */
export interface Capture {
  route: Route;
  by: Route;
}

/**
 * The routes of one route table that an earlier route always captures (the classic mistake: a
 * catch-all or `photos/:id` above `photos/search`). Only what is provable is reported: the earlier
 * route must take every method the later one takes and, for every request path the later one
 * matches, match it too — compared part by part, taking requirements into account conservatively
 * (two requirements are the same only when they are written the same). Routes are compared only
 * with earlier ones that can share their first segment, so a large file costs little more than a
 * pass over its routes; and after an edit, only the routes of the declarations it re-expanded and
 * the later routes sharing a first segment with them are compared again (see Run).
 */
export function unreachableRoutes(table: Pick<RouteTable, "routes" | "size" | "segments">): Capture[] {
  const segments = table.segments?.list ?? [];
  // The routes of the declarations, in order, then those of one whose expansion stopped (a segment of their own).
  const parts = routeGroups(table);
  const previous = runs.find(segments, (run) => !run.continued);
  const run = (previous && continuedRun(previous, parts)) ?? firstRun(parts);
  runs.set(segments, run);
  const order = run.order;
  return [...run.by].map(([route, by]) => ({ route, by })).sort((a, b) => (before(order, a.route, b.route) ? -1 : 1));
}

/**
 * One computation over a table, which the next table of the same file continues: routes by
 * their first segment's text (each list in route order), those starting with a parameter or a
 * glob, and each unreachable route with the route that captures it. A route's answer depends
 * only on the earlier routes of its own list and of the parameter list; so after an edit replaced
 * a run of declarations, only routes of lists that gained or lost a route can change, and among
 * them only those after the replaced run (an edit of the parameter list computes all again).
 */
interface Run {
  segments: readonly RouteGroup[];
  /** Each segment's place in the table. */
  order: Map<RouteGroup, number>;
  buckets: Map<string, Route[]>;
  dynamic: Route[];
  by: Map<Route, Route>;
  /** A later table continued it (its lists are that table's now): it cannot be continued again. */
  continued: boolean;
}

/** The run of a file's last table, which the next table of the file continues. */
const runs = new ByEndSegments<Run>();

/**
 * Records where a segment's routes stand (a route belongs to one segment object for good:
 * re-used segments are the same objects; only the routes of a stopped expansion's remainder,
 * a segment of each table's own, move to a new one).
 */
function place(segment: RouteGroup): void {
  segment.routes.forEach((route, index) => {
    if (route.segment === segment) return;
    route.segment = segment;
    route.segmentIndex = index;
  });
}

/** Whether `a` comes before `b` in the run's table. */
function before(order: Run["order"], a: Route, b: Route): boolean {
  const sa = order.get(a.segment!)!;
  const sb = order.get(b.segment!)!;
  return sa < sb || (sa === sb && a.segmentIndex < b.segmentIndex);
}

function firstRun(segments: readonly RouteGroup[]): Run {
  const run: Run = { segments, order: new Map(segments.map((segment, i) => [segment, i])), buckets: new Map(), dynamic: [], by: new Map(), continued: false };
  for (const segment of segments) {
    place(segment);
    for (const route of segment.routes) {
      const list = listOf(run, firstKey(route));
      judge(run, route, list.length, run.dynamic.length);
      list.push(route);
    }
  }
  return run;
}

/** The run of a table whose segments are `segments`, from the previous table's; undefined when all must be computed again. */
function continuedRun(previous: Run, segments: readonly RouteGroup[]): Run | undefined {
  const old = previous.segments;
  const { head, tail } = unchangedEnds(old, segments);
  const removed = old.slice(head, old.length - tail);
  const added = segments.slice(head, segments.length - tail);
  added.forEach(place);
  const keys = new Set<string>();
  for (const segment of [...removed, ...added]) for (const route of segment.routes) keys.add(firstKey(route));
  if (keys.has(DYNAMIC)) return undefined;

  previous.continued = true;
  // The order too is the previous one patched: only places from the replaced run on can change,
  // and only those of the run when it kept its length (an edit inside one declaration).
  const order = previous.order;
  for (const segment of removed) order.delete(segment);
  const moved = added.length === removed.length ? head + added.length : segments.length;
  for (let i = head; i < moved; i++) order.set(segments[i], i);
  const run: Run = { segments, order, buckets: previous.buckets, dynamic: previous.dynamic, by: previous.by, continued: false };
  for (const segment of removed) {
    for (const route of segment.routes) {
      const list = run.buckets.get(firstKey(route))!;
      list.splice(list.indexOf(route), 1);
      run.by.delete(route);
    }
  }
  for (const segment of added) {
    for (const route of segment.routes) {
      const list = listOf(run, firstKey(route));
      list.splice(insertionPoint(run, list, route), 0, route);
    }
  }
  // Routes of the lists that changed, from the replaced run on, are judged again.
  for (const key of keys) {
    const list = run.buckets.get(key) ?? [];
    list.forEach((route, i) => {
      if (run.order.get(route.segment!)! >= head) judge(run, route, i, insertionPoint(run, run.dynamic, route));
    });
  }
  return run;
}

function listOf(run: Run, key: string): Route[] {
  if (key === DYNAMIC) return run.dynamic;
  let list = run.buckets.get(key);
  if (!list) run.buckets.set(key, (list = []));
  return list;
}

/** Where `route` goes in a list in route order. */
function insertionPoint(run: Run, list: readonly Route[], route: Route): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(run.order, list[middle], route)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Records whether the first `same` routes of its list or the first `dynamic` of the parameter list capture `route`. */
function judge(run: Run, route: Route, same: number, dynamic: number): void {
  const key = firstKey(route);
  // A route starting with a parameter is only compared with others that do.
  const by = !comparable(route) ? undefined : key === DYNAMIC ? firstCapturing(run, NONE, 0, dynamic, route) : firstCapturing(run, run.buckets.get(key)!, same, dynamic, route);
  if (by) run.by.set(route, by);
  else run.by.delete(route);
}

const NONE: Route[] = [];

/** The first of the earlier routes, in route order, among the first `sameCount` of its list and the first `dynamicCount` starting with a parameter, that captures `route`. */
function firstCapturing(run: Run, same: readonly Route[], sameCount: number, dynamicCount: number, route: Route): Route | undefined {
  const dynamic = run.dynamic;
  let i = 0;
  let j = 0;
  while (i < sameCount || j < dynamicCount) {
    const next = j >= dynamicCount || (i < sameCount && before(run.order, same[i], dynamic[j])) ? same[i++] : dynamic[j++];
    if (capturesAll(next, route)) return next;
  }
  return undefined;
}

const DYNAMIC = "\u0000dynamic";

function firstKey(route: Route): string {
  const first = route.segments[0];
  if (!first) return "";
  if (first[0].kind !== "static") return DYNAMIC;
  // Parsed segments are shared between routes (path.ts): their text is worked out once each.
  let key = segmentTexts.get(first);
  if (key === undefined) segmentTexts.set(first, (key = segmentText(first)));
  return key;
}

const segmentTexts = new WeakMap<PathSegment, string>();

/** Routes whose requests are compared at all: not those a `:controller` segment or a bare `.:format` segment makes hard to enumerate. */
function comparable(route: Route): boolean {
  return !hasBareFormatSegment(route) && !route.segments.some((segment) => segment.some((part) => isControllerPart(route, part)));
}

function hasConditions(route: Route): boolean {
  return !isEmpty(route.conditions);
}

/**
 * Whether `earlier` matches every request `later` would match. Asked for most pairs of routes
 * that share a first segment (a large file's resources ask it a million times), so the checks that
 * cost least and fail most come first: the numbers of segments each takes, then the methods.
 */
function capturesAll(earlier: Route, later: Route): boolean {
  const count = earlier.segments.length;
  // Without a glob, `earlier` takes requests of min(required, count) to count segments (acceptsLength).
  if (!endsInGlob(earlier) && (later.segments.length > count || later.requiredSegments < Math.min(earlier.requiredSegments, count))) return false;
  if (earlier.methods && !takesMethods(earlier.methods, later.methods)) return false;
  if (hasConditions(earlier)) return false;
  for (let length = later.requiredSegments; length <= later.segments.length; length++) {
    if (!acceptsLength(earlier, later, length)) return false;
  }
  return true;
}

/** Whether a route of methods `outer` takes every method of `inner` (null: any method). Routes share their method lists. */
function takesMethods(outer: readonly HttpMethod[], inner: readonly HttpMethod[] | null): boolean {
  if (!inner) return false;
  if (outer === inner) return true;
  for (const method of inner) if (!outer.includes(method)) return false;
  return true;
}

/** Whether the route's last segment is a glob (`*path`), which takes the rest of a request. */
function endsInGlob(route: Route): boolean {
  const count = route.segments.length;
  return count > 0 && route.segments[count - 1][0].kind === "glob";
}

/** Whether `earlier` matches every request that is `later`'s first `length` segments. */
function acceptsLength(earlier: Route, later: Route, length: number): boolean {
  const count = earlier.segments.length;
  if (endsInGlob(earlier) && length >= count) {
    // the glob takes the rest (at least one segment); the segments before it must cover
    for (let k = 0; k < count - 1; k++) if (!covers(earlier, k, later, k)) return false;
    return true;
  }
  if (length > count || length < Math.min(earlier.requiredSegments, count)) return false;
  for (let k = 0; k < length; k++) if (!covers(earlier, k, later, k)) return false;
  return true;
}

/** Whether segment `a` of `earlier` matches every text segment `b` of `later` matches. */
function covers(earlier: Route, a: number, later: Route, b: number): boolean {
  const outer = earlier.segments[a];
  const inner = later.segments[b];
  const outerOptional = a === earlier.segments.length - 1 && earlier.optionalFormat;
  const innerOptional = b === later.segments.length - 1 && later.optionalFormat;
  if (inner.some((part) => part.kind === "glob") || outer.some((part) => part.kind === "glob")) return false;
  if (outer.some((part) => isControllerPart(earlier, part))) return false;
  if (sameSegment(earlier, outer, later, inner) && (outerOptional || !innerOptional)) return true;
  // `:x` (default pattern): anything without a dot.
  if (outer.length === 1 && outer[0].kind === "param" && !earlier.requirements[outer[0].key]) {
    return !innerOptional && withoutDots(later, inner);
  }
  // B's `:x.:format` (default patterns): anything without a dot, then optionally a dot and a format.
  const dot = outer[1];
  if (outerOptional && outer.length === 3 && outer[0].kind === "param" && dot.kind === "static" && dot.text === "." && !earlier.requirements[outer[0].key] && !earlier.requirements.format) {
    const base = withoutFormat(inner);
    if (base === undefined) return !innerOptional && withoutDots(later, inner);
    return !later.requirements.format && withoutDots(later, base);
  }
  return false;
}

/** The parts before a trailing `.:format` (the dot taken off the static text before it), or undefined when there is none. */
function withoutFormat(segment: PathSegment): PathSegment | undefined {
  const last = segment[segment.length - 1];
  const dot = segment[segment.length - 2];
  if (!last || !dot || last.kind !== "param" || last.key !== "format" || dot.kind !== "static" || !dot.text.endsWith(".")) return undefined;
  const text = dot.text.slice(0, -1);
  return [...segment.slice(0, -2), ...(text ? [{ kind: "static" as const, text }] : [])];
}

/** Whether every text the parts match is free of dots: static text without one, parameters of the default pattern. */
function withoutDots(route: Route, parts: PathSegment): boolean {
  return parts.length > 0 && parts.every((part) => (part.kind === "static" ? !part.text.includes(".") : part.kind === "param" && !route.requirements[part.key]));
}

/** The same parts, with parameters of the same requirements (written the same way). */
function sameSegment(earlier: Route, outer: PathSegment, later: Route, inner: PathSegment): boolean {
  if (outer.length !== inner.length) return false;
  return outer.every((part, i) => {
    const other = inner[i];
    if (part.kind === "static") return other.kind === "static" && other.text === part.text;
    if (part.kind !== other.kind) return false;
    return sameRequirement(earlier.requirements[part.key], later.requirements[(other as { key: string }).key]);
  });
}

function sameRequirement(a: RegExp | undefined, b: RegExp | undefined): boolean {
  return a === b || (!!a && !!b && a.source === b.source && a.flags === b.flags);
}

/** `:controller` matches the route set's controllers, which may span segments: never compared. */
function isControllerPart(route: Route, part: PathPart): boolean {
  return part.kind === "param" && part.key === "controller" && !route.requirements.controller;
}

/** A last segment that is only `.:format` is also recognised on the segment before: not compared. */
function hasBareFormatSegment(route: Route): boolean {
  const last = route.segments[route.segments.length - 1];
  return !!last && last.length === 2 && last[0].kind === "static" && last[0].text === "." && last[1].kind === "param";
}

/** A segment's shape, whatever its parameters are called (`page-:n` and `page-:number` alike). */
function segmentText(segment: PathSegment): string {
  return segment.map((part) => (part.kind === "static" ? part.text : part.kind === "glob" ? "\u0000*" : "\u0000:")).join("");
}

/**
 * `unreachable-route` warnings, one per declaration part and capturing route (its routes listed
 * together), with the capturing route's declaration as related information. Computed once per
 * table.
 */
export function unreachableDiagnostics(table: Pick<RouteTable, "routes" | "size" | "segments">): Diagnostic[] {
  let diagnostics = cache.get(table);
  if (diagnostics) return diagnostics;
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
  diagnostics = [...groups.values()].map(({ span, by, routes: captured }) =>
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
  cache.set(table, diagnostics);
  return diagnostics;
}

/** By table: a table's routes never change once it is made. */
const cache = new WeakMap<Pick<RouteTable, "segments">, Diagnostic[]>();

/**
 * By the first route each reports, for the next tables of the file (the realistic benchmark file
 * has 316 unreachable routes, and every keystroke made all their diagnostics again).
 */
const made = new DiagnosticMemo<Route>();

function sourceOf(route: Route): unknown {
  return route.origin?.declaration.source;
}

function callsOf(later: Route, earlier: Route): { later: Span; earlier: Span } | undefined {
  const a = later.origin?.declaration.source?.call;
  const b = earlier.origin?.declaration.source?.call;
  return a && b && a !== b ? { later: a, earlier: b } : undefined;
}

function describe(route: Route): string {
  return `${route.verb} ${route.path}${route.controller && route.action ? ` (${route.controller}#${route.action})` : ""}`;
}
