import { escapeRegExp } from "../../text/regExpText";
import { GroupedToken, groupForms, isSeparator, simulatable } from "../model/optionalGroups";
import { DEFAULT_SEGMENT_PATTERN, PathPart, PathSegment } from "../model/path";
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
  /** Journey's token filter of the route, where it has one (see journeyFiltered): the forms it takes whole, which `text` looks ahead for. */
  filter?: string;
}

export function pathPattern(route: Route, controllers: readonly string[]): PathPattern {
  const keys: string[] = [];
  const { text, globs } = route.groups.length ? groupedSource(route, controllers, keys) : plainSource(route, controllers, keys);
  const filter = route.groupedPath?.withinSegments && journeyFiltered(route) ? filterSource(route) : undefined;
  return filter === undefined ? { text, keys, globs } : { text: `(?=(?:${filter})$)${text}`, keys, globs, filter };
}

/**
 * A route's pattern as a whole request path must match it: to its end, or for a mounted
 * application's route Journey's unanchored end, `(?:\b|\Z|/)`, its path then a word's end, the
 * path's end or a slash (the request's path is read from its first segment on, so a mount at `/`
 * takes a path that starts with a word).
 */
export function wholePathSource(route: Route, text: string): string {
  return route.app?.mounted ? `^${text}(?:\\b|$|/)` : `^${text}$`;
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
 * The source of a route with C's optional groups: each group optional, as Journey writes it, and
 * the optional format after them all. A group that begins the path takes the slash after it in
 * place of its own first one (the source reads the path from its first segment). For a route
 * Journey filters token by token first (see journeyFiltered), pathPattern puts a look-ahead for
 * the forms its filter can take before it.
 */
function groupedSource(route: Route, controllers: readonly string[], keys: string[]): { text: string; globs: string[] } {
  const path = route.groupedPath!;
  let firstSlash = true;
  let skipSlash = false;
  const write = (tokens: readonly GroupedToken[]): string => {
    let text = "";
    tokens.forEach((token, i) => {
      if (token.kind === "slash") {
        if (firstSlash || skipSlash) firstSlash = skipSlash = false;
        else text += "/";
      } else if (token.kind === "group") {
        const leading = firstSlash && token.tokens[0]?.kind === "slash";
        text += `(?:${write(token.tokens)}`;
        if (leading && tokens[i + 1]?.kind === "slash") {
          text += "/";
          skipSlash = true;
        }
        text += ")?";
      } else text += partSource(token, route, alone(tokens, i), controllers, keys);
    });
    return text;
  };
  let text = write(path.tokens);
  if (route.optionalFormat) {
    const own = route.requirements.format;
    text += `(?:\\.(${own ? nonCapturing(own.source) : DEFAULT_SEGMENT_PATTERN}))?`;
    keys.push("format");
  }
  return { text, globs: [] };
}

/** Whether a part is a segment of its own among a list of tokens (slashes or groups of them around it). */
function alone(tokens: readonly GroupedToken[], i: number): boolean {
  const bounds = (token: GroupedToken | undefined) =>
    token === undefined || token.kind === "slash" || (token.kind === "group" && token.tokens[0]?.kind === "slash");
  return bounds(tokens[i - 1]) && bounds(tokens[i + 1]);
}

/**
 * Whether Journey takes a route through its token-by-token filter before its expression: a route
 * whose parameters all have the default pattern (Rails' anchored routes), which a constraint, a
 * glob, a `:controller` segment or a parameter written against a literal (`v:version`, which
 * Rails' mapper gives a pattern of its own) makes a custom route, matched by its expression alone.
 */
function journeyFiltered(route: Route): boolean {
  for (const segment of route.segments)
    for (const part of segment)
      if (part.kind === "glob" || (part.kind === "param" && (route.requirements[part.key] || part.key === "controller"))) return false;
  const againstLiteral = (tokens: readonly GroupedToken[]): boolean =>
    tokens.some((token, i) => {
      if (token.kind === "group") return againstLiteral(token.tokens);
      if (token.kind !== "param") return false;
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      return (before?.kind === "static" && !isSeparator(before.text[before.text.length - 1])) || (after?.kind === "static" && !isSeparator(after.text[0]));
    });
  return !againstLiteral(route.groupedPath!.tokens);
}

/** The forms Journey's filter can take whole (see simulatable), as one alternation, parameters at their default pattern. */
function filterSource(route: Route): string {
  const format = route.optionalFormat ? `(?:\\.${DEFAULT_SEGMENT_PATTERN})?` : "";
  const forms = groupForms(route)
    .filter(simulatable)
    .map((form) => {
      const tokens = form.tokens[0]?.kind === "slash" ? form.tokens.slice(1) : form.tokens;
      return (
        tokens.map((token) => (token.kind === "slash" ? "/" : token.kind === "static" ? escapeRegExp(token.text) : DEFAULT_SEGMENT_PATTERN)).join("") +
        (tokens.length ? format : "")
      );
    });
  // No form the filter takes: the route is never recognised.
  return forms.length ? forms.join("|") : "(?!)";
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
  for (const part of parts) source += partSource(part, route, segment.length === 1, controllers, keys, format !== "");
  if (format) keys.push("format");
  return source + format;
}

/**
 * One part's source: static text escaped, a parameter as its requirement or the default pattern, a
 * glob whole segments. `alone`: the part is its segment's only one; `formatAfter`: an optional format follows it.
 */
function partSource(part: PathPart, route: Route, alone: boolean, controllers: readonly string[], keys: string[], formatAfter = false): string {
  if (part.kind === "static") return escapeRegExp(part.text);
  keys.push(part.key);
  const own = route.requirements[part.key];
  if (part.kind === "glob") {
    // A glob takes its constraint, else, on a route with an optional format, Journey's lazy `.+?`
    // (leaving a file's extension to the format, and the most to what follows), as the trie does.
    return own ? `(${nonCapturing(own.source)})` : formatAfter || route.optionalFormat ? "(.+?)" : "(.+)";
  }
  if (part.key === "controller" && alone && !own && controllers.length) {
    // `:controller` takes one of the route set's controllers under the route's namespace, longest first.
    const namespace = route.controllerNamespace;
    const candidates = controllers.filter((c) => c.startsWith(namespace) && c.length > namespace.length).map((c) => c.slice(namespace.length));
    // None under the namespace: the segment matches nothing.
    return candidates.length
      ? `(${candidates
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join("|")})`
      : "((?!))";
  }
  return `(${own ? nonCapturing(own.source) : DEFAULT_SEGMENT_PATTERN})`;
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
