import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "http";

import type { AnyRouteSet } from "../../routing/model/routeSet";
import type { Outcome } from "../core/context";
import type { ResponseParts } from "../core/context";
import { Controllers } from "../core/controllers";
import { bodiless, Dispatcher, failed, HttpOptions, IncomingRequest, report, sendable, unsendable } from "../core/dispatch";
import type { BodyRead } from "../request/body";
import { type Origin, originForm } from "../request/origin";

/** How long a connection closed after a 413 may stay half-open before it is destroyed. */
const CLOSE_AFTER_MS = 5_000;

/**
 * node:http's IncomingMessage as nodeHandler's type names it: what every request it is given has
 * (Express's, Fastify's `request.raw`). Declared here, not imported, so that the types of
 * resource-routes/http need no @types/node where only fetchHandler is used.
 */
export interface NodeIncomingMessage {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** node:http's ServerResponse as nodeHandler's type names it (see NodeIncomingMessage). */
export interface NodeServerResponse {
  statusCode: number;
  headersSent: boolean;
}

/**
 * A `node:http` request listener (docs/serving.md), also Express/Connect middleware: with `next`,
 * a request no route matches is passed on instead of answered 404.
 */
export function nodeHandler(
  routes: AnyRouteSet,
  controllers: Controllers,
  options: HttpOptions = {},
): (req: NodeIncomingMessage, res: NodeServerResponse, next?: (error?: unknown) => void) => void {
  const core = new Dispatcher(routes, controllers, options);
  return (request, response, next) => {
    const req = request as IncomingMessage;
    const res = response as ServerResponse;
    const incoming = new NodeRequest(req);
    const outcome = core.dispatch(incoming, typeof next === "function");
    if (outcome instanceof Promise) {
      outcome.then(
        (settled) => answer(settled, incoming, res, next, options),
        (error) => answer(failed(error, options, false, incoming), incoming, res, next, options),
      );
    } else answer(outcome, incoming, res, next, options);
  };
}

/** Sends an outcome: our own answers at once; only a Response (read as it arrives) and a failure to send take the async way. */
function answer(outcome: Outcome, incoming: NodeRequest, res: ServerResponse, next: ((error?: unknown) => void) | undefined, options: HttpOptions): void {
  if ("answer" in outcome) {
    try {
      return sendAnswer(incoming.raw, res, outcome.answer, outcome.head, outcome.cookies);
    } catch (error) {
      return void recover(error, incoming.raw, res, outcome, options, incoming);
    }
  }
  void write(incoming.raw, res, outcome, next, options, incoming);
}

/**
 * What dispatch reads of a node request: a class, so a request costs one object and no closures;
 * the headers only a body, a URL or a failure needs are read when asked for.
 */
class NodeRequest implements IncomingRequest<IncomingMessage> {
  readonly method: string;
  readonly target: string;
  #origin: Origin | undefined;

  constructor(readonly raw: IncomingMessage) {
    this.method = raw.method ?? "GET";
    this.target = originForm(raw.url ?? "/");
  }

  get origin(): Origin {
    return (this.#origin ??= {
      protocol: (this.raw.socket as { encrypted?: boolean }).encrypted ? "https" : "http",
      host: this.raw.headers.host ?? "localhost",
    });
  }

  get contentType(): string | undefined {
    return this.raw.headers["content-type"];
  }

  get contentLength(): number | undefined {
    const length = this.raw.headers["content-length"];
    return length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
  }

  get accept(): string | undefined {
    return this.raw.headers.accept;
  }

  /** Express strips its mount point from req.url and keeps it here. */
  get mountedAt(): string | undefined {
    return (this.raw as { baseUrl?: unknown }).baseUrl as string | undefined;
  }

  /** A header as one string: node keeps repeated ones as a list (Set-Cookie) or joined already. */
  header(name: string): string | undefined {
    const value = this.raw.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }

  readBody(limit: number, timeout: number): Promise<BodyRead> {
    return readBody(this.raw, limit, timeout);
  }

  /** A WHATWG Request of this one for a route's application: each header as node holds it, the bytes routing read or the stream still to come. */
  appRequest(url: string, method: string, body: Uint8Array | undefined): Request {
    const headers = new Headers();
    const raw = this.raw.headers;
    for (const name of Object.keys(raw)) {
      const value = raw[name];
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.append(name, value);
    }
    const bodyless = method === "GET" || method === "HEAD";
    const unread = !bodyless && body === undefined && !this.raw.readableEnded ? bodyStream(this.raw) : undefined;
    return new Request(url, { method, headers, body: bodyless ? null : (body ?? unread ?? null), duplex: "half" } as RequestInit);
  }
}

/**
 * A node request's body as a stream, read as it is pulled (paused while the application has not
 * read what came); cancelled, the rest is read and dropped, so that the answer can still be sent.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => cancelled || controller.close());
      req.on("error", (error) => cancelled || controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      cancelled = true;
      req.resume();
    },
  });
}

/**
 * Writes an outcome and never rejects: what cannot be sent before the status line is (a used or
 * failing Response, a header value no message may carry) is replaced by its default answer, the
 * error to onError; after it, the connection is ended. Nothing here can take the process down.
 */
async function write(
  req: IncomingMessage,
  res: ServerResponse,
  outcome: Outcome,
  next: ((error?: unknown) => void) | undefined,
  options: HttpOptions,
  request: Parameters<typeof unsendable>[3],
): Promise<void> {
  try {
    if ("next" in outcome) return next!();
    if ("response" in outcome) return await sendResponse(req, res, outcome.response as Response, outcome.head, outcome.cookies);
    sendAnswer(req, res, outcome.answer, outcome.head, outcome.cookies);
  } catch (error) {
    await recover(error, req, res, outcome, options, request);
  }
}

