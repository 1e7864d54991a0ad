import type { IncomingMessage, ServerResponse } from "http";
import type { AnyRouteSet } from "../routing/typedRoutes";
import { Controllers } from "./controllers";
import { dispatch, failed, HttpOptions, Outcome } from "./dispatch";
import type { BodyRead } from "./body";

/** How long a connection closed after a 413 may stay half-open before it is destroyed. */
const CLOSE_AFTER_MS = 5_000;

/**
 * A `node:http` request listener (docs/serving.md), also Express/Connect middleware: with `next`,
 * a request no route matches is passed on instead of answered 404.
 */
export function nodeHandler(
  routes: AnyRouteSet,
  controllers: Controllers,
  options: HttpOptions = {},
): (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void {
  return (req, res, next) => {
    const length = req.headers["content-length"];
    const incoming = {
      method: req.method ?? "GET",
      target: req.url ?? "/",
      origin: { protocol: (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http", host: req.headers.host ?? "localhost" },
      contentType: req.headers["content-type"],
      contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
      accept: req.headers.accept,
      // Express strips its mount point from req.url and keeps it here.
      mountedAt: (req as { baseUrl?: unknown }).baseUrl as string | undefined,
      readBody: (limit: number, timeout: number) => readBody(req, limit, timeout),
      raw: req,
    };
    // Only writing the answer can fail here (dispatch answers every failure itself).
    // Writing an action's answer failed (a header value no HTTP message may carry, such as a line break): a 500 of ours instead.
    const fail = (error: unknown) => {
      if (res.headersSent) res.destroy();
      else if (next) next(error);
      else {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        send(req, res, failed(error, options, false));
      }
    };
    const write = (outcome: Outcome) => {
      try {
        send(req, res, outcome, next)?.catch(fail);
      } catch (error) {
        fail(error);
      }
    };
    const outcome = dispatch(routes, controllers, incoming, options, typeof next === "function");
    if (outcome instanceof Promise) outcome.then(write, fail);
    else write(outcome);
  };
}

/** Writes an outcome; only an action's own Response is written asynchronously (its body is read first). */
function send(req: IncomingMessage, res: ServerResponse, outcome: Outcome, next?: (error?: unknown) => void): Promise<void> | undefined {
  if ("next" in outcome) {
    next!();
    return undefined;
  }
  if ("response" in outcome) {
    const response = outcome.response as Response;
    res.statusCode = response.status;
    response.headers.forEach((value, key) => res.setHeader(key, value));
    if (outcome.head) {
      res.end();
      return undefined;
    }
    return response.arrayBuffer().then((body) => void res.end(Buffer.from(body)));
  }
  const { status, headers, body } = outcome.answer;
  // The answer's headers are its own object: the length joins them, and one writeHead writes them
  // all (merged with any a middleware before set), where a setHeader each kept them in a map first.
  if (body !== null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  if (headers.connection === "close") closeUnread(req, res);
  res.writeHead(status, headers);
  res.end(outcome.head ? undefined : body ?? undefined);
  return undefined;
}

/** A body left unread (413): the answer is sent, then the connection ends without reading the rest. */
function closeUnread(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    const socket = req.socket;
    socket.end();
    setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
  });
}

/**
 * The body: the value a body parser before this handler left in `req.body` (Express, Connect,
 * Koa-style); else the stream as text, read within `limit` bytes and `timeout` ms; a stream read
 * before with no parsed value can never arrive, and says so at once instead of being waited on.
 */
function readBody(req: IncomingMessage, limit: number, timeout: number): Promise<BodyRead> {
  const parsed = (req as { body?: unknown }).body;
  // body-parser marks what it read (`_body`); Express 4 also sets an empty `req.body` on requests it left unread.
  const read = (req as { _body?: unknown })._body === true || req.readableEnded || req.destroyed;
  if (parsed !== undefined && (read || !isEmptyObject(parsed))) return Promise.resolve({ parsed });
  if (read) return Promise.resolve({ consumed: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (read: BodyRead) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        req.pause();
        stop({ tooLarge: true });
      } else chunks.push(chunk);
    };
    const onEnd = () => stop({ bytes: Buffer.concat(chunks) });
    // A stream that fails or closes before its end is a body that will not come: the answer goes nowhere, but nothing is left waiting.
    const onError = () => stop({ timedOut: true });
    const onClose = () => stop({ timedOut: true });
    const timer = setTimeout(() => {
      req.pause();
      stop({ timedOut: true });
    }, timeout);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
