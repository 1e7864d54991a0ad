import { routeRecorder } from "../../coverage/recorder";
import { redirectLocation } from "../../routing/generation/redirectLocation";
import { BehaviourRules, BEHAVIOURS } from "../../routing/model/behaviour";
import { MethodNotAllowed, RoutingError, UnknownHttpMethod } from "../../routing/model/errors";
import type { RequestFacts } from "../../routing/model/requestConditions";
import { isRequestMethod, requestMethodsOf, routedMethod } from "../../routing/model/requestMethods";
import type { Route } from "../../routing/model/route";
import type { AppCode } from "../../routing/model/routeApp";
import type { AnyRouteSet } from "../../routing/model/routeSet";
import type { Recognition } from "../../routing/recognition/recognize";
import { escapeHtml, shortened } from "../../text/escape";
import { formatFromAccept } from "../request/accept";
import { bodyKind, bodyParams, BodyRead, Files } from "../request/body";
import { checkedCookieKeys } from "../request/cookies";
import { allowedHostsTest, claimedOrigin, Origin, requestOrigin } from "../request/origin";
import { BadRequest, decodeComponent, mergeParams, Params, parseParams } from "../request/params";
import { InvalidParams } from "../request/schemas";
import { ActionPlan, actionPlan } from "./actionPlan";
import { answerOf, Outcome, RequestContext } from "./context";
import { Controllers } from "./controllers";
import { FailureHook, failureOutcome, RequestFailure } from "./failures";
import { Middleware, runChain } from "./filters";
import { type RouteRedirect, ServedRedirects } from "./redirects";
import { notFoundHtml, routesPageHtml } from "./routesPage";

