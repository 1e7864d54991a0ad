import { StringMemo } from "../../text/stringMemo";

/**
 * Route path patterns: `/posts/:post_id/comments/:id.:format`, `/files/*path`.
 * A pattern is a list of `/`-separated segments, each a list of parts.
 */
export type PathPart = { kind: "static"; text: string } | { kind: "param"; key: string } | { kind: "glob"; key: string };

export type PathSegment = PathPart[];

const DYNAMIC = /([:*])([A-Za-z_][A-Za-z0-9_]*)/g;

/** The default pattern of a dynamic segment: anything but the routing separators `/ . ?`. */
export const DEFAULT_SEGMENT_PATTERN = "[^/.?]+";

/** The facility's route path: a leading `/`, and a trailing `/` dropped (the original's route builder did both). */
export function normalizePath(path: string): string {
  let result = path.startsWith("/") ? path : `/${path}`;
  if (result.length > 1 && result.endsWith("/")) result = result.slice(0, -1);
  return result;
}

export function parsePath(path: string): PathSegment[] {
  const body = path.startsWith("/") ? path.slice(1) : path;
  if (body === "") return [];
  return body.split("/").map(cachedSegment);
}

/** The path written by its segments: the normalised path they were parsed from (parsePath loses nothing). */
export function pathText(segments: readonly PathSegment[]): string {
  let text = "";
  for (const segment of segments) {
    text += "/";
    for (const part of segment) text += part.kind === "static" ? part.text : `${part.kind === "glob" ? "*" : ":"}${part.key}`;
  }
  return text || "/";
}

/**
 * A route path as the expander writes it: a base (a resource's path, member path or new path, one
 * string for all its routes; an explicit route's whole path), then maybe an action's segment after
 * a separator (`/edit`, `;edit`), then maybe `.:format`.
 */
export interface PathSpec {
  base: string;
  /** The separator before `action`: `/`, or the application's resource_action_separator. */
  separator: string;
  /** The action's path segment (`edit`, or its path_names name), or undefined for none. */
  action: string | undefined;
  format: boolean;
}

/** The path a spec stands for, as text. */
export function specText({ base, separator, action, format }: PathSpec): string {
  return `${base}${action === undefined ? "" : separator + action}${format ? ".:format" : ""}`;
}

/** A path a parser parsed: its spec and segments (one of its two slots, filled again and again). */
interface Parsed extends PathSpec {
  segments: PathSegment[];
}

/**
 * Parses route paths, giving consecutive routes of the same path (a resource's index and create;
 * show, update and destroy; in behaviour A each with its `.:format` twin between) the same
 * segment list: one copy per path instead of one per route. A resource's base is parsed once for
 * all its routes, and an action's segment is looked up by the action alone: parsing each whole
 * path again (the text made, split and each piece looked up) would be a fifth of the expansion's
 * time. Nothing but the segment list is made per path: records or key lists per path would be a
 * sixth of what an expansion allocates.
 */
export class PathParser {
  /** The path parsed last, and the one before it. */
  private newest: Parsed = { base: "", separator: "", action: undefined, format: false, segments: [] };
  private before: Parsed = { base: "", separator: "", action: undefined, format: false, segments: [] };
  /** The last base parsed, when it is a normalised path of at least one segment; else undefined. */
  private base: { text: string; segments: PathSegment[]; last: string } | undefined;

  parse(spec: PathSpec): PathSegment[] {
    if (sameSpec(this.newest, spec)) return this.newest.segments;
    if (sameSpec(this.before, spec)) return this.before.segments;
    const segments = this.extended(spec) ?? parsePath(normalizePath(specText(spec)));
    // The slot of the older path takes this one.
    const slot = this.before;
    this.before = this.newest;
    this.newest = slot;
    slot.base = spec.base;
    slot.separator = spec.separator;
    slot.action = spec.action;
    slot.format = spec.format;
    slot.segments = segments;
    return segments;
  }

  /**
   * The segments of a spec from its base's segments, when what follows the base is one more
   * segment (`/edit`, `/edit.:format`) or text added to the base's last (`.:format`). Undefined
   * otherwise (a `/` inside the action, another separator, a base that normalising would change):
   * those are parsed whole, so the result is always parsePath's.
   */
  private extended({ base, separator, action, format }: PathSpec): PathSegment[] | undefined {
    const root = this.baseSegments(base);
    if (root === undefined) return undefined;
    if (action === undefined) return format ? endingWith(root.segments, FORMATTED_SEGMENTS.get(root.last), true) : root.segments;
    if (separator !== "/" || action === "" || action.includes("/")) return undefined;
    return endingWith(root.segments, format ? FORMATTED_SEGMENTS.get(action) : cachedSegment(action), false);
  }

  private baseSegments(base: string): { text: string; segments: PathSegment[]; last: string } | undefined {
    if (this.base?.text === base) return this.base;
    if (base.length < 2 || base[0] !== "/" || base.endsWith("/")) return (this.base = undefined);
    return (this.base = { text: base, segments: parsePath(base), last: base.slice(base.lastIndexOf("/") + 1) });
  }
}

/**
 * The segments with `last` in place of their last one, or after it: a list of exactly its length,
 * as routes keep it (a list grown by push keeps room for 16 more, in every route).
 */
function endingWith(segments: readonly PathSegment[], last: PathSegment, replace: boolean): PathSegment[] {
  const length = replace ? segments.length : segments.length + 1;
  const result = new Array<PathSegment>(length);
  for (let i = 0; i < length - 1; i++) result[i] = segments[i];
  result[length - 1] = last;
  return result;
}

function sameSpec(parsed: Parsed, spec: PathSpec): boolean {
  return parsed.base === spec.base && parsed.action === spec.action && parsed.format === spec.format && parsed.separator === spec.separator;
}

/** Segments repeat across routes (`:id`, `edit`, `comments.:format`); parsed segments are immutable, so share them. */
const segmentCache = new StringMemo(20_000, parseSegment);

function cachedSegment(text: string): PathSegment {
  return segmentCache.get(text);
}

/** The segment of a text followed by `.:format`, by the text (`edit` → `edit.:format`), which is then not made. */
const FORMATTED_SEGMENTS = new StringMemo(20_000, (text) => parseSegment(`${text}.:format`));

function parseSegment(text: string): PathSegment {
  const parts: PathSegment = [];
  let last = 0;
  for (const match of text.matchAll(DYNAMIC)) {
    if (match.index > last) parts.push({ kind: "static", text: text.slice(last, match.index) });
    parts.push({ kind: match[1] === "*" ? "glob" : "param", key: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ kind: "static", text: text.slice(last) });
  return parts;
}

/** Whether a dynamic segment of the path has the key (`:action`, `*path`), without listing them. */
export function hasKey(segments: readonly PathSegment[], key: string): boolean {
  for (const segment of segments) for (const part of segment) if (part.kind !== "static" && part.key === key) return true;
  return false;
}

/** The dynamic keys of a path, in path order (the order of positional helper arguments). */
export function segmentKeys(segments: PathSegment[]): string[] {
  const keys: string[] = [];
  for (const segment of segments) for (const part of segment) if (part.kind !== "static") keys.push(part.key);
  return keys;
}

/** Whether the path ends in `.:format`. */
export function endsWithFormat(segments: PathSegment[]): boolean {
  const last = segments[segments.length - 1];
  if (!last || last.length < 2) return false;
  const format = last[last.length - 1];
  const dot = last[last.length - 2];
  return format.kind === "param" && format.key === "format" && dot.kind === "static" && dot.text.endsWith(".");
}
