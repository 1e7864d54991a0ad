import { MethodNotAllowed, RoutingError, UnknownHttpMethod } from "../routing/errors";
import type { AnyRouteSet } from "../routing/typedRoutes";
import { Answer, answerOf, RequestContext } from "./context";
import { Controllers, findAction } from "./controllers";
import { BadRequest, decodeComponent, mergeParams, Params, parseParams } from "./params";
import { bodyKind, bodyParams, BodyRead } from "./body";

/** Options of both adapters (contract §8). */
export interface HttpOptions {
  /** The largest form or JSON body read, in bytes (default 1 MiB); a larger one is answered 413 without reading the rest. */
  bodyLimit?: number;
  /**
   * How long a form or JSON body may take to arrive, in milliseconds (default 10 s): a client that
   * stalls or sends it a byte at a time is answered 408 then, and its connection closed.
   */
  bodyTimeout?: number;
  /** Receives what an action throws (default console.error); the request is answered 500. */
  onError?: (error: unknown) => void;
  /** Puts a thrown error's stack in the 500 answer (never in production). */
  development?: boolean;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_BODY_TIMEOUT = 10_000;

/** A request as the adapters hand it over: the part the core reads, and the adapter's own object. */
export interface IncomingRequest<Raw> {
  method: string;
  /** The request target as sent: path, then `?query`. */
  target: string;
  origin: { protocol: string; host: string };
  contentType: string | undefined;
  contentLength: number | undefined;
  /** The body, read within `limit` bytes and `timeout` milliseconds (see BodyRead). */
  readBody(limit: number, timeout: number): Promise<BodyRead>;
  raw: Raw;
}

/** What the adapter sends: an answer, an action's own Response, or (Express) nothing: no route, call next(). */
export type Outcome = { answer: Answer; head: boolean } | { response: unknown; head: boolean } | { next: true };

/** An outcome now, or later when a form body must be read or an action is async. */
export type Pending<T> = T | Promise<T>;

/**
 * The adapters' shared core: recognition (with `_method` from the query or a form or JSON body), the
 * controller action, and every answer of contract §8. Never throws: whatever fails is an answer.
 * It answers synchronously when it can (no form to read, a synchronous action): a server's hot
 * path pays for no promise it does not need.
 */
export function dispatch<Raw>(routes: AnyRouteSet, controllers: Controllers, request: IncomingRequest<Raw>, options: HttpOptions, hasNext: boolean): Pending<Outcome> {
  const head = request.method.length === 4 && request.method.toUpperCase() === "HEAD";
  const answer = new Answering(routes, controllers, request, options, hasNext, head);
  try {
    const queryAt = request.target.indexOf("?");
    const path = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
    decodeComponent(path, false); // a malformed escape in the path is a bad request, not "no route"
    const params = parseParams(queryAt < 0 ? "" : request.target.slice(queryAt + 1));
    const kind = hasBody(request.method) ? bodyKind(request.contentType) : undefined;
    if (!kind) return answer.route(path, params);
    const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    if (request.contentLength !== undefined && request.contentLength > limit) return answer.tooLarge(limit);
    const timeout = options.bodyTimeout ?? DEFAULT_BODY_TIMEOUT;
    return request.readBody(limit, timeout).then((body) => {
      if ("tooLarge" in body) return answer.tooLarge(limit);
      if ("timedOut" in body) return answer.timedOut(timeout);
      if ("consumed" in body) return answer.failed(new Error("the request body was read before this handler (a body parser?) and left no parsed value (req.body)"));
      try {
        mergeParams(params, bodyParams(kind, body));
      } catch (error) {
        return answer.failure(error);
      }
      return answer.route(path, params);
    }, (error) => answer.failed(error));
  } catch (error) {
    return answer.failure(error);
  }
}

/** One request's way to its answer, after its params are known. */
class Answering<Raw> {
  constructor(
    private readonly routes: AnyRouteSet,
    private readonly controllers: Controllers,
    private readonly request: IncomingRequest<Raw>,
    private readonly options: HttpOptions,
    private readonly hasNext: boolean,
    private readonly head: boolean,
  ) {}

  route(path: string, params: Params): Pending<Outcome> {
    let matched: ReturnType<AnyRouteSet["match"]>;
    try {
      const override = Object.prototype.hasOwnProperty.call(params, "_method") ? params._method : undefined;
      matched = this.routes.match(this.request.method, path, typeof override === "string" ? { _method: override } : EMPTY);
    } catch (error) {
      return this.failure(error);
    }
    const { recognition, route } = matched;
    const controller = recognition.controller;
    const actionName = recognition.action;
    const found = controller && actionName ? findAction(this.controllers, controller, actionName) : ({ missing: "action" } as const);
    if ("missing" in found) {
      return this.plain(404, found.missing === "controller" ? `uninitialized controller ${controller}` : `No action responded to ${actionName}`);
    }
    // Path values win over form fields, which win over the query string.
    mergeParams(params, recognition.params);
    const context = new RequestContext(
      params,
      recognition.params.format,
      { name: recognition.route, controller: controller!, action: actionName!, verb: route.verb, path: route.path },
      this.request.raw,
      this.routes,
      this.request.origin,
    );
    const done = (value: unknown): Outcome => {
      if (typeof Response !== "undefined" && value instanceof Response) return { response: value, head: this.head };
      if (value !== undefined) return { answer: answerOf(200, value), head: this.head };
      return { answer: context.answered ?? { status: 204, headers: {}, body: null }, head: this.head };
    };
    try {
      const value = found.action(context);
      return isThenable(value) ? Promise.resolve(value).then(done, (error) => this.failed(error)) : done(value);
    } catch (error) {
      return this.failed(error);
    }
  }

  tooLarge(limit: number): Outcome {
    return this.plain(413, `Payload Too Large: a body over ${limit} bytes`, { connection: "close" });
  }

  timedOut(timeout: number): Outcome {
    return this.plain(408, `Request Timeout: the body did not arrive within ${timeout} ms`, { connection: "close" });
  }

  /** What a failure before the action is answered with: 400, 405, 404 (or next()), else 500. */
  failure(error: unknown): Outcome {
    if (error instanceof BadRequest) return this.plain(400, `Bad Request: ${error.message}`);
    if (error instanceof MethodNotAllowed) return this.plain(405, error.message, { allow: error.allowedMethods.map((m) => m.toUpperCase()).join(", ") });
    if (error instanceof UnknownHttpMethod) return this.plain(400, `Bad Request: ${error.message}`);
    if (error instanceof RoutingError) return this.hasNext ? { next: true } : this.plain(404, error.message);
    return this.failed(error);
  }

  failed(error: unknown): Outcome {
    return failed(error, this.options, this.head);
  }

  private plain(status: number, text: string, headers: Record<string, string> = {}): Outcome {
    return { answer: answerOf(status, text, { "content-type": "text/plain; charset=utf-8", ...headers }), head: this.head };
  }
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** 500: the error goes to onError; its stack is in the body only in development. */
export function failed(error: unknown, options: HttpOptions, head: boolean): Outcome {
  try {
    (options.onError ?? console.error)(error);
  } catch {
    // An onError that throws must not take the answer with it.
  }
  const detail = options.development && error instanceof Error ? `\n\n${error.stack ?? error.message}` : "";
  return { answer: answerOf(500, `Internal Server Error${detail}`, { "content-type": "text/plain; charset=utf-8" }), head };
}

function hasBody(method: string): boolean {
  if (method === "GET" || method === "HEAD") return false;
  const upper = method.toUpperCase();
  return upper !== "GET" && upper !== "HEAD";
}

