import { positionalKeys, splitArguments } from "../../routing/generation/generate";
import { type Helper, parseHelperName } from "../../routing/generation/helpers";
import type { AnyRouteSet } from "../../routing/model/routeSet";
import type { UntypedHelpers } from "../../routing/model/typedRoutes";
import type { Recognition } from "../../routing/recognition/recognize";
import { formatFromAccept } from "../request/accept";
import type { Files } from "../request/body";
import { CookieJar, Cookies } from "../request/cookies";
import { Origin, originForm, requestOrigin } from "../request/origin";
import { Params } from "../request/params";

/** The route a request was recognised as, as an action sees it. */
export interface RouteInfo {
  name: string | null;
  controller: string;
  action: string;
  verb: string;
  path: string;
}

/**
 * The RouteInfo of a recognised route. Its verb and path are written out when an action reads
 * them, not on every request (a route keeps its path as segments).
 */
class RecognisedRoute implements RouteInfo {
  constructor(
    readonly name: string | null,
    readonly controller: string,
    readonly action: string,
    private readonly route: { readonly verb: string; readonly path: string },
  ) {}

  get verb(): string {
    return this.route.verb;
  }

  get path(): string {
    return this.route.path;
  }

  toJSON(): RouteInfo {
    return { name: this.name, controller: this.controller, action: this.action, verb: this.verb, path: this.path };
  }
}

/** What `respond()` or an action's return value makes of a response. */
export interface ResponseParts {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/**
 * What the adapter sends: an answer, a Response of the application's (with the answer to send
 * instead should it turn out unsendable: a used or failing body), or nothing of ours: no route and
 * the host framework may go on (Express's next(), a fetch handler's undefined). `cookies` are
 * Set-Cookie lines the context added.
 */
export type Outcome =
  | { answer: ResponseParts; head: boolean; cookies?: readonly string[] }
  | { response: unknown; head: boolean; cookies?: readonly string[]; fallback?: Outcome }
  | { next: true };

/** What a controller action receives (docs/serving.md). */
export interface ActionContext<Request = unknown> {
  /** Path values (and fixed parameters) over form fields over the query string; `a[b]=1` nests. */
  params: Params;
  format: string | undefined;
  route: RouteInfo;
  /** The adapter's own request: a WHATWG Request (fetchHandler) or node's IncomingMessage (nodeHandler). */
  request: Request;
  /** The request's method as sent (`PATCH` stays PATCH though it is routed as PUT). */
  method: string;
  /** The whole URL as the client asked for it, mount point included; behind a trusted proxy (`trustProxy`), with the proxy's protocol and host. */
  url: URL;
  /** A request header by name (any case), repeated ones joined with `, `; the same on every adapter. */
  header(name: string): string | undefined;
  /** The request's cookies, and the ones the answer sets (docs/serving.md › Cookies). */
  cookies: Cookies;
  /**
   * The route set's helpers; `_url` helpers take the request's protocol and host unless given, and
   * every helper fills a segment the call leaves out from `urlDefaults`.
   */
  urls: UntypedHelpers;
  /**
   * Segment values `urls` fill where a call leaves them out (Rails' `default_url_options`, for a
   * locale or a tenant): the request's own values of HttpOptions.urlDefaults' keys; a filter may set
   * others. Only the route's own segments are filled: a default never lands in a query string.
   */
  urlDefaults: Record<string, unknown>;
  /** A multipart body's files by field name (empty for any other request). */
  files: Files;
  /** What middleware and filters pass on to the action for this request (a record a before filter loaded, the signed-in user). */
  locals: Record<string, unknown>;
  /** Sets the response: a string body is HTML, any other value JSON, none an empty body. */
  respond(status: number, body?: unknown, headers?: Record<string, string>): void;
  /** Sets a redirect: `to` is a path or a URL as given (a helper's result: `redirect(urls.post_path(1))`), status 302 unless given. */
  redirect(to: string, status?: number): void;
}

/**
 * The context an action is called with. A class, not an object literal: a literal with a getter is
 * built by a slow path of the engine on every request (a third of the adapters' time), and what
 * it carries (the route's description, the format, helpers, cookies, the answer) is made only
 * when the action asks for it.
 */
export class RequestContext<Request> implements ActionContext<Request> {
  /** What `respond()` set, if it was called. */
  answered: ResponseParts | undefined;
  #urls: UntypedHelpers | undefined;
  #urlDefaults: Record<string, unknown> | undefined;
  #locals: Record<string, unknown> | undefined;
  #cookies: CookieJar | undefined;
  #url: URL | undefined;
  #respond: ActionContext["respond"] | undefined;
  #redirect: ActionContext["redirect"] | undefined;
  #route: RouteInfo | undefined;
  #origin: Origin | undefined;
  /** null until read: the path's format, else the Accept header's. */
  #format: string | undefined | null = null;

