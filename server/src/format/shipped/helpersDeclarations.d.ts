// The declarations every helpers module's declaration file starts with (browserHelpers.ts assembles it).
//#region declarations
/** A value a helper puts in a path segment: text, a number, a model (`to_param()`), or a record with an id. */
export type RouteValue = string | number | { to_param(): string } | { id: string | number };
/** The URL options of a helper call, and of configure(). */
export interface UrlOptions {
  host?: string;
  protocol?: string;
  port?: string | number;
  anchor?: string;
  only_path?: boolean;
  trailing_slash?: boolean;
}
/** A helper's trailing object: segment values by name, URL options, and the rest as query parameters. */
export interface NamedValues extends UrlOptions {
  [key: string]: unknown;
}
/** Where a controller action is: its path and its HTTP method. */
export interface Target<Method extends string> {
  url: string;
  method: Method;
}
/** An HTML form for a controller action: GET or POST, another method in the _method field. */
export interface FormTarget<Method extends string> {
  action: string;
  method: Method extends "get" ? "get" : "post";
  fields: Method extends "get" | "post" ? {} : { _method: Method };
}
/** The error a helper throws when it cannot build its path or URL. */
export declare class RoutingError extends Error {}
/** What match() and current() answer: the route a request goes to, as the server recognises it. */
export interface Recognition {
  route: string | null;
  controller: string | null;
  action: string | null;
  params: Record<string, string>;
}
/**
 * The route a method and path go to, as the server's routes.recognize() answers it; null where none
 * takes them. `origin`: the host and scheme a route's request constraints are compared with (the
 * page's own where there is one, else http://example.org, as the server's recognize() has it).
 */
export declare function match(method: string, path: string, origin?: { host: string; protocol: string }): Recognition | null;
/** The route of the page (location), or of the URL given (under SSR); null where none takes it. */
export declare function current(url?: string | URL): Recognition | null;
/** Whether the page (or the URL given) is on a route: by helper (post_path), route name or controller#action, with the values given. */
export declare function isCurrent(name: string, values?: { [key: string]: RouteValue | undefined }, url?: string | URL): boolean;
/** What configure() takes: the URL options of the _url helpers, and segment values every helper fills where a call leaves them out. */
export interface Configuration extends UrlOptions {
  defaults?: { [key: string]: RouteValue | undefined };
}
/** What the _url helpers build on, and the segment defaults; in a browser without a configured host, the page's own is used. */
export declare function configure(options: Configuration): void;
//#endregion