/** Options of both adapters. */
export interface HttpOptions {
  /**
   * A file the process writes, when it ends, the routes it answered into (JSON, for `resource-routes
   * coverage`); the RESOURCE_ROUTES_COVERAGE environment variable names a folder for it instead.
   * Off by default.
   */
  recordRoutes?: string;
  /** The largest form, JSON or multipart body read, in bytes (default 1 MiB); a larger one is answered 413 without reading the rest. */
  bodyLimit?: number;
  /**
   * How long a body may take to arrive, in milliseconds (default 10 s): a client that stalls or
   * sends it a byte at a time is answered 408 then, and its connection closed.
   */
  bodyTimeout?: number;
  /**
   * The path the routes are mounted under (`/api`): stripped from a request's path before
   * recognition (a path outside it is not found), and put before every path and URL the context's
   * helpers and redirects make. Express's own mount point (`app.use("/api", …)`, `req.baseUrl`) is
   * added by itself; a basePath equal to it is that mount point, not a second prefix below it.
   */
  basePath?: string;
  /**
   * Behind a proxy you run (a TLS-terminating load balancer): the first `X-Forwarded-Proto` and
   * `X-Forwarded-Host` become the protocol and host of `_url` helpers and `ctx.url`. Off by
   * default, since a client could otherwise choose where every absolute link points.
   */
  trustProxy?: boolean;
  /**
   * The hosts this application answers for (`["shop.example", ".shop.example"]`: a leading dot
   * takes the name and every name below it, `*.shop.example` only the names below it, `"*"` any;
   * with a port, `shop.example:8443`, only that port). A request for any other host (the
   * forwarded one with `trustProxy`) is answered 400 before recognition, so a forged `Host`
   * never reaches an absolute URL (a password-reset link). An entry that is no host is a
   * TypeError when the handler is made.
   */
  allowedHosts?: readonly string[];
  /**
   * Segment keys whose values in a request's path its context's `urls` fill where a call leaves them
   * out (`["locale"]`: a page under `/fr/…` links under `/fr/…`); a filter sets others on
   * `ctx.urlDefaults`. None by default.
   */
  urlDefaults?: readonly string[];
  /** `"put"` (the default): a PATCH request is recognised as PUT and PATCH is allowed wherever PUT is; `false`: PATCH as any other method. */
  patch?: "put" | false;
  /** Middleware run after recognition, outside the controllers' filters (see Middleware). */
  use?: readonly Middleware[];
  /**
   * Old URLs that keep working after a change of routes (`resource-routes diff --from REV
   * --redirects --out FILE` writes them): a request no route takes, whose path an old pattern
   * takes, is answered 301 (GET) or 308 with the new route's URL for the same values, its query
   * kept. Asked only where recognition found no route: a route always wins.
   */
  redirects?: readonly RouteRedirect[];
  /** Answers a request no route matches; what it returns is the answer (undefined: the default, or the host framework's turn). */
  notFound?: FailureHook;
  /** Answers a path that matches only with other methods (`Allow` is set by the adapter). */
  methodNotAllowed?: FailureHook;
  /** Answers a request whose action (or a filter) threw, after onError. */
  error?: FailureHook;
  /** Receives what an action throws (default console.error); the request is answered 500. */
  onError?: (error: unknown) => void;
  /**
   * The secrets that sign cookies set with `{ signed: true }` (HMAC-SHA256), newest first: the first
   * signs, every one verifies, so a key is rotated by putting a new one before it. Each at least 32
   * characters; keep them out of the source (an environment variable).
   */
  cookieKeys?: readonly string[];
  /**
   * Development only: a thrown error's stack in the 500 answer, and a 404 for a browser that lists
   * the routes nearest to the path asked for.
   */
  development?: boolean;
  /**
   * Where the routes page is served (`"/_routes"`): every route with a search, and a box that
   * matches a request and says why each earlier route passed it over. Off unless given; for
   * development, as it shows the application's whole routing.
   */
  routesPage?: string;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_BODY_TIMEOUT = 10_000;

/** A request as the adapters hand it over: the part the core reads, and the adapter's own object. */
export interface IncomingRequest<Raw> {
  method: string;
  /** The request target in origin form (see originForm): path, then `?query`. */
  target: string;
  origin: Origin;
  /** A request header by its lower-case name, repeated ones joined with `, `. */
  header(name: string): string | undefined;
  contentType: string | undefined;
  contentLength: number | undefined;
  /** The Accept header: a failure is answered in JSON where it asks for JSON. */
  accept: string | undefined;
  /** Where a framework mounted the handler and already stripped it from `target` (Express's `req.baseUrl`). */
  mountedAt?: string;
  /** The body, read within `limit` bytes and `timeout` milliseconds (see BodyRead). */
  readBody(limit: number, timeout: number): Promise<BodyRead>;
  /**
   * The request as a route's application is given it (behaviour C's endpoints and mounts): a WHATWG
   * Request of `method` and this one's headers, for `url`, its body the bytes routing read where it
   * read them, else the body still to come.
   */
  appRequest(url: string, method: string, body: Uint8Array | undefined): Request;
  raw: Raw;
}

/** An outcome now, or later when a body must be read or an action is async. */
export type Pending<T> = T | Promise<T>;

/**
 * The adapters' shared core, made once per handler: recognition (with `_method` from the query or
 * a body), the controller action with its filters and the adapter's middleware, and every answer.
 * Never throws: whatever fails is an answer. It answers synchronously when it can (no body to
 * read, no filter, a synchronous action): a server's hot path pays for no promise it does not need.
 */
export class Dispatcher {
  /** basePath without a trailing slash ("" for none). */
  readonly base: string;
  /** Whether PATCH is routed as PUT (HttpOptions.patch; never in C, whose routes take PATCH). */
  readonly patch: boolean;
  /** The served behaviour's rules: its request methods, and whether a wrong method is a 405. */
  readonly rules: BehaviourRules;
  /** Whether a route constrains the request's host, subdomain or scheme (behaviour C): recognition is then told them. */
  readonly constrainsRequests: boolean;
  /** HttpOptions.cookieKeys, checked when the handler is made. */
  readonly cookieKeys: readonly string[] | undefined;
  /** HttpOptions.allowedHosts as a test, its entries checked when the handler is made. */
  private readonly hostAllowed: ((host: string) => boolean) | undefined;
  /**
   * By route index, for a route that fixes its controller and action: its plan and the controller
   * module it was made of. A request to it costs a read of that module, where actionPlan's caches
   * by module and action took three lookups; a new module object in `controllers` is seen at once.
   */
  private readonly plans: Array<{ module: unknown; plan: ActionPlan } | undefined>;
  /** Where the routes answered are recorded (HttpOptions.recordRoutes), if anywhere. */
  readonly recorder: ReturnType<typeof routeRecorder>;
  /** HttpOptions.redirects, their old patterns compiled when the handler is made. */
  readonly redirects: ServedRedirects | undefined;

