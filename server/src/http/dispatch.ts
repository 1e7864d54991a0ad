import { MethodNotAllowed, RoutingError, UnknownHttpMethod } from "../routing/errors";
import type { RouteSet } from "../routing/routeSet";
import { ActionContext, Answer, answerOf, requestUrls } from "./context";
import { Controllers, findAction } from "./controllers";
import { BadRequest, decodeComponent, mergeParams, Params, parseParams } from "./params";

/** Options of both adapters (contract §8). */
export interface HttpOptions {
  /** The largest form body read, in bytes (default 1 MiB); a larger one is answered 413 without reading the rest. */
  bodyLimit?: number;
  /** Receives what an action throws (default console.error); the request is answered 500. */
  onError?: (error: unknown) => void;
  /** Puts a thrown error's stack in the 500 answer (never in production). */
  development?: boolean;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A request as the adapters hand it over: the part the core reads, and the adapter's own object. */
export interface IncomingRequest<Raw> {
  method: string;
  /** The request target as sent: path, then `?query`. */
  target: string;
  origin: { protocol: string; host: string };
  contentType: string | undefined;
  contentLength: number | undefined;
  /** The body as text, or undefined when it is longer than `limit` bytes (the adapter stops reading it). */
  readBody(limit: number): Promise<string | undefined>;
  raw: Raw;
}

/** What the adapter sends: an answer, an action's own Response, or (Express) nothing: no route, call next(). */
export type Outcome = { answer: Answer; head: boolean } | { response: unknown; head: boolean } | { next: true };

const FORM = "application/x-www-form-urlencoded";

/**
 * The adapters' shared core: recognition (with `_method` from the query or a form body), the
 * controller action, and every answer of contract §8. Never throws: whatever fails is an answer.
 */
export async function dispatch<Raw>(routes: RouteSet, controllers: Controllers, request: IncomingRequest<Raw>, options: HttpOptions, hasNext: boolean): Promise<Outcome> {
  const head = request.method.toUpperCase() === "HEAD";
  const plain = (status: number, text: string, headers: Record<string, string> = {}): Outcome => ({ answer: answerOf(status, text, { "content-type": "text/plain; charset=utf-8", ...headers }), head });
  let params: Params;
  let matched: ReturnType<RouteSet["match"]>;
  try {
    const queryAt = request.target.indexOf("?");
    const path = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
    decodeComponent(path, false); // a malformed escape in the path is a bad request, not "no route"
    params = parseParams(queryAt < 0 ? "" : request.target.slice(queryAt + 1));
    if (hasBody(request.method) && isForm(request.contentType)) {
      const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
      const body = request.contentLength !== undefined && request.contentLength > limit ? undefined : await request.readBody(limit);
      if (body === undefined) return plain(413, `Payload Too Large: a form body over ${limit} bytes`, { connection: "close" });
      mergeParams(params, parseParams(body));
    }
    const override = Object.prototype.hasOwnProperty.call(params, "_method") ? params._method : undefined;
    matched = routes.match(request.method, path, typeof override === "string" ? { _method: override } : {});
  } catch (error) {
    if (error instanceof BadRequest) return plain(400, `Bad Request: ${error.message}`);
    if (error instanceof MethodNotAllowed) return plain(405, error.message, { allow: error.allowedMethods.map((m) => m.toUpperCase()).join(", ") });
    if (error instanceof UnknownHttpMethod) return plain(400, `Bad Request: ${error.message}`);
    if (error instanceof RoutingError) return hasNext ? { next: true } : plain(404, error.message);
    return failed(error, options, head);
  }
  const { recognition, route } = matched;
  const controller = recognition.controller;
  const actionName = recognition.action;
  const found = controller && actionName ? findAction(controllers, controller, actionName) : ({ missing: "action" } as const);
  if ("missing" in found) {
    return plain(404, found.missing === "controller" ? `uninitialized controller ${controller}` : `No action responded to ${actionName}`);
  }
  // Path values win over form fields, which win over the query string.
  mergeParams(params, recognition.params);
  let responded: Answer | undefined;
  let urls: ActionContext["urls"] | undefined;
  const context: ActionContext<Raw> = {
    params,
    format: recognition.params.format,
    route: { name: recognition.route, controller: controller!, action: actionName!, verb: route.verb, path: route.path },
    request: request.raw,
    // Built on first use: most actions never ask.
    get urls() {
      return (urls ??= requestUrls(routes, request.origin));
    },
    respond(status, body, headers) {
      responded = answerOf(status, body, headers);
    },
  };
  try {
    const value = await found.action(context);
    if (typeof Response !== "undefined" && value instanceof Response) return { response: value, head };
    if (value !== undefined) return { answer: answerOf(200, value), head };
    return { answer: responded ?? { status: 204, headers: {}, body: null }, head };
  } catch (error) {
    return failed(error, options, head);
  }
}

/** 500: the error goes to onError; its stack is in the body only in development. */
function failed(error: unknown, options: HttpOptions, head: boolean): Outcome {
  try {
    (options.onError ?? console.error)(error);
  } catch {
    // An onError that throws must not take the answer with it.
  }
  const detail = options.development && error instanceof Error ? `\n\n${error.stack ?? error.message}` : "";
  return { answer: answerOf(500, `Internal Server Error${detail}`, { "content-type": "text/plain; charset=utf-8" }), head };
}

function hasBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== "GET" && upper !== "HEAD";
}

function isForm(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(";")[0].trim().toLowerCase() === FORM;
}
