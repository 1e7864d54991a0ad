import type { AnyRouteSet } from "../routing/typedRoutes";
import { Controllers } from "./controllers";
import { dispatch, HttpOptions, Outcome } from "./dispatch";

/**
 * A WHATWG fetch handler (contract §8): `(request: Request) => Promise<Response>`, for Bun,
 * Deno, Hono's `app.mount`, workers and Node's own `Request`.
 */
export function fetchHandler(routes: AnyRouteSet, controllers: Controllers, options: HttpOptions = {}): (request: Request) => Promise<Response> {
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
        readBody: (limit) => readLimited(request, limit),
        raw: request,
      },
      options,
      false,
    );
    return toResponse(outcome);
  };
}

function toResponse(outcome: Outcome): Response {
  if ("next" in outcome) return new Response("Not Found", { status: 404 });
  if ("response" in outcome) {
    const response = outcome.response as Response;
    return outcome.head ? new Response(null, { status: response.status, headers: response.headers }) : response;
  }
  const { status, headers, body } = outcome.answer;
  return new Response(outcome.head || body === null ? null : body, { status, headers });
}

/** The body as text, or undefined past `limit` bytes: the stream is cancelled there, the rest never read. */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(body);
}
