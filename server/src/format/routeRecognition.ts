import {
  type BehaviourRules,
  DEFAULT_SEGMENT_PATTERN,
  escapeRegExp,
  isEmpty,
  nonCapturing,
  type PathSegment,
  recognisedSegments,
  type Route,
  withoutFormat,
} from "resource-routes/internal";

/**
 * A route as the helpers module's `match()` recognises it: one anchored regular expression over the
 * request's path (its segments from the first to the last, without the leading and one trailing
 * slash, as the facility reads them), which is how Rails 2 recognised a route, and what the
 * facility's segment trie is tested to answer alike. The list is
 * `[name, controller, action, methods, source, flags, keys, glob keys, controller namespace, defaults, params]`.
 */
export function recognitionData(route: Route, controllers: readonly string[], rules: BehaviourRules): unknown[] {
  const keys: string[] = [];
  const source = route.groups.length ? groupedSource(route, controllers, keys) : plainSource(route, controllers, keys);
  const flags = [...new Set(Object.values(route.requirements).flatMap((pattern) => [...pattern.flags.replace(/[gyd]/g, "")]))].sort().join("");
  const defaults = Object.entries(route.defaults).filter(([key]) => rules.optionalFormatTakesDefault || !(route.optionalFormat && key === "format"));
  return [
    route.name,
    route.controller,
    route.action,
    route.methods ?? 0,
    `^${source.text}$`,
    flags,
    keys,
    source.globs,
    route.controllerNamespace,
    defaults,
    Object.entries(route.params),
    // Request constraints (behaviour C): `[key, value]`, or `[key, source, flags]` for a pattern; none for most routes.
    ...(isEmpty(route.requestConditions)
      ? []
      : [Object.entries(route.requestConditions).map(([key, value]) => (value instanceof RegExp ? [key, value.source, value.flags] : [key, value]))]),
  ];
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
      // A glob before an optional format leaves a file's extension to it (Journey's `.+?`), as the trie does.
      source += format ? "(.+?)" : "(.+)";
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
