import { HttpMethod, isEmpty, PathPart, PathSegment, Route } from "resource-routes/internal";

/*
 * The proof that one route captures another: the earlier route takes every method the later one
 * takes and matches every request path the later one matches, compared part by part, requirements
 * taken into account conservatively (two are the same only when written the same). The pass that
 * asks it, and keeps its answers across edits, is unreachable.ts.
 */

/** Routes whose requests are compared at all: not those a `:controller` segment or a bare `.:format` segment makes hard to enumerate. */
export function comparable(route: Route): boolean {
  // C's optional groups give a route several shapes: never reported captured. As the earlier route it is
  // compared in its fullest shape, whose requests it takes with the others: what that shape captures, it captures.
  // A mount takes the paths below its own too: never reported captured, it captures as mountCaptures says.
  if (hasBareFormatSegment(route) || route.groups.length || route.app?.mounted) return false;
  // Loops, not some(): asked once per route of a file, where a closure per call showed in profiles.
  for (const segment of route.segments) for (const part of segment) if (isControllerPart(route, part)) return false;
  return true;
}

function hasConditions(route: Route): boolean {
  return !isEmpty(route.conditions);
}

/**
 * Whether `earlier` matches every request `later` would match. Asked for most pairs of routes
 * that share a first segment (a large file's resources ask it a million times), so the checks that
 * cost least and fail most come first: the numbers of segments each takes, then the methods.
 */
export function capturesAll(earlier: Route, later: Route): boolean {
  if (earlier.app?.mounted) return mountCaptures(earlier, later);
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

/**
 * Whether a mount takes every request `later` matches: Rails' router takes the mount's path and
 * whatever follows it after a slash (or a word's end), so a later route whose every request begins
 * with the mount's segments, whole, is captured; at `/`, one whose every request begins with a word.
 */
function mountCaptures(mount: Route, later: Route): boolean {
  const count = mount.segments.length;
  if (later.requiredSegments < count || hasConditions(mount)) return false;
  if (mount.methods && !takesMethods(mount.methods, later.methods)) return false;
  if (count === 0) {
    const first = later.segments[0]?.[0];
    return later.segments.length === 0 || (later.requiredSegments > 0 && first?.kind === "static" && /^\w/.test(first.text));
  }
  for (let k = 0; k < count; k++) if (!covers(mount, k, later, k)) return false;
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
  if (endsInGlob(earlier) && length >= count - 1) {
    // the glob takes the rest, or nothing (Rails 2's `(.*)`); the segments before it must cover
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
  if (
    outerOptional &&
    outer.length === 3 &&
    outer[0].kind === "param" &&
    dot.kind === "static" &&
    dot.text === "." &&
    !earlier.requirements[outer[0].key] &&
    !earlier.requirements.format
  ) {
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
  return (
    parts.length > 0 && parts.every((part) => (part.kind === "static" ? !part.text.includes(".") : part.kind === "param" && !route.requirements[part.key]))
  );
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
