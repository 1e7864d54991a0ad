/**
 * Types for routing files typed by a generated declaration file (docs/typed-routes.md, `resource-routes
 * types`): types only, nothing here runs.
 */

/** A value a helper puts in a path segment: text, a number, a model (`to_param()`), or a record with an id. */
export type RouteValue = string | number | { to_param(): string } | { id: string | number };

/** A helper's trailing object: segment values by name, URL options, and the rest as query parameters. */
export interface NamedValues {
  host?: string;
  protocol?: string;
  port?: string | number;
  anchor?: string;
  only_path?: boolean;
  trailing_slash?: boolean;
  [key: string]: unknown;
}

/**
 * The helpers of a route set no declaration file types: a `hash_for_` helper gives its options,
 * any other `_path` or `_url` helper its path or URL, as a string.
 */
export interface UntypedHelpers {
  [name: `hash_for_${string}`]: (...args: unknown[]) => Record<string, unknown>;
  [name: `${string}_path` | `${string}_url`]: (...args: unknown[]) => string;
}