  /** The routes served: a `:controller` segment (Rails' `:controller/:action/:id`) matches every controller given, as Rails 2 matched app/controllers. */
  readonly routes: AnyRouteSet;

  constructor(
    routes: AnyRouteSet,
    readonly controllers: Controllers,
    readonly options: HttpOptions,
  ) {
    const named = new Set<string | null>(routes.routes.map((route) => route.controller));
    const others = named.has(null) ? Object.keys(controllers).filter((name) => !named.has(name)) : [];
    this.routes = others.length ? routes.withControllers(others) : routes;
    this.base = withoutTrailingSlash(options.basePath ?? "");
    this.rules = BEHAVIOURS[routes.behaviour];
    this.constrainsRequests = routes.routes.some((route) => route.asksRequest);
    this.patch = options.patch !== false && !this.rules.patchIsOwnMethod;
    this.cookieKeys = checkedCookieKeys(options.cookieKeys);
    this.hostAllowed = options.allowedHosts && allowedHostsTest(options.allowedHosts);
    this.plans = new Array<undefined>(routes.routes.length).fill(undefined);
    this.recorder = routeRecorder(options.recordRoutes);
    this.redirects = options.redirects?.length ? new ServedRedirects(routes, options.redirects) : undefined;
  }

  dispatch<Raw>(request: IncomingRequest<Raw>, hasNext: boolean): Pending<Outcome> {
    const options = this.options;
    const head = request.method.length === 4 && request.method.toUpperCase() === "HEAD";
    const base = this.base && ownBase(this.base, request.mountedAt);
    const answer = new Answering(this, request, hasNext, head, base);
    try {
      if (this.hostAllowed) {
        const { host } = claimedOrigin(request, options.trustProxy);
        if (!this.hostAllowed(host)) return answer.badHost(host);
      }
      const queryAt = request.target.indexOf("?");
      const fullPath = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
      const path = base ? underBase(fullPath, base) : fullPath;
      if (path === undefined) return answer.failure(new RoutingError(`No route matches ${JSON.stringify(shortened(fullPath))}: it is outside ${base}`));
      decodeComponent(path, false); // a malformed escape in the path is a bad request, not "no route"
      if (options.routesPage !== undefined && path === options.routesPage && (head || request.method.toUpperCase() === "GET")) {
        return answer.html(200, routesPageHtml(this.routes, new URLSearchParams(queryAt < 0 ? "" : request.target.slice(queryAt + 1))));
      }
      // No query string: the path's values are the params, with no object to merge them into.
      const query = queryAt < 0 || queryAt === request.target.length - 1 ? undefined : parseParams(request.target.slice(queryAt + 1));
      const kind = hasBody(request.method) ? bodyKind(request.contentType) : undefined;
      if (!kind) return answer.route(path, query);
      const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
      if (request.contentLength !== undefined && request.contentLength > limit) return answer.tooLarge(limit);
      const timeout = options.bodyTimeout ?? DEFAULT_BODY_TIMEOUT;
      return request.readBody(limit, timeout).then(
        async (body) => {
          if ("tooLarge" in body) return answer.tooLarge(limit);
          if ("timedOut" in body) return answer.timedOut(timeout);
          if ("consumed" in body)
            return answer.failed(new Error("the request body was read before this handler (a body parser?) and left no parsed value (req.body)"));
          if ("bytes" in body) answer.body = body.bytes;
          let params = query;
          let files: Files | undefined;
          try {
            const read = await bodyParams(kind, body, request.contentType);
            params = params ? mergeParams(params, read.params) : read.params;
            files = read.files;
          } catch (error) {
            return answer.failure(error);
          }
          return answer.route(path, params, files);
        },
        (error) => answer.failed(error),
      );
    } catch (error) {
      return answer.failure(error);
    }
  }

