import type { AnyRouteSet } from "../../routing/model/routeSet";
import type { Outcome } from "../core/context";
import { Controllers } from "../core/controllers";
import { bodiless, Dispatcher, HttpOptions, sendable, unsendable } from "../core/dispatch";
import type { RequestFailure } from "../core/failures";
import type { BodyRead } from "../request/body";

/**
 * A WHATWG fetch handler: `(request: Request) => Promise<Response>`, for Bun, Deno, Hono, workers
 * and Node's own `Request`. With a `notFound` hook that returns undefined, a request no route
 * matches resolves to undefined instead, so that a host framework goes on (Hono:
 * `app.use(async (c, next) => (await handle(c.req.raw)) ?? next())`).
 */
export function fetchHandler(
  routes: AnyRouteSet,
  controllers: Controllers,
  options?: Omit<HttpOptions, "notFound"> & { notFound?: (failure: RequestFailure) => NonNullable<unknown> },
): (request: Request) => Promise<Response>;
export function fetchHandler(routes: AnyRouteSet, controllers: Controllers, options: HttpOptions): (request: Request) => Promise<Response | undefined>;
export function fetchHandler(routes: AnyRouteSet, controllers: Controllers, options: HttpOptions = {}): (request: Request) => Promise<Response | undefined> {
  const core = new Dispatcher(routes, controllers, options);
  return async (request) => {
    const url = new URL(request.url);
    const length = request.headers.get("content-length");
    // The Host header where one is sent: a server that made request.url of an absolute-form target
    // (Hono's node server) would otherwise let the client choose the host csrf() compares with.
    const incoming = {
      method: request.method,
      target: url.pathname + url.search,
      origin: { protocol: url.protocol.replace(/:$/, ""), host: request.headers.get("host") ?? url.host },
      header: (name: string) => request.headers.get(name) ?? undefined,
      contentType: request.headers.get("content-type") ?? undefined,
      contentLength: length === null || !/^\d+$/.test(length) ? undefined : Number(length),
      accept: request.headers.get("accept") ?? undefined,
      readBody: (limit: number, timeout: number) => readBody(request, limit, timeout),
      appRequest: (url: string, method: string, body: Uint8Array | undefined) => appRequest(request, url, method, body),
      raw: request,
    };
    const outcome = await core.dispatch(incoming, false);
    try {
      return toResponse(outcome);
    } catch (error) {
      // A Response used before, or headers no Response may carry (a line break in a value): the default answer, never theirs.
      return toResponse(unsendable(error, outcome, options, incoming));
    }
  };
}

function toResponse(outcome: Outcome): Response | undefined {
  if ("next" in outcome) return undefined;
  if ("response" in outcome) {
    const response = outcome.response as Response;
    sendable(response);
    if (!outcome.head && !bodiless(response.status) && !outcome.cookies) return response;
    // A Response's own headers may be immutable (Response.redirect, a fetched one): a new Response carries the additions.
    const headers = withCookies(response.headers, outcome.cookies);
    if (outcome.head || bodiless(response.status)) {
      response.body?.cancel().catch(() => undefined);
      if (bodiless(response.status)) headers.delete("content-length");
      return new Response(null, { status: response.status, statusText: response.statusText, headers });
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const { status, headers, body } = outcome.answer;
  const empty = outcome.head || body === null || bodiless(status);
  return new Response(empty ? null : body, { status, headers: outcome.cookies ? withCookies(headers, outcome.cookies) : headers });
}

/** Headers with the context's Set-Cookie lines after their own. */
function withCookies(init: ConstructorParameters<typeof Headers>[0], cookies: readonly string[] | undefined): Headers {
  const headers = new Headers(init);
  for (const line of cookies ?? []) headers.append("set-cookie", line);
  return headers;
}

/**
 * The request for a route's application: the one that came where its URL, method and body are
 * unchanged, else one for `url` and `method` with its headers, and the bytes routing read or the body to come.
 */
function appRequest(request: Request, url: string, method: string, body: Uint8Array | undefined): Request {
  if (url === request.url && method === request.method && body === undefined) return request;
  const bodyless = method === "GET" || method === "HEAD";
  const init = { method, headers: request.headers, body: bodyless ? null : (body ?? request.body), duplex: "half" };
  return new Request(url, init as RequestInit);
}

/**
 * The body as text, read within `limit` bytes (the stream is cancelled there, the rest never read)
 * and `timeout` ms (cancelled then too); a body already read by someone else cannot arrive.
 */
async function readBody(request: Request, limit: number, timeout: number): Promise<BodyRead> {
  if (!request.body) return { bytes: new Uint8Array(0) };
  if (request.bodyUsed) return { consumed: true };
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"expired">((resolve) => (timer = setTimeout(() => resolve("expired"), timeout)));
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === "expired") {
        void reader.cancel().catch(() => undefined);
        return { timedOut: true };
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > limit) {
        await reader.cancel();
        return { tooLarge: true };
      }
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes: body };
}
