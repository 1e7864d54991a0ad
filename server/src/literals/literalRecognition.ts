import type { Match } from "resource-routes";
import { BEHAVIOURS, Recognizer, type Route, type RouteSet, RoutingError } from "resource-routes/internal";

import { KeptFor } from "../incremental/keptFor";

/*
 * A literal's route without the whole route set's recogniser: a literal's first segment can only
 * be recognised by the routes whose first segment begins with the same static text (or with a
 * dynamic part), a handful of a route set's tens of thousands. Those, in order, make a recogniser
 * of their own per literal, so that matching a view's URLs compiles no recogniser of every route
 * (about 90 MB at 87,500 routes) for each version of the routes.
 */

/** The routes of a set by the static text their first segment begins with, each with its place. */
interface FirstSegments {
  byPrefix: Map<string, Array<[number, Route]>>;
  /** Whether a route's controller or action is a segment: it recognises by the whole set's controllers. */
  dynamicTarget: boolean;
}

/** What `routes.match(method, path)` answers, asking only the routes that could recognise the path. */
export function matchAmongCandidates(routes: RouteSet, method: string, path: string): Match {
  const segments = firstSegments.get(routes, indexFirstSegments);
  const first = path.replace(/^\/+/, "").split(/[/?#]/, 1)[0];
  // Percent-escapes and a set that recognises by its controllers are left to the whole recogniser.
  if (segments.dynamicTarget || first.includes("%")) return routes.match(method, path);
  const candidates: Array<[number, Route]> = [];
  for (let length = 0; length <= first.length; length++)
    for (const candidate of segments.byPrefix.get(first.slice(0, length)) ?? []) candidates.push(candidate);
  if (candidates.length === 0) throw new RoutingError(`No route matches ${JSON.stringify(path)}`);
  // Where most routes could take it (one first segment for all), the set's own recogniser, made once per version, is the cheaper.
  if (candidates.length > MANY_CANDIDATES && candidates.length > routes.routes.length / 4) return routes.match(method, path);
  candidates.sort((a, b) => a[0] - b[0]);
  const found = new Recognizer(
    candidates.map(([, route]) => route),
    BEHAVIOURS[routes.behaviour],
  ).match(method, path);
  return { ...found, index: candidates[found.index][0] };
}

const firstSegments = new KeptFor<RouteSet, FirstSegments>();

/** Past this many candidates, and a quarter of the set, a recogniser of them costs about what the set's own does. */
const MANY_CANDIDATES = 1_000;

/** The static text before a route's first segment's first dynamic part, a trailing dot left out (`.:format` is optional); a route keeps its own across versions. */
function firstPrefix(route: Route): string {
  const first = route.path.replace(/^\/+/, "").split("/", 1)[0];
  return first.replace(/[:*(].*$/, "").replace(/\.$/, "");
}

const prefixes = new KeptFor<Route, string>();

function indexFirstSegments(routes: RouteSet): FirstSegments {
  const byPrefix = new Map<string, Array<[number, Route]>>();
  let dynamicTarget = false;
  routes.routes.forEach((route, index) => {
    dynamicTarget ||= route.controller === null || route.action === null;
    const prefix = prefixes.get(route, firstPrefix);
    const list = byPrefix.get(prefix);
    if (list) list.push([index, route]);
    else byPrefix.set(prefix, [[index, route]]);
  });
  return { byPrefix, dynamicTarget };
}
