import type { Route } from "resource-routes";

/** A route as Rails 6.1's oracle prints it: its requirements' sources, and its defaults (fixed parameters and segment defaults together). */
export interface RailsRoute {
  name: string | null;
  verb: string;
  path: string;
  controller: string | null;
  action: string | null;
  requirements: Record<string, string>;
  defaults: Record<string, unknown>;
  /** What a route that goes to no action goes to, as Rails' table shows it (`redirect(301, /articles)`). */
  target?: string;
}

/** A route of ours as Rails' table gives it, its records' keys in order. */
export function asRailsRoute(route: Route): RailsRoute {
  const defaults = { ...route.params, ...route.defaults };
  // The oracle's table lists no requirement of a key that has a default (Rails' `format: "rss"` gives both);
  // a slash in a pattern is `\/` in JavaScript's source, `/` in Ruby's.
  const requirements = Object.fromEntries(
    // The oracle prints no requirement of the controller or the action (a pattern on the :action segment among them), nor of a defaulted key.
    Object.entries(route.toJSON().requirements).flatMap(([key, source]) => (key in defaults || key === "action" ? [] : [[key, source.replace(/\\\//g, "/")]])),
  );
  return {
    name: route.name,
    verb: route.verb,
    path: route.path,
    controller: route.controller,
    action: route.action,
    requirements: sortedKeys(requirements),
    defaults: sortedKeys(defaults),
    ...(route.redirect ? { target: route.target } : route.app ? { target: RACK_APPLICATION } : {}),
  };
}

/** What a route to an application goes to, in a table compared with Rails': Rails shows the application's class or proc, which JavaScript does not keep. */
const RACK_APPLICATION = "a Rack application";

/** A target of Rails' table as compared: a redirect as Rails shows it, anything else an application's (Rack's) inspect. */
export function railsTarget(target: string): string {
  return target.startsWith("redirect(") ? target : RACK_APPLICATION;
}

/** A record with its keys in order, as tables compare. */
export function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}
