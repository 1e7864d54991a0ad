/**
 * Routing assertions as Rails 2 defined them (`assert_recognizes`, `assert_generates`,
 * `assert_routing`), and `request()` to send a request to a fetch handler in process. Failures
 * are node:assert's AssertionError, with a diff, so node:test, mocha, vitest and jest show them
 * alike. Guide: docs/serving.md.
 * @packageDocumentation
 * @module resource-routes/testing
 */
import * as assert from "node:assert";

import { routeRecorder } from "../coverage/recorder";
import { GeneratedFromOptions, generateFromOptions } from "../routing/generation/generateFromOptions";
import { BEHAVIOURS } from "../routing/model/behaviour";
import { setOwn } from "../routing/model/records";
import type { AnyRouteSet } from "../routing/model/routeSet";
import { shortened } from "../text/escape";

/**
 * A request to recognise: a method and a path (`{ method: "PUT", path: "/posts/1" }`); a path alone
 * is a GET. `host` and `protocol`: where it was sent, for behaviour C's request constraints
 * (`{ path: "/keys", host: "api.example.com" }`); without them, http://example.org, as Rails' tests.
 */
export type RequestLine = { method?: string; path: string; host?: string; protocol?: string } | string;

/** What a request is recognised as, flat as Rails wrote it: `{ controller: "posts", action: "show", id: "1" }`. */
export type RouteOptions = { controller: string; action: string; [param: string]: unknown };

/** Asserts that `request` is recognised as `expected` (its controller, action and params, nothing more or less). */
export function assertRecognizes(routes: AnyRouteSet, request: RequestLine, expected: RouteOptions): void {
  const { method, path } = typeof request === "string" ? { method: "GET", path: request } : { method: request.method ?? "GET", path: request.path };
  const sent = typeof request === "string" || (request.host === undefined && request.protocol === undefined) ? undefined : request;
  let actual: Record<string, unknown>;
  try {
    const facts = sent && { host: sent.host ?? "example.org", protocol: sent.protocol ?? "http" };
    const { recognition: recognized, route } = routes.match(method, path, undefined, facts);
    // With RESOURCE_ROUTES_COVERAGE set, the route a test recognises counts as exercised.
    routeRecorder()?.record(routes, route);
    actual = { controller: recognized.controller, action: recognized.action, ...recognized.params };
  } catch (error) {
    throw new assert.AssertionError({
      message: `${method} ${shortened(path)} is not recognised: ${(error as Error).message}`,
      actual: undefined,
      expected,
      operator: "assertRecognizes",
    });
  }
  comparing(`${method} ${shortened(path)} is recognised otherwise than expected`, () => assert.deepStrictEqual(actual, stringValues(expected)));
}

/**
 * Asserts that `options` (a controller, an action and params) generate `path`, as Rails'
 * assert_generates did: by the route generation from options picks (routes.generate), and with no
 * key left over unless `path` carries them in its query string.
 */
export function assertGenerates(routes: AnyRouteSet, path: string, options: RouteOptions): void {
  let generated: GeneratedFromOptions;
  try {
    generated = generateFromOptions(routes.routes, routes.table.named, options, { rules: BEHAVIOURS[routes.behaviour] });
  } catch (error) {
    throw new assert.AssertionError({
      message: `${JSON.stringify(options)} generate no path: ${(error as Error).message}`,
      actual: undefined,
      expected: path,
      operator: "assertGenerates",
    });
  }
  if (path.includes("?")) {
    comparing(`${JSON.stringify(options)} generates another path`, () => assert.strictEqual(generated.path, path));
    return;
  }
  const extras = generated.extraKeys;
  if (extras.length) {
    throw new assert.AssertionError({
      message: `${JSON.stringify(options)} leave keys over: ${extras.join(", ")} (the route generates ${generated.path}); expected ${path}`,
      actual: generated.path,
      expected: path,
      operator: "assertGenerates",
    });
  }
  comparing(`${JSON.stringify(options)} generates another path`, () => assert.strictEqual(generated.path, path));
}

/** assertRecognizes and assertGenerates both: the request is recognised as `options`, and `options` generate its path. */
export function assertRouting(routes: AnyRouteSet, request: RequestLine, options: RouteOptions): void {
  assertRecognizes(routes, request, options);
  assertGenerates(routes, typeof request === "string" ? request : request.path, options);
}

/** What `request()` sends besides the method and path: a form, a JSON body, or a body of your own, and headers. */
export interface RequestInitOptions {
  form?: Record<string, string>;
  json?: unknown;
  body?: string | Uint8Array | FormData | URLSearchParams | Blob;
  headers?: Record<string, string>;
}

/**
 * Sends `"METHOD /path?query"` to a fetch handler in process (no socket) and gives its Response; a
 * request the handler leaves to a host framework (undefined) is a 404.
 */
export async function request(handler: (request: Request) => Promise<Response | undefined>, line: string, init: RequestInitOptions = {}): Promise<Response> {
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(line);
  if (!match) throw new TypeError(`request() takes "METHOD /path", got ${JSON.stringify(line)}`);
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
  } else if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const target = match[2].startsWith("/") ? `http://localhost${match[2]}` : match[2];
  const response = await handler(new Request(target, { method: match[1].toUpperCase(), headers, body }));
  return response ?? new Response("Not Found", { status: 404 });
}

/** Runs an assertion, its failure's message led by `what` and keeping node:assert's diff. */
function comparing(what: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof assert.AssertionError) error.message = `${what}\n${error.message}`;
    throw error;
  }
}

/** Params as recognition gives them: strings (numbers and the like written as text, as Rails' to_param did). */
function stringValues(options: RouteOptions): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  // Own keys kept as keys: an expected `__proto__` (from JSON.parse) is compared, not made the prototype.
  for (const [key, value] of Object.entries(options)) setOwn(result, key, typeof value === "number" || typeof value === "boolean" ? String(value) : value);
  return result;
}
