import type { GenerationRules } from "../model/behaviour";
import { RoutingError } from "../model/errors";
import { segmentKeys } from "../model/path";
import { own, record } from "../model/records";
import { Route } from "../model/route";
import { valuePattern } from "../recognition/valuePattern";
import { generatePath, toParam } from "./generate";

/** What generation from options gives: the path (left-over keys as its query string), the route, and the keys left over. */
export interface GeneratedFromOptions {
  path: string;
  route: Route;
  /** The given keys the route does not use (its query string), sorted: what Rails' generate_extras answered. */
  extraKeys: string[];
}

/**
 * Rails 2's generation from options (`url_for(:controller => …, :action => …)`): among the routes
 * of the controller and action (action `index` when not given), those leaving the fewest given keys
 * unused come first, registration order among equals (RouteSet#routes_for_controller_and_action_and_keys),
 * and the first of them that can generate the values gives the path; the keys it leaves over
 * become the query string. `use_route` names the one route to use. Throws RoutingError when no
 * route can generate them, or `use_route` names no route.
 */
export function generateFromOptions(
  routes: readonly Route[],
  named: ReadonlyMap<string, Route>,
  options: Readonly<Record<string, unknown>>,
  how: {
    /** The routes that may reach a controller and action, in registration order (default: the kept index; every route gives the same answer, slower). */
    candidatesOf?: (controller: string, action: string) => readonly Route[];
    /** The controllers a `:controller` segment takes (default: those the routes name; RouteSet.withControllers adds the application's). */
    controllers?: ReadonlySet<string>;
    /** The behaviour's rules of generation (default: behaviour B's, Rails 2.3's). */
    rules?: GenerationRules;
  } = {},
): GeneratedFromOptions {
  const candidatesOf = how.candidatesOf ?? ((controller: string, action: string) => routesByTarget(routes).candidates(controller, action));
  const given = record<unknown>();
  for (const key of Object.keys(options)) given[key] = options[key];
  const useRoute = given.use_route;
  delete given.use_route;
  if (typeof given.controller === "string" && given.controller.startsWith("/")) given.controller = given.controller.slice(1);
  if (!truthy(given.action)) given.action = "index";
  const controller = text(given.controller);
  const action = text(given.action);
  if (controller === undefined || action === undefined) throw new RoutingError("Need controller and action!");
  const namedRoute = useRoute !== undefined && useRoute !== null ? named.get(String(useRoute)) : undefined;
  // Rails crashed on a name no route held (NoMethodError on nil): a routing error that names it.
  if (useRoute !== undefined && useRoute !== null && !namedRoute) throw new RoutingError(`No route named ${JSON.stringify(String(useRoute))} (use_route)`);
  const candidates = namedRoute ? [namedRoute] : candidatesOf(controller, action);
  const keys = Object.keys(given).filter((key) => truthy(given[key]));
  const controllers = how.controllers ?? routesByTarget(routes).controllers;
  const ranked = candidates
    .filter((route) => reaches(route, "controller", controller, controllers) && reaches(route, "action", action, controllers))
    .map((route, order) => ({ route, order, unused: unusedCount(keys, significantKeys(route)) }))
    .sort((a, b) => a.unused - b.unused || a.order - b.order);
  for (const { route } of ranked) {
    const path = attempt(route, given, how.rules);
    if (path !== undefined) {
      const significant = significantKeys(route);
      return { path, route, extraKeys: keys.filter((key) => !significant.has(key)).sort() };
    }
  }
  throw new RoutingError(`No route matches ${rubyHash(given)}`);
}

/** The path `route` gives for `given`, or undefined where its requirements refuse them or a segment has no value. */
function attempt(route: Route, given: Record<string, unknown>, rules: GenerationRules | undefined): string | undefined {
  // Fixed values (the controller and action it names, its params) must be the given ones.
  if (route.controller !== null && text(given.controller) !== route.controller) return undefined;
  if (route.action !== null && text(given.action) !== route.action) return undefined;
  const params = route.params;
  const required = route.traits.requiredParams ?? params;
  for (const key of Object.keys(required)) if (text(own(given, key)) !== required[key]) return undefined;
  const values = record<unknown>();
  for (const key of Object.keys(given)) if (!own(params, key)) values[key] = given[key];
  // A requirement on a key the path does not hold is checked here; those on segments, when the path is made.
  const segments = new Set(segmentKeys(route.segments));
  for (const [key, pattern] of Object.entries(route.requirements)) {
    if (segments.has(key)) continue;
    const value = text(values[key]);
    if (value === undefined || !valuePattern(pattern).test(value)) return undefined;
    delete values[key];
  }
  // An action that is the `:action` segment's default is left out, so an optional tail drops it.
  if (route.action === null && values.action === route.defaults.action) delete values.action;
  try {
    return generatePath(route, values, "url_for", rules);
  } catch (error) {
    if (error instanceof RoutingError) return undefined;
    throw error;
  }
}

