import { escapeRegExp } from "../../text/regExpText";
import { withoutFormat } from "../model/optionalGroups";
import { DEFAULT_SEGMENT_PATTERN, PathSegment } from "../model/path";
import { Route } from "../model/route";
import { nonCapturing } from "./segmentMatch";

/**
 * A route's whole path as one regular expression's source, as Journey matches a route with its own
 * constraints and Rails 2 matched every route: over the request's segments from the first to the
 * last (no leading and one trailing slash), each value a group, in `keys`' order. The helpers
 * module's match() recognises by it, and behaviour C's recognizer matches by it the routes whose
 * constraint may take a slash (see spanningRoutes.ts); the segment trie answers alike for the rest.
 * `globs`: the keys of a glob that may take no segment (its value then "").
 */
export interface PathPattern {
  text: string;
  keys: string[];
  globs: string[];
}

export function pathPattern(route: Route, controllers: readonly string[]): PathPattern {
  const keys: string[] = [];
  const { text, globs } = route.groups.length ? groupedSource(route, controllers, keys) : plainSource(route, controllers, keys);
  return { text, keys, globs };
}

/** The flags of a route's requirements, together (one expression carries them all). */
export function patternFlags(route: Route): string {
  return [...new Set(Object.values(route.requirements).flatMap((pattern) => [...pattern.flags.replace(/[gyd]/g, "")]))].sort().join("");
}

/** The source of a route without optional groups: its segments, those from the required ones on optional. */
function plainSource(route: Route, controllers: readonly string[], keys: string[]): { text: string; globs: string[] } {
  const { segments, required } = recognisedSegments(route);
  // A required glob with nothing required after it may take no segment, its value then "", as the facility's trie allows.
  const globAt = segments.findIndex((segment) => segment.length === 1 && segment[0].kind === "glob");
  const emptyGlob = globAt >= 0 && required === globAt + 1;
  const optionalFrom = emptyGlob ? globAt : required;
  const globs = emptyGlob ? [(segments[globAt][0] as { key: string }).key] : [];
  const pieces = segments.map((segment, i) => segmentSource(segment, route, i === segments.length - 1, controllers, keys));
  let source = "";
  for (let i = pieces.length - 1; i >= 0; i--) {
    const piece = (i === 0 ? "" : "/") + pieces[i] + source;
    source = i >= optionalFrom ? `(?:${piece})?` : piece;
  }
  return { text: source, globs };
}

/**
 * The source of a route with C's optional groups: each group's segments optional together, with
 * the slash that joins them to the path (before a group, or after one that begins the path), and
 * the optional format after them all, on whichever segment comes last.
 */
function groupedSource(route: Route, controllers: readonly string[], keys: string[]): { text: string; globs: string[] } {
  const { segments, groups } = route;
  const last = segments.length - 1;
  let text = "";
  let joined = -1;
  segments.forEach((segment, i) => {
    for (let g = groups.length - 1; g >= 0; g--) if (groups[g][0] === i) text += "(?:";
    if (i > 0 && joined !== i) text += "/";
    text += segmentSource(route.optionalFormat && i === last ? withoutFormat(segment) : segment, route, false, controllers, keys);
    for (const [first, end] of groups) {
      if (end !== i + 1) continue;
      // A group that begins the path takes the slash after it.
      if (first === 0 && end <= last && joined !== end) {
        text += "/";
        joined = end;
      }
      text += ")?";
    }
  });
  if (route.optionalFormat) {
    const own = route.requirements.format;
    text += `(?:\\.(${own ? nonCapturing(own.source) : DEFAULT_SEGMENT_PATTERN}))?`;
    keys.push("format");
  }
  return { text, globs: [] };
}

/** One segment's source: static text escaped, a parameter as its requirement or the default pattern, a glob whole segments. */
function segmentSource(segment: PathSegment, route: Route, last: boolean, controllers: readonly string[], keys: string[]): string {
  const pattern = (key: string) => {
    const own = route.requirements[key];
    return own ? nonCapturing(own.source) : DEFAULT_SEGMENT_PATTERN;
  };
  let parts = segment;
  let format = "";
  // An optional format (behaviour B) is the segment's last `.:format`: present or not.
  const end = segment[segment.length - 1];
  const dot = segment[segment.length - 2];
  if (last && route.optionalFormat && end?.kind === "param" && end.key === "format" && dot?.kind === "static" && dot.text.endsWith(".")) {
    parts = dot.text.length > 1 ? [...segment.slice(0, -2), { kind: "static", text: dot.text.slice(0, -1) }] : segment.slice(0, -2);
    format = `(?:\\.(${pattern("format")}))?`;
  }
  let source = "";
  for (const part of parts) {
    if (part.kind === "static") source += escapeRegExp(part.text);
    else if (part.kind === "glob") {
      // A glob takes its constraint, else, on a route with an optional format, Journey's lazy `.+?`
      // (leaving a file's extension to the format, and the most to what follows), as the trie does.
      const own = route.requirements[part.key];
      source += own ? `(${nonCapturing(own.source)})` : format || route.optionalFormat ? "(.+?)" : "(.+)";
      keys.push(part.key);
    } else if (part.key === "controller" && segment.length === 1 && !route.requirements.controller && controllers.length) {
      // `:controller` takes one of the route set's controllers under the route's namespace, longest first.
      const namespace = route.controllerNamespace;
      const candidates = controllers.filter((c) => c.startsWith(namespace) && c.length > namespace.length).map((c) => c.slice(namespace.length));
      // None under the namespace: the segment matches nothing.
      source += candidates.length
        ? `(${candidates
            .sort((a, b) => b.length - a.length)
            .map(escapeRegExp)
            .join("|")})`
        : "((?!))";
      keys.push(part.key);
    } else {
      source += `(${pattern(part.key)})`;
      keys.push(part.key);
    }
  }
  if (format) keys.push("format");
  return source + format;
}

/** The segments recognition matches a route by, and how many are required (see insert). */
export function recognisedSegments(route: Route): { segments: readonly PathSegment[]; required: number } {
  const { segments, requiredSegments } = route;
  const count = segments.length;
  const last = segments[count - 1];
  if (!route.optionalFormat || count < 2 || !isBareFormat(last)) return { segments, required: requiredSegments };
  const previous = segments[count - 2];
  const end = previous[previous.length - 1];
  // The segment before, with `.:format` after it: `analysis` becomes `analysis.:format`.
  const formatted: PathSegment = end.kind === "static" ? [...previous.slice(0, -1), { kind: "static", text: `${end.text}.` }, last[1]] : [...previous, ...last];
  return { segments: [...segments.slice(0, count - 2), formatted], required: Math.min(requiredSegments, count - 1) };
}

/** A segment that is only `.:format`. */
function isBareFormat(segment: PathSegment): boolean {
  return segment.length === 2 && segment[0].kind === "static" && segment[0].text === "." && segment[1].kind === "param" && segment[1].key === "format";
}
