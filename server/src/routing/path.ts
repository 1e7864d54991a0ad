import { StringMemo } from "../text/stringMemo";

/**
 * Route path patterns: `/posts/:post_id/comments/:id.:format`, `/files/*path`.
 * A pattern is a list of `/`-separated segments, each a list of parts.
 */
export type PathPart =
  | { kind: "static"; text: string }
  | { kind: "param"; key: string }
  | { kind: "glob"; key: string };

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

/** A route path normalised and parsed, with its dynamic keys (in path order; a path has few). */
export interface ParsedPath {
  segments: PathSegment[];
  keys: readonly string[];
}

/**
 * Parses route paths, giving consecutive routes of the same path (a resource's index and create;
 * show, update and destroy; in behaviour A each with its `.:format` twin between) the same
 * segment list: one copy per path instead of one per route.
 */
export class PathParser {
  /** The last two paths parsed, as written and parsed: the newest, then the one before. */
  private newest: { text: string; parsed: ParsedPath } | undefined;
  private before: { text: string; parsed: ParsedPath } | undefined;

  parse(text: string): ParsedPath {
    if (this.newest?.text === text) return this.newest.parsed;
    if (this.before?.text === text) return this.before.parsed;
    const segments = parsePath(normalizePath(text));
    const parsed = { segments, keys: segmentKeys(segments) };
    this.before = this.newest;
    this.newest = { text, parsed };
    return parsed;
  }
}

/** Segments repeat across routes (`:id`, `edit`, `comments.:format`); parsed segments are immutable, so share them. */
const segmentCache = new StringMemo(20_000, parseSegment);

function cachedSegment(text: string): PathSegment {
  return segmentCache.get(text);
}

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