/** After an outcome could not be written: its default answer before the status line went out, else the connection ended; never rejects. */
async function recover(
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  outcome: Outcome,
  options: HttpOptions,
  request: Parameters<typeof unsendable>[3],
): Promise<void> {
  if (res.headersSent) {
    report(error, options);
    res.destroy();
    return;
  }
  try {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const instead = unsendable(error, outcome, options, request);
    if ("answer" in instead) sendAnswer(req, res, instead.answer, instead.head, undefined);
    else if ("response" in instead) await sendResponse(req, res, instead.response as Response, instead.head, undefined);
  } catch {
    res.destroy();
  }
}

/** Our own answer, one writeHead (merged with any headers a middleware before set). */
function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: ResponseParts, head: boolean, cookies: readonly string[] | undefined): void {
  const { status, headers } = answer;
  const body = head || bodiless(status) ? null : answer.body;
  // The answer's headers are its own object: the length and cookies join them.
  if (body !== null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  if (headers.connection === "close") closeUnread(req, res);
  const own = headers["set-cookie"];
  if (cookies || own !== undefined) res.writeHead(status, { ...headers, "set-cookie": setCookieLines(res, own === undefined ? [] : [own], cookies) });
  else res.writeHead(status, headers);
  res.end(body ?? undefined);
}

/** Resolves with PENDING after a few turns of the microtask queue: a buffered body's next read settles before it. */
const PENDING = Symbol("pending");
const soon = (): Promise<typeof PENDING> => Promise.resolve(PENDING).then(same).then(same).then(same);
const same = <T>(value: T): T => value;

/**
 * An application's Response: every header as it holds them (each Set-Cookie apart), and the body
 * as it arrives. A body all there at once (a string, bytes) goes out with its length in one
 * write; a stream goes out chunk by chunk, waiting for the socket to drain, and is cancelled when
 * the client goes away.
 */
async function sendResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  head: boolean,
  cookies: readonly string[] | undefined,
): Promise<void> {
  sendable(response);
  const status = response.status;
  const headers = responseHeaders(res, response, cookies);
  const body = response.body;
  if (body === null || head || bodiless(status)) {
    if (body !== null) body.cancel().catch(same);
    if (body !== null || status === 204 || status === 304) delete headers["content-length"];
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const reader = body.getReader();
  let next = reader.read();
  const first = await Promise.race([next, soon()]);
  // A stream with nothing yet (server-sent events): the status line goes out now, the chunks as they come.
  if (first === PENDING) return stream(req, res, reader, status, headers, next);
  if (first.done) {
    res.writeHead(status, { ...headers, "content-length": "0" });
    res.end();
    return;
  }
  next = reader.read();
  const second = await Promise.race([next, soon()]);
  if (second !== PENDING && second.done) {
    headers["content-length"] ??= String(first.value.byteLength);
    res.writeHead(status, headers);
    res.end(first.value);
    return;
  }
  await stream(req, res, reader, status, headers, next, first.value);
}

/**
 * The rest of a body as it arrives (after `first`, a chunk already read), waiting for the socket to
 * drain; cancelled when the client goes away at any moment, the first chunk's flush included: the
 * listeners are on before anything is written, and a response already gone cancels at once.
 */
async function stream(
  req: IncomingMessage,
  res: ServerResponse,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  status: number,
  headers: OutgoingHttpHeaders,
  pending: ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>,
  first?: Uint8Array,
): Promise<void> {
  let ended = false;
  const onClose = () => {
    if (!ended) reader.cancel().catch(same);
  };
  res.on("close", onClose);
  req.on("close", onClose);
  try {
    if (res.destroyed) return;
    if (!res.headersSent) {
      res.writeHead(status, headers);
      if (first === undefined) res.flushHeaders();
    }
    if (first !== undefined && !res.write(first)) await drained(res);
    for (let next = pending; !res.destroyed; next = reader.read()) {
      const read = await next;
      if (read.done || res.destroyed) break;
      if (!res.write(read.value)) await drained(res);
    }
    if (!res.destroyed) {
      ended = true;
      res.end();
    }
  } finally {
    res.off("close", onClose);
    req.off("close", onClose);
    // Gone before or while anything was written: the producer stops (a close already fired is not heard again).
    if (!ended) reader.cancel().catch(same);
  }
}

/** Until the socket takes more, or closes. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** A Response's headers for writeHead: repeated ones as the Response joins them, each Set-Cookie its own line (see setCookieLines). */
function responseHeaders(res: ServerResponse, response: Response, cookies: readonly string[] | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const all = setCookieLines(res, response.headers.getSetCookie(), cookies);
  if (all.length) headers["set-cookie"] = all;
  return headers;
}

/**
 * Every Set-Cookie line of an answer, in order: those set on the response before the handler (an
 * Express middleware's `res.cookie()`), the answer's own (a Response's, or `respond()`'s headers),
 * then the context's jar. writeHead's `set-cookie` replaces what setHeader set, so all go in it.
 */
function setCookieLines(res: ServerResponse, own: readonly string[], cookies: readonly string[] | undefined): string[] {
  const before = res.getHeader("set-cookie");
  const earlier = before === undefined ? [] : Array.isArray(before) ? before : [String(before)];
  return [...earlier, ...own, ...(cookies ?? [])];
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
