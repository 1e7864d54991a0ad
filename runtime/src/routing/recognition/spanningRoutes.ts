import { Route } from "../model/route";
import { GroupedMatcher, groupedMatcher } from "./groupedMatch";
import { pathPattern, patternFlags, wholePathSource } from "./pathPattern";

/*
 * Behaviour C's routes whose segment constraint may take a slash (`files/:name` with `name: /.+/`),
 * and those with an optional group inside a segment (`photos/:id(-:slug)`). Journey matches a route
 * with constraints of its own by one expression of its whole path, so such a value runs across
 * segments (`/files/a/b` gives name `a/b`); and it reads a group inside a segment by the same
 * expression (`/photos/3-hello` gives id `3-hello` where id has no constraint). The recognizer's
 * trie reads a request segment by segment, so these routes are matched apart, each by its
 * expression, in route order beside the trie's best. So is a mounted application's route, which
 * Journey matches unanchored: its path, then a word's end, the path's end or a slash (`/sidekiq`
 * takes `/sidekiq/queues` and `/sidekiq-x`, not `/sidekiqx`).
 */

export interface SpanningRoute {
  index: number;
  /** The route's expression; a mounted one's takes what follows the mount path unmatched (its match is the mount path). */
  pattern: RegExp;
  /** A mounted application's route: the request's path below the match goes to the application. */
  mounted: boolean;
  keys: readonly string[];
  globs: readonly string[];
  /** A route with a group inside a segment, matched in linear time (groupedMatch.ts), behind Journey's token filter where it has one. */
  grouped?: { match: GroupedMatcher; filter?: RegExp };
}

/** The route as a spanning route, when a constraint of a segment of its may take a slash or a group of its lies inside a segment. */
export function spanningRoute(route: Route, index: number, controllers: readonly string[]): SpanningRoute | undefined {
  const mounted = route.app?.mounted === true;
  const spans =
    mounted ||
    route.groupedPath?.withinSegments ||
    Object.entries(route.requirements).some(([key, pattern]) => key !== "controller" && key !== "action" && mayTakeSlash(pattern));
  if (!spans) return undefined;
  const { text, keys, globs, filter } = pathPattern(route, controllers);
  const flags = patternFlags(route);
  const pattern = new RegExp(wholePathSource(route, text), flags);
  const spanning: SpanningRoute = { index, pattern, mounted, keys, globs };
  if (mounted) return spanning;
  // A pattern of the application's own (a requirement neither a run of characters nor a list of words) leaves the route to its expression.
  const match = route.groupedPath?.withinSegments ? groupedMatcher(route) : undefined;
  if (match) spanning.grouped = { match, ...(filter === undefined ? {} : { filter: new RegExp(`^(?:${filter})$`, flags) }) };
  return spanning;
}

/**
 * Whether a pattern may match text with a slash in it, read from its source, erring towards yes:
 * any character (`.`, `[\s\S]`), a negated class (`[^.]`), a class or escape that holds a slash,
 * or a class shorthand for "not" something (`\D`, `\W`, `\S`), or a property escape.
 */
export function mayTakeSlash(pattern: RegExp): boolean {
  const source = pattern.source;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if ("/DWSpPuxc".includes(next)) return true;
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      else if (c === "/" || (c === "-" && covers(source[i - 1], source[i + 1]))) return true;
      continue;
    }
    if (c === "[") {
      if (source[i + 1] === "^") return true;
      inClass = true;
    } else if (c === "." || c === "/") return true;
  }
  return false;
}

/** Whether a class's range `from-to` holds the slash. */
function covers(from: string | undefined, to: string | undefined): boolean {
  return from !== undefined && to !== undefined && from <= "/" && to >= "/";
}