  constructor(
    /** Replaced by the output of the action's params schema, where it has one (schemas.ts). */
    public params: Params,
    private readonly recognition: Recognition,
    private readonly recognised: { readonly verb: string; readonly path: string },
    /** The request as the adapter gave it: its own object, and what every adapter can tell of it. */
    private readonly incoming: {
      raw: Request;
      method: string;
      target: string;
      mountedAt?: string;
      accept: string | undefined;
      origin: Origin;
      header(name: string): string | undefined;
    },
    private readonly routes: AnyRouteSet,
    /** Whether the forwarded protocol and host are the request's (HttpOptions.trustProxy). */
    private readonly trustProxy: boolean,
    /** What generated paths begin with: the mount point of the routes (see HttpOptions.basePath). */
    private readonly prefix = "",
    readonly files: Files = NO_FILES,
    /** The adapter's keys for signed cookies (HttpOptions.cookieKeys), checked. */
    private readonly cookieKeys?: readonly string[],
    /** The segment keys whose request values `urls` fill by default (HttpOptions.urlDefaults). */
    private readonly urlDefaultKeys?: readonly string[],
    /** What the client sent, the query and the body, without the path's values: kept where the action's params schema checks it. */
    readonly sentParams?: Params,
  ) {}

  get format(): string | undefined {
    if (this.#format === null) this.#format = this.recognition.params.format ?? formatFromAccept(this.incoming.accept);
    return this.#format;
  }

  get route(): RouteInfo {
    const { route, controller, action } = this.recognition;
    return (this.#route ??= new RecognisedRoute(route, controller!, action!, this.recognised));
  }

  get request(): Request {
    return this.incoming.raw;
  }

  get method(): string {
    return this.incoming.method;
  }

  /** Read when a URL is made: a request that makes none reads no Host header. */
  private get origin(): Origin {
    return (this.#origin ??= requestOrigin(this.incoming, this.trustProxy));
  }

  get url(): URL {
    return (this.#url ??= requestUrl(this.origin, (this.incoming.mountedAt ?? "") + this.incoming.target));
  }

  header(name: string): string | undefined {
    return this.incoming.header(name.toLowerCase());
  }

  get cookies(): Cookies {
    return (this.#cookies ??= new CookieJar(this.incoming.header("cookie"), {
      secure: () => this.origin.protocol === "https",
      keys: this.cookieKeys,
    }));
  }

  /** The Set-Cookie lines the actions and filters asked for, if any; a promise only when one is signed. */
  setCookies(): string[] | Promise<string[]> | undefined {
    const lines = this.#cookies?.lines();
    return lines instanceof Promise || lines?.length ? lines : undefined;
  }

  get urls(): UntypedHelpers {
    return (this.#urls ??= requestUrls(this.routes, this.origin, this.prefix, () => this.urlDefaults) as UntypedHelpers);
  }

  /** The values the request's path gave (and the route's defaults and fixed params), before any body or query. */
  get pathValues(): Readonly<Record<string, string>> {
    return this.recognition.params;
  }

  get urlDefaults(): Record<string, unknown> {
    if (this.#urlDefaults === undefined) {
      this.#urlDefaults = Object.create(null) as Record<string, unknown>;
      const values = this.pathValues;
      for (const key of this.urlDefaultKeys ?? []) if (Object.prototype.hasOwnProperty.call(values, key)) this.#urlDefaults[key] = values[key];
    }
    return this.#urlDefaults;
  }

  get locals(): Record<string, unknown> {
    return (this.#locals ??= {});
  }

  /**
   * Its own function, not a method: actions take it out of the context (`({ respond }) => …`).
   * Made when first asked for: most actions return their answer instead.
   */
  get respond(): (status: number, body?: unknown, headers?: Record<string, string>) => void {
    return (this.#respond ??= (status, body, headers) => {
      this.answered = answerOf(status, body, headers);
    });
  }

  get redirect(): (to: string, status?: number) => void {
    return (this.#redirect ??= (to, status = 302) => {
      this.answered = { status, headers: { location: String(to) }, body: null };
    });
  }
}

/**
 * The request's URL: the origin's protocol and host, then the target's path and query. The target
 * is only ever a path: `//evil.example/x` is the path `//evil.example/x` on this host, never a
 * URL of another (which would make csrf() compare a client's Origin with the client's own choice).
 */
function requestUrl(origin: Origin, target: string): URL {
  const path = originForm(target);
  try {
    return new URL(`${origin.protocol}://${origin.host}${path}`);
  } catch {
    return new URL(`http://localhost${path}`);
  }
}

const NO_FILES: Files = Object.freeze(Object.create(null) as Files);

const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

/** What a value given to `respond` or returned by an action becomes. */
export function answerOf(status: number, body: unknown, headers?: Record<string, string>): ResponseParts {
  if (typeof body === "string" && headers === undefined) return { status, headers: { "content-type": HTML }, body };
  const own = headers ? lowerCaseKeys(headers) : {};
  if (body === undefined || body === null) return { status, headers: own, body: null };
  if (typeof body === "string") return { status, headers: { "content-type": HTML, ...own }, body };
  if (body instanceof Uint8Array) return { status, headers: { "content-type": "application/octet-stream", ...own }, body };
  return { status, headers: { "content-type": JSON_TYPE, ...own }, body: JSON.stringify(body) };
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) result[key.toLowerCase()] = String(value);
  return result;
}

/**
 * The route set's helpers for one request: `_url` helpers get the request's protocol and host as
 * defaults (a call's own `host` or `protocol` wins), paths and URLs begin with `prefix` (the
 * routes' mount point), and segments a call leaves out come from `defaults()`, read per call (a
 * filter may set them after the first). Built on first use of each helper.
 */
function requestUrls(routes: AnyRouteSet, origin: Origin, prefix: string, defaults: () => Record<string, unknown>): Record<string, Helper> {
  const helpers = routes.helpers as Record<string, Helper>;
  const bound: Record<string, Helper> = Object.create(null) as Record<string, Helper>;
  const mounted = (name: string, helper: Helper): Helper => {
    const keys = segmentKeysOf(routes, name);
    const filled = keys.length ? (...args: unknown[]) => helper(...withSegmentDefaults(args, keys, defaults())) : helper;
    return prefix ? (...args: unknown[]) => withPrefix(filled(...args), prefix) : filled;
  };
  return new Proxy(bound, {
    get(target, name) {
      if (typeof name !== "string") return undefined;
      if (Object.prototype.hasOwnProperty.call(target, name)) return target[name];
      const helper = Object.prototype.hasOwnProperty.call(helpers, name) ? helpers[name] : undefined;
      if (!helper) return undefined;
      if (name.startsWith("hash_for_")) target[name] = helper;
      else if (name.endsWith("_url")) target[name] = mounted(name, (...args: unknown[]) => helper(...withOrigin(args, origin)));
      else target[name] = mounted(name, helper);
      return target[name];
    },
    has: (_, name) => typeof name === "string" && Object.prototype.hasOwnProperty.call(helpers, name),
  });
}

/** A generated path or URL with `prefix` before its path. */
function withPrefix(generated: unknown, prefix: string): unknown {
  if (typeof generated !== "string") return generated;
  if (generated.startsWith("/")) return prefix + generated;
  const pathAt = generated.indexOf("/", generated.indexOf("//") + 2);
  return pathAt < 0 ? generated + prefix : generated.slice(0, pathAt) + prefix + generated.slice(pathAt);
}

/** The segment keys of the route a helper builds, in the order positional values fill them. */
function segmentKeysOf(routes: AnyRouteSet, helper: string): string[] {
  const parsed = parseHelperName(helper);
  // Behaviour B's formatted_ aliases build their plain route's path.
  const route = parsed && (routes.table.named.get(parsed.name) ?? routes.table.named.get(parsed.name.replace(/^formatted_/, "")));
  return route ? positionalKeys(route) : [];
}

/** The arguments with each of `keys` the call leaves out (neither by position nor by name) taken from `defaults`. */
function withSegmentDefaults(args: unknown[], keys: readonly string[], defaults: Record<string, unknown>): unknown[] {
  const { positional, named } = splitArguments(args);
  let added: Record<string, unknown> | undefined;
  for (let i = positional.length; i < keys.length; i++) {
    const key = keys[i];
    if (named[key] === undefined && Object.prototype.hasOwnProperty.call(defaults, key) && defaults[key] !== undefined) (added ??= {})[key] = defaults[key];
  }
  return added ? [...positional, { ...named, ...added }] : args;
}

/** The arguments with `protocol` and `host` under the named values (a call's own win), read as helpers read them. */
function withOrigin(args: unknown[], origin: Origin): unknown[] {
  const { positional, named } = splitArguments(args);
  return [...positional, { protocol: origin.protocol, host: origin.host, ...named }];
}
