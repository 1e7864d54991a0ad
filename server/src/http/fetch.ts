import type { AnyRouteSet } from "../routing/typedRoutes";
import { Controllers } from "./controllers";
import { dispatch, failed, HttpOptions, Outcome } from "./dispatch";
import type { BodyRead } from "./body";
import type { RequestFailure } from "./failures";

/**
 * A WHATWG fetch handler: `(request: Request) => Promise<Response>`, for Bun, Deno, Hono, workers
 * and Node's own `Request`. With a `notFound` hook that returns undefined, a request no route
 * matches resolves to undefined instead, so that a host framework goes on (Hono:
 * `app.use(async (c, next) => (await handle(c.req.raw)) ?? next())`).
 */
export function fetchHandler(routes: AnyRouteSet, controllers: Controllers, options?: Omit<HttpOptions, "notFound"> & { notFound?: (failure: RequestFailure) => NonNullable<unknown> }): (request: Request) => Promise<Response>;
export function fetchHandler(routes: AnyRouteSet, controllers: Controllers, options: HttpOptions): (request: Request) => Promise<Response | undefined>;
export function fetchHandler(routes: AnyRouteSet, controllers: Controllers, options: HttpOptions = {}): (request: Request) => Promise<Response | undefined> {
  return async (request) => {
    const url = new URL(request.url);
    const length = request.headers.get("content-length");
    const outcome = await dispatch(
      routes,
      controllers,
      {
        method: request.method,
        target: url.pathname + url.search,
        origin: { protocol: url.protocol.replace(/:$/, ""), host: url.host },
        contentType: request.headers.get("content-type") ?? undefined,
        contentLength: length === null || !/^\d+$/.test(length) ? undefined : Number(length),
        accept: request.headers.get("accept") ?? undefined,
        readBody: (limit, timeout) => readBody(request, limit, timeout),
        raw: request,
      },
      options,
      false,
    );
    try {
      return toResponse(outcome);
    } catch (error) {
      // Headers an action gave that no Response may carry (a line break in a value): a 500, never a header of their making.
      return toResponse(failed(error, options, outcome && "head" in outcome ? outcome.head : false, { accept: request.headers.get("accept") ?? undefined, target: request.url, raw: request }));
    }
  };
}

function toResponse(outcome: Outcome): Response | undefined {
  if ("next" in outcome) return undefined;
  if ("response" in outcome) {
    const response = outcome.response as Response;
    return outcome.head ? new Response(null, { status: response.status, headers: response.headers }) : response;
  }
  const { status, headers, body } = outcome.answer;
  return new Response(outcome.head || body === null ? null : body, { status, headers });
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