  /** The plan of the action a request was recognised as (see `plans`). */
  planOf(index: number, recognition: Recognition): ActionPlan | { missing: "controller" | "action" } {
    const { controller, action } = recognition;
    const kept = this.plans[index];
    if (kept !== undefined && controller !== null && kept.module === this.controllers[controller]) return kept.plan;
    if (!controller || !action) return { missing: "action" };
    const plan = actionPlan(this.controllers, controller, action);
    const route = this.routes.routes[index];
    if (!("missing" in plan) && route.controller !== null && route.action !== null) this.plans[index] = { module: this.controllers[controller], plan };
    return plan;
  }
}

/** basePath (without its trailing slash), unless it is the mount point the framework stripped already (then none). */
function ownBase(base: string, mountedAt: string | undefined): string {
  if (mountedAt === undefined) return base;
  return withoutTrailingSlash(mountedAt) === base ? "" : base;
}

/** A mount point as paths are put after it: `/api/` → `/api`. */
function withoutTrailingSlash(path: string): string {
  return path.endsWith("/") ? path.slice(0, -1) : path;
}

/** The path below `base` (`/api/posts` under `/api` → `/posts`), or undefined when it is not below it. */
function underBase(path: string, prefix: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  if (rest === "") return "/";
  return rest.startsWith("/") ? rest : undefined;
}

/** One request's way to its answer, after its params are known. */
class Answering<Raw> {
  private readonly options: HttpOptions;
  /** The body's bytes, where routing read them (a form's `_method`): what a route's application is given as the body. */
  body: Uint8Array | undefined;

  constructor(
    private readonly core: Dispatcher,
    private readonly request: IncomingRequest<Raw>,
    private readonly hasNext: boolean,
    private readonly head: boolean,
    /** basePath as it applies below the framework's mount point (see ownBase). */
    private readonly base: string,
  ) {
    this.options = core.options;
  }

  /** Recognition and the action, with the query's and body's params (none: no query string and no body). */
  route(path: string, params: Params | undefined, files?: Files): Pending<Outcome> {
    const core = this.core;
    let matched: ReturnType<AnyRouteSet["match"]>;
    // A method outside Rails' list never reaches recognition (which refuses it): the path's methods are allowed.
    const method = routedMethod(this.request.method, core.patch);
    if (!isRequestMethod(method, core.rules)) {
      if (core.rules.unknownMethodNotAllowed) return this.unknownMethod(new UnknownHttpMethod(this.request.method, requestMethodsOf(core.rules)));
      const allowed = core.rules.methodNotAllowed ? core.routes.allowedMethods(path) : [];
      if (allowed.length) return this.methodNotAllowed(allowed);
      return this.notFound(`No route matches ${JSON.stringify(shortened(path))} with {:method=>:${method.toLowerCase()}}`, true);
    }
    try {
      const override = params && Object.prototype.hasOwnProperty.call(params, "_method") ? params._method : undefined;
      // The request's host and scheme, where a route constrains them (behaviour C): the connection's, or a trusted proxy's.
      const facts = core.constrainsRequests ? this.requestFacts() : undefined;
      matched = core.routes.match(method, path, typeof override === "string" ? { _method: routedMethod(override, core.patch) } : EMPTY, facts);
    } catch (error) {
      return (error instanceof RoutingError && this.redirected(method, path)) || this.failure(error);
    }
    const { recognition, route } = matched;
    core.recorder?.record(core.routes, route);
    if (route.redirect) return this.redirectRoute(route, recognition, path);
    if (route.app) return this.appRoute(route.app.code, recognition, matched.method.toUpperCase());
    const plan = core.planOf(matched.index, recognition);
    if ("missing" in plan) {
      return this.notFound(
        plan.missing === "controller" ? `uninitialized controller ${recognition.controller}` : `No action responded to ${recognition.action}`,
        false,
      );
    }
    // What the client sent, before the path's values are merged into it: copied only for an action whose params schema checks it.
    const sent = plan.checksParams ? sentParams(params) : undefined;
    // Path values win over body fields, which win over the query string.
    const context = new RequestContext(
      params ? mergeParams(params, recognition.params) : recognition.params,
      recognition,
      route,
      this.request,
      core.routes,
      this.options.trustProxy === true,
      this.prefix(),
      files,
      core.cookieKeys,
      this.options.urlDefaults,
      sent,
    );
    const { run: action, filters } = plan;
    const middleware = this.options.use;
    try {
      if (filters || middleware?.length) {
        return runChain({ middleware: middleware ?? [], around: [], before: [], after: [], ...filters }, context, action).then(
          (value) => this.done(value, context),
          (error) => this.failed(error),
        );
      }
      const value = action(context);
      return isThenable(value)
        ? Promise.resolve(value).then(
            (value) => this.done(value, context),
            (error) => this.failed(error),
          )
        : this.done(value, context);
    } catch (error) {
      return this.failed(error);
    }
  }

