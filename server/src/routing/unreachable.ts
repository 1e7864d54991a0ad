import { Span } from "./declarations";
import { Diagnostic } from "./diagnostics";
import { PathPart, PathSegment } from "./path";
import { Route } from "./route";
import { originSpan } from "./spans";

/** A route that recognition can never return, and the earlier route that takes every request it would match. */
export interface Capture {
  route: Route;
  by: Route;
}

/**
 * The routes of one route set that an earlier route always captures (the classic mistake: a
 * catch-all or `photos/:id` above `photos/search`). Only what is provable is reported: the earlier
 * route must take every method the later one takes and, for every request path the later one
 * matches, match it too — compared part by part, taking requirements into account conservatively
 * (two requirements are the same only when they are written the same). Routes are compared only
 * with earlier ones that can share their first segment, so a large file costs little more than a
 * pass over its routes. After an edit, a route whose earlier candidates are the very same routes
 * as in the previous run of the same route set keeps its answer (an edit re-expands only the
 * declarations it touched, so most routes are the same objects in the same order).
 */
export function unreachableRoutes(routes: readonly Route[]): Capture[] {
  const captures: Capture[] = [];
  const previous = routes.length ? lastRuns.get(routes[0]) : undefined;
  const run: Run = { routes, buckets: new Map(), dynamic: [] };
  // How many leading entries of each bucket are the routes the previous run's bucket began with.
  const matched = new Map<Bucket, number>();
  const bucketOf = (key: string, run: Run | undefined) => (key === DYNAMIC ? run?.dynamic : run?.buckets.get(key));
  /** Whether a bucket, as it is now, holds exactly the routes it held at this point of the previous run. */
  const sameAsBefore = (bucket: Bucket | undefined) => !bucket || bucket.length === 0 || matched.get(bucket) === bucket.length;
  routes.forEach((route, index) => {
    let known = answers.get(route);
    if (!known) answers.set(route, (known = { key: firstKey(route), comparable: comparable(route), same: -1, dynamic: -1, by: undefined }));
    const key = known.key;
    const same = key === DYNAMIC ? undefined : run.buckets.get(key);
    if (known.same !== (same?.length ?? 0) || known.dynamic !== run.dynamic.length || !sameAsBefore(same) || !sameAsBefore(run.dynamic)) {
      known.by = known.comparable ? firstCapturing(routes, same ?? NONE, run.dynamic, route) : undefined;
      known.same = same?.length ?? 0;
      known.dynamic = run.dynamic.length;
    }
    const by = known.by;
    if (by) captures.push({ route, by });
    let bucket = bucketOf(key, run);
    if (!bucket) run.buckets.set(key, (bucket = []));
    bucket.push(index);
    const count = matched.get(bucket) ?? 0;
    const before = bucketOf(key, previous);
    if (count === bucket.length - 1 && before && count < before.length && previous!.routes[before[count]] === route) matched.set(bucket, count + 1);
  });
  if (routes.length) lastRuns.set(routes[0], run);
  return captures;
}

/** Indexes of routes, in route order. */
type Bucket = number[];

/** One run's buckets: routes by their first segment's text, and those that start with a parameter or a glob. */
interface Run {
  routes: readonly Route[];
  buckets: Map<string, Bucket>;
  dynamic: Bucket;
}

const NONE: Bucket = [];

/** The last run of a route set, found by its first route (an edit rarely replaces it; when it does, all is computed again). */
const lastRuns = new WeakMap<Route, Run>();

/** What is known of each route: its bucket, whether it is compared at all, and its answer in its last run with how many earlier candidates of each kind it had. */
const answers = new WeakMap<Route, { key: string; comparable: boolean; same: number; dynamic: number; by: Route | undefined }>();

/** The first earlier route, in route order, among those of the same first segment and those starting with a parameter, that captures `route`. */
function firstCapturing(routes: readonly Route[], same: Bucket, dynamic: Bucket, route: Route): Route | undefined {
  let i = 0;
  let j = 0;
  while (i < same.length || j < dynamic.length) {
    const next = j >= dynamic.length || (i < same.length && same[i] < dynamic[j]) ? same[i++] : dynamic[j++];
    if (capturesAll(routes[next], route)) return routes[next];
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
  for (const _ in route.conditions) return true;
  return false;
}

/** Whether `earlier` matches every request `later` would match. */
function capturesAll(earlier: Route, later: Route): boolean {
  if (earlier.methods && (!later.methods || !later.methods.every((m) => earlier.methods!.includes(m)))) return false;
  if (hasConditions(earlier)) return false;
  for (let length = later.requiredSegments; length <= later.segments.length; length++) {
    if (!acceptsLength(earlier, later, length)) return false;
  }
  return true;
}

/** Whether `earlier` matches every request that is `later`'s first `length` segments. */
function acceptsLength(earlier: Route, later: Route, length: number): boolean {
  const count = earlier.segments.length;
  const globbed = count > 0 && earlier.segments[count - 1][0].kind === "glob";
  if (globbed && length >= count) {
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
 * route list.
 */
export function unreachableDiagnostics(routes: readonly Route[]): Diagnostic[] {
  let diagnostics = cache.get(routes);
  if (diagnostics) return diagnostics;
  const groups = new Map<string, { span: Span | undefined; by: Route; routes: Route[] }>();
  for (const { route, by } of unreachableRoutes(routes)) {
    const span = route.origin && originSpan(route.origin);
    const key = `${span?.start}:${span?.end}:${routes.indexOf(by)}`;
    const group = groups.get(key);
    if (group) group.routes.push(route);
    else groups.set(key, { span, by, routes: [route] });
  }
  diagnostics = [...groups.values()].map(({ span, by, routes: captured }) => {
    const described = captured.map(describe);
    const what = described.length === 1 ? described[0] : `${described.length} routes (${described.join(", ")})`;
    const bySpan = by.origin && originSpan(by.origin);
    return {
      severity: "warning" as const,
      code: "unreachable-route" as const,
      message: `${what} can never be recognised: the earlier route ${describe(by)} takes every request ${captured.length === 1 ? "it" : "they"} would match`,
      span,
      related: bySpan ? [{ message: `${describe(by)} is declared here`, span: bySpan }] : undefined,
      capture: callsOf(captured[0], by),
    };
  });
  cache.set(routes, diagnostics);
  return diagnostics;
}

const cache = new WeakMap<readonly Route[], Diagnostic[]>();

function callsOf(later: Route, earlier: Route): { later: Span; earlier: Span } | undefined {
  const a = later.origin?.declaration.source?.call;
  const b = earlier.origin?.declaration.source?.call;
  return a && b && a !== b ? { later: a, earlier: b } : undefined;
}

function describe(route: Route): string {
  return `${route.verb} ${route.path}${route.controller && route.action ? ` (${route.controller}#${route.action})` : ""}`;
}