/**
 * The keys a route answers (Route#significant_keys): its segments' keys and its requirements'
 * (regular expressions, fixed params, and the controller and action it names).
 */
function significantKeys(route: Route): Set<string> {
  const keys = new Set(segmentKeys(route.segments));
  for (const key of Object.keys(route.requirements)) keys.add(key);
  for (const key of Object.keys(route.params)) keys.add(key);
  if (route.controller !== null) keys.add("controller");
  if (route.action !== null) keys.add("action");
  return keys;
}

function unusedCount(keys: readonly string[], significant: ReadonlySet<string>): number {
  let count = 0;
  for (const key of keys) if (!significant.has(key)) count++;
  return count;
}

/**
 * Whether a route reaches `value` for `key` (Route#matches_controller_and_action?): fixed to it, or
 * through its segment, whose requirement (a `:controller` segment's: the set's controllers) takes it.
 */
function reaches(route: Route, key: "controller" | "action", value: string, controllers: ReadonlySet<string>): boolean {
  const fixed = key === "controller" ? route.controller : route.action;
  if (fixed !== null) return fixed === value;
  if (!segmentKeys(route.segments).includes(key)) return false;
  const requirement = route.requirements[key];
  if (requirement) return valuePattern(requirement).test(value);
  return key === "action" || controllers.size === 0 || controllers.has(value);
}

/**
 * The routes generation from options may use for a controller and action, kept by what each names:
 * both (`posts#show`), the controller alone (an `:action` segment), the action alone (a
 * `:controller` segment), or neither. A call looks at its controller's and action's lists alone,
 * in registration order, as Rails 2.3 kept its routes by controller: its cost does not grow with
 * the other controllers' routes.
 */
export class RoutesByTarget {
  private readonly both = new Map<string, Route[]>();
  private readonly controllerOnly = new Map<string, Route[]>();
  private readonly actionOnly = new Map<string, Route[]>();
  private readonly neither: Route[] = [];
  private readonly order = new Map<Route, number>();
  /** The controllers the routes name: what a `:controller` segment takes. */
  readonly controllers = new Set<string>();

  constructor(routes: readonly Route[]) {
    routes.forEach((route, i) => {
      // A redirect route has no controller or action: Rails generates it by its name alone.
      if (route.redirect) return;
      this.order.set(route, i);
      if (route.controller !== null) this.controllers.add(route.controller);
      if (route.controller !== null && route.action !== null) push(this.both, `${route.controller}#${route.action}`, route);
      else if (route.controller !== null) push(this.controllerOnly, route.controller, route);
      else if (route.action !== null) push(this.actionOnly, route.action, route);
      else this.neither.push(route);
    });
  }

  /** The routes that may reach `controller#action`, in registration order. */
  candidates(controller: string, action: string): Route[] {
    const lists = [this.both.get(`${controller}#${action}`), this.controllerOnly.get(controller), this.actionOnly.get(action), this.neither];
    const found = lists.flatMap((list) => list ?? []);
    return found.sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }
}

function push(lists: Map<string, Route[]>, key: string, route: Route): void {
  const list = lists.get(key);
  if (list) list.push(route);
  else lists.set(key, [route]);
}

/** The index of a route list, made at its first generation and kept with it (made again should the list have grown since). */
export function routesByTarget(routes: readonly Route[]): RoutesByTarget {
  const kept = indexes.get(routes);
  if (kept && kept.size === routes.length) return kept.index;
  const index = new RoutesByTarget(routes);
  indexes.set(routes, { index, size: routes.length });
  return index;
}

const indexes = new WeakMap<readonly Route[], { index: RoutesByTarget; size: number }>();

/** A value as its parameter text, or undefined for none (nil, false, ""). */
function text(value: unknown): string | undefined {
  return value === undefined || value === null || value === false || value === "" ? undefined : toParam(value);
}

/** Ruby's truthiness, as `options.reject { |k, v| !v }` kept keys: all but nil and false. */
function truthy(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

/** The options as Rails' message printed them: `{:controller=>"messages", :action=>"bogus"}`. */
function rubyHash(options: Readonly<Record<string, unknown>>): string {
  return `{${Object.keys(options)
    .map((key) => `:${key}=>${JSON.stringify(String(options[key]))}`)
    .join(", ")}}`;
}