  /** What an action's value (or its respond/redirect, or nothing: 204) is answered with, and the cookies it set (once signed). */
  private done(value: unknown, context: RequestContext<Raw>): Pending<Outcome> {
    const cookies = context.setCookies();
    if (cookies instanceof Promise) return cookies.then((lines) => this.answered(value, context, lines));
    return this.answered(value, context, cookies);
  }

  private answered(value: unknown, context: RequestContext<Raw>, cookies: readonly string[] | undefined): Outcome {
    if (typeof value === "object" && typeof Response !== "undefined" && value instanceof Response) return { response: value, head: this.head, cookies };
    if (value !== undefined) return { answer: answerOf(200, value), head: this.head, cookies };
    return { answer: context.answered ?? { status: 204, headers: {}, body: null }, head: this.head, cookies };
  }

  /** What recognition may ask of the request where a route constrains it (behaviour C): its origin (a trusted proxy's with trustProxy), its headers and the adapter's own request. */
  private requestFacts(): RequestFacts {
    const request = this.request;
    return { ...requestOrigin(request, this.options.trustProxy), header: (name) => request.header(name), raw: request.raw };
  }

  /**
   * A redirect route's answer (behaviour C's `to: redirect(…)`), as Rails 6.1's Redirect endpoint
   * makes it: the Location from the request's path values, its host and scheme (a trusted proxy's
   * with trustProxy), its query where the options form keeps it, under the mount point; and a
   * short HTML body. Made here again (recognition made one for a request to example.org): the
   * request's origin is read for these requests only, not for every request of a route set that
   * has a redirect.
   */
  private redirectRoute(route: Route, recognition: Recognition, path: string): Outcome {
    const target = this.request.target;
    const at = target.indexOf("?");
    const prefix = this.prefix();
    const facts = {
      ...this.requestFacts(),
      path: `${prefix}${path}`,
      scriptName: prefix,
      query: at < 0 || typeof route.redirect!.to === "string" ? undefined : parseParams(target.slice(at + 1)),
    };
    const location = redirectLocation(route.redirect!, recognition.params, facts, this.request.method);
    const body = `<html><body>You are being <a href="${escapeHtml(location)}">redirected</a>.</body></html>`;
    return { answer: answerOf(route.redirect!.status, body, { "content-type": "text/html", location }), head: this.head };
  }

  /**
   * A route's application's answer (behaviour C's `to:` a handler, `mount`): given the request, below
   * a mount with the path that follows the mount path (Rails' PATH_INFO) and told the mount path
   * under the handler's own (Rails' SCRIPT_NAME); an endpoint's request as it came. Filters and
   * middleware, which run around actions, do not run; what the application throws or answers that is
   * not a Response is a failure, answered 500. Its method is the one the request was routed as (a
   * form's `_method` applied), as Rails' Rack::MethodOverride makes it before any application sees it.
   */
  private appRoute(app: AppCode, recognition: Recognition, method: string): Pending<Outcome> {
    const { target, origin } = this.request;
    const mount = recognition.mount;
    const prefix = this.prefix();
    const at = target.indexOf("?");
    const path = mount ? mount.rest : target.slice(0, at < 0 ? target.length : at);
    const url = `${origin.protocol}://${origin.host}${path}${at < 0 ? "" : target.slice(at)}`;
    let answer: Response | Promise<Response>;
    try {
      answer = app.serve(this.request.appRequest(url, method, this.body), { params: recognition.params, mountPath: prefix + (mount ? mount.path : "") });
    } catch (error) {
      return this.failed(error);
    }
    return isThenable(answer)
      ? Promise.resolve(answer).then(
          (value) => this.appAnswered(value),
          (error) => this.failed(error),
        )
      : this.appAnswered(answer);
  }

