import type { Match } from "resource-routes";
import { BEHAVIOURS, Recognizer, type Route, type RouteSet, RoutingError } from "resource-routes/internal";

/*
 * A literal's route without the whole route set's recogniser: a literal's first segment can only
 * be recognised by the routes whose first segment begins with static text it begins with (or with
 * a parameter), a handful of a route set's tens of thousands. Those, in order, make a recogniser of
 * their own per literal, so that matching a view's URLs compiles no recogniser of every route
 * (about 90 MB at 87,500 routes) for each version of the routes. The candidates are found by a
 * pass over the routes' parsed segments, which makes no string and keeps nothing: a keystroke in
 * the routing file re-matches a few literals against a new version, and an index of every route
 * per version cost more than the passes it spared.
 */

/** What `routes.match(method, path)` answers, asking only the routes that could recognise the path. */
export function matchAmongCandidates(routes: RouteSet, method: string, path: string): Match {
  const first = path.replace(/^\/+/, "").split(/[/?#]/, 1)[0];
  // Percent-escapes are left to the whole recogniser.
  if (first.includes("%")) return routes.match(method, path);
  const all = routes.routes;
  const candidates: number[] = [];
  for (let index = 0; index < all.length; index++) {
    const route = all[index];
    // A route whose controller or action is a segment recognises by the whole set's controllers.
    if (route.dynamicTarget) return routes.match(method, path);
    if (mayBegin(route, first)) candidates.push(index);
  }
  if (candidates.length === 0) throw new RoutingError(`No route matches ${JSON.stringify(path)}`);
  // Where most routes could take it (one first segment for all), the set's own recogniser, made once per version, is the cheaper.
  if (candidates.length > MANY_CANDIDATES && candidates.length > all.length / 4) return routes.match(method, path);
  const found = new Recognizer(
    candidates.map((index) => all[index]),
    BEHAVIOURS[routes.behaviour],
  ).match(method, path);
  return { ...found, index: candidates[found.index] };
}

/** Past this many candidates, and a quarter of the set, a recogniser of them costs about what the set's own does. */
const MANY_CANDIDATES = 1_000;

/**
 * Whether a path whose first segment is `first` could be recognised by the route: its first
 * segment begins with a parameter or a glob, or with static text `first` begins with (a trailing
 * dot left out: `.:format` is optional).
 */
function mayBegin(route: Route, first: string): boolean {
  const segment = route.segments[0];
  const part = segment?.[0];
  if (part?.kind !== "static") return true;
  const text = part.text;
  const length = text.endsWith(".") ? text.length - 1 : text.length;
  if (first.length < length) return false;
  for (let i = 0; i < length; i++) if (first.charCodeAt(i) !== text.charCodeAt(i)) return false;
  return true;
}