  private appAnswered(value: unknown): Outcome {
    if (typeof Response !== "undefined" && value instanceof Response) return { response: value, head: this.head };
    return this.failed(new TypeError(`a route's application answered ${value === null ? "null" : typeof value}, not a Response`));
  }

  /** A request no route takes that an old pattern of HttpOptions.redirects takes: sent to the new route's URL, its query kept. */
  private redirected(method: string, path: string): Outcome | undefined {
    const target = this.request.target;
    const at = target.indexOf("?");
    const found = this.core.redirects?.answerFor(method, path, at < 0 ? "" : target.slice(at));
    return found && { answer: { status: found.status, headers: { location: `${this.prefix()}${found.location}` }, body: null }, head: this.head };
  }

  /** What generated paths and URLs begin with: the framework's mount point, then basePath. */
  private prefix(): string {
    const mountedAt = this.request.mountedAt;
    return (mountedAt === undefined ? "" : withoutTrailingSlash(mountedAt)) + this.base;
  }

  /** 400 in the form the client asked for (JSON for a .json path or Accept), as every other failure. */
  badHost(host: string): Outcome {
    return this.answerFailure({ status: 400, message: `Bad Request: this server does not answer for the host ${JSON.stringify(shortened(host, 100))}` });
  }

  tooLarge(limit: number): Outcome {
    return this.plain(413, `Payload Too Large: a body over ${limit} bytes`, { connection: "close" });
  }

  timedOut(timeout: number): Outcome {
    return this.plain(408, `Request Timeout: the body did not arrive within ${timeout} ms`, { connection: "close" });
  }

  /** 405 with the methods `allowed` in `Allow` (PATCH beside PUT where PATCH is routed as PUT). */
  private methodNotAllowed(allowed: readonly string[], error = new MethodNotAllowed([...allowed])): Outcome {
    const methods = allowed.map((m) => m.toUpperCase());
    if (this.core.patch && methods.includes("PUT")) methods.splice(methods.indexOf("PUT") + 1, 0, "PATCH");
    const allow = methods.join(", ");
    return this.answerFailure({ status: 405, message: error.message, allow, error }, this.options.methodNotAllowed, { allow });
  }

  /** A method outside the behaviour's list (a request's or its `_method`): 400 in A and B, 405 with no Allow in C, as Rails 6.1 answers it. */
  private unknownMethod(error: UnknownHttpMethod): Outcome {
    if (!this.core.rules.unknownMethodNotAllowed) return this.answerFailure({ status: 400, message: `Bad Request: ${error.message}`, error });
    return this.answerFailure({ status: 405, message: `Method Not Allowed: ${error.message}`, error }, this.options.methodNotAllowed);
  }

  /** What a failure before the action is answered with: 400, 405, 404 (or the host framework's turn), else 500. */
  failure(error: unknown): Outcome {
    if (error instanceof BadRequest) return this.answerFailure({ status: 400, message: `Bad Request: ${error.message}`, error });
    if (error instanceof MethodNotAllowed) return this.methodNotAllowed(error.allowedMethods, error);
    if (error instanceof UnknownHttpMethod) return this.unknownMethod(error);
    if (error instanceof RoutingError) return this.notFound(error.message, true);
    return this.failed(error);
  }

  /** 404: the notFound hook's answer; where it gives none, the host framework's turn (when there is one and no route matched at all), else the default. */
  private notFound(message: string, noRoute: boolean): Outcome {
    const hook = this.options.notFound;
    if (hook) {
      let value: unknown;
      try {
        value = hook({ status: 404, message, request: this.request.raw });
      } catch (error) {
        return this.failed(error);
      }
      if (value !== undefined) return failureOutcome({ status: 404, message, request: this.request.raw }, () => value, this.request, this.head);
      if (noRoute) return { next: true };
    } else if (noRoute && this.hasNext) return { next: true };
    if (this.options.development && formatFromAccept(this.request.accept) === "html")
      return this.html(404, notFoundHtml(this.core.routes, message, this.request.target, this.options.routesPage));
    return this.answerFailure({ status: 404, message });
  }

  failed(error: unknown): Outcome {
    return failed(error, this.options, this.head, this.request);
  }

  private answerFailure(failure: Omit<RequestFailure, "request">, hook?: FailureHook, headers?: Record<string, string>): Outcome {
    return failureOutcome({ ...failure, request: this.request.raw }, hook, this.request, this.head, headers);
  }

  /** A page of ours: no script, no resource from elsewhere, forms only to this server. */
  html(status: number, page: string): Outcome {
    return {
      answer: answerOf(status, page, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      }),
      head: this.head,
    };
  }

  private plain(status: number, text: string, headers: Record<string, string> = {}): Outcome {
    return { answer: answerOf(status, text, { "content-type": "text/plain; charset=utf-8", ...headers }), head: this.head };
  }
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
/** The params of a request that sent no query and no body. */
const NOTHING_SENT: Params = Object.freeze(Object.create(null) as Params);

/**
 * What a params schema checks of what the client sent, apart from the object the path's values are
 * merged into: a form's `_method` is the routing's, not the action's.
 */
function sentParams(params: Params | undefined): Params {
  if (!params) return NOTHING_SENT;
  const sent = Object.assign(Object.create(null) as Params, params);
  delete sent._method;
  return sent;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** 500: the error goes to onError, then the error hook may answer; the default has the stack in the body only in development. */
export function failed(error: unknown, options: HttpOptions, head: boolean, request?: Pick<IncomingRequest<unknown>, "accept" | "target" | "raw">): Outcome {
  // The client's mistake, not the server's: answered, not reported.
  if (error instanceof InvalidParams)
    return failureOutcome({ status: 422, message: error.message, issues: error.issues, error, request: request?.raw }, options.error, request, head);
  report(error, options);
  return failureOutcome(internalError(error, options, request), options.error, request, head);
}

/**
 * What is sent instead of a Response that cannot be (its body used by an earlier send, or failing
 * before its first byte): the default answer of the failure it answered (500 for an action's),
 * never a hook's again; the error goes to onError.
 */
export function unsendable(
  error: unknown,
  outcome: Outcome,
  options: HttpOptions,
  request?: Pick<IncomingRequest<unknown>, "accept" | "target" | "raw">,
): Outcome {
  report(error, options);
  const head = "head" in outcome && outcome.head;
  return ("fallback" in outcome && outcome.fallback) || failureOutcome(internalError(error, options, request), undefined, request, head);
}

/** Throws for a Response whose body was read or sent before: both adapters then send the default answer (unsendable). */
export function sendable(response: Response): void {
  if (response.bodyUsed) throw new TypeError("a Response whose body was already read or sent (a Response can be sent once: make one per request)");
}

/** The error to onError (default console.error); an onError that throws must not take the answer with it. */
export function report(error: unknown, options: HttpOptions): void {
  try {
    (options.onError ?? console.error)(error);
  } catch {
    // Nothing more to tell anyone.
  }
}

function internalError(error: unknown, options: HttpOptions, request: Pick<IncomingRequest<unknown>, "raw"> | undefined): RequestFailure {
  const detail = options.development && error instanceof Error ? `\n\n${error.stack ?? error.message}` : "";
  return { status: 500, message: `Internal Server Error${detail}`, error, request: request?.raw };
}

/** A status whose message has no body (RFC 9110 §6.4.1): both adapters send neither a body nor a length. */
export function bodiless(status: number): boolean {
  return status === 204 || status === 304 || (status >= 100 && status < 200);
}

function hasBody(method: string): boolean {
  if (method === "GET" || method === "HEAD") return false;
  if (method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE") return true;
  const upper = method.toUpperCase();
  return upper !== "GET" && upper !== "HEAD";
}
