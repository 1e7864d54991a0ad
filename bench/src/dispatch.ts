import type { IncomingMessage, ServerResponse } from "http";
import * as http from "http";
import { Duplex } from "stream";

import { action, benchRequests, benchRoutes, findMyWayRouter, HTML, nodeListener } from "./httpRoutes";
import { ratio, time } from "./measure";

/**
 * The HTTP benchmark's work without the sockets, two ways. Through node:http's own server over an
 * in-memory connection: its parser, requests and responses, each server's routing and answer, the
 * process's CPU time per request; the kernel's socket work, the same bytes for every server, is
 * left out, and with it the scheduling noise of a load generator on the same cores, so the figure
 * holds within a few percent between runs. Then each side's own JavaScript alone, cache-warm:
 * nodeHandler against find-my-way's lookup and the same answer, into a response that only counts.
 */
export async function dispatchInProcess(): Promise<void> {
  await throughNodeHttp();
  javascriptAlone();
}

const KINDS = ["bare", "find-my-way", "find-my-way, one writeHead", "ours"] as const;

/** Each server's listener: the http benchmark's, and find-my-way answering as nodeHandler does (one writeHead with the length, which node:http handles with less work than setHeader then end). */
function listener(kind: (typeof KINDS)[number], routes: ReturnType<typeof benchRoutes>): http.RequestListener {
  if (kind !== "find-my-way, one writeHead") return nodeListener(kind, routes);
  const router = findMyWayRouter(routes, (_req, res) => {
    const body = action();
    res.writeHead(200, { "content-type": HTML, "content-length": String(Buffer.byteLength(body)) });
    res.end(body);
  });
  return (req, res) => router.lookup(req, res);
}

async function throughNodeHttp(): Promise<void> {
  const routes = benchRoutes();
  const requests = benchRequests();
  const batch = Buffer.from(requests.map(({ method, path }) => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nUser-Agent: bench\r\n\r\n`).join(""));
  const connections = new Map(KINDS.map((kind) => [kind, new MemoryConnection(listener(kind, routes))]));
  for (const [kind, connection] of connections) {
    const answers = await connection.answer(batch);
    if (answers.statuses.some((status) => status !== 200) || answers.statuses.length !== requests.length)
      throw new Error(`${kind} answered ${answers.statuses.join(" ")} to the ${requests.length} requests`);
    await connection.cpuPerRequest(batch, requests.length, 200); // warm-up
  }
  const sizes = new Map(await Promise.all(KINDS.map(async (kind) => [kind, (await connections.get(kind)!.answer(batch)).bytes] as const)));
  if (new Set(sizes.values()).size !== 1) throw new Error(`the servers' answers differ in size: ${[...sizes].map(([k, b]) => `${k} ${b}`).join(", ")} bytes`);
  const figures = new Map<string, number[]>(KINDS.map((kind) => [kind, []]));
  const rounds = 25;
  for (let round = 0; round < rounds; round++) {
    // Every other round in the reverse order: what ran just before weighs on a figure.
    for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse())
      figures.get(kind)!.push(await connections.get(kind)!.cpuPerRequest(batch, requests.length, 200));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const paired = (kind: string, baseline: string, of: (a: number, b: number) => number) =>
    median(figures.get(kind)!.map((v, i) => of(v, figures.get(baseline)![i])));
  const µs = (value: number) => `${value.toFixed(2)} µs`;
  console.log(
    `dispatch through node:http over an in-memory connection: ${requests.length} request shapes, answers of ${sizes.get("ours")! / requests.length} bytes alike, ` +
      `CPU a request (median of ${rounds} alternating rounds): bare ${µs(median(figures.get("bare")!))}, find-my-way ${µs(median(figures.get("find-my-way")!))}, ` +
      `find-my-way answering with one writeHead ${µs(median(figures.get("find-my-way, one writeHead")!))}, ours ${µs(median(figures.get("ours")!))}: ` +
      `${paired("ours", "find-my-way", (a, b) => a / b).toFixed(3)}× find-my-way's in the median round ` +
      `(${paired("ours", "find-my-way, one writeHead", (a, b) => a / b).toFixed(3)}× find-my-way's with one writeHead), ` +
      `${µs(paired("ours", "bare", (a, b) => a - b))} over bare (find-my-way ${µs(paired("find-my-way", "bare", (a, b) => a - b))})`,
  );
}

/**
 * A node:http server's connection held in memory: the requests written into it as one pipelined
 * batch, the answers counted as they are written back.
 */
class MemoryConnection {
  private readonly socket: Duplex;
  private written: Buffer[] = [];

  constructor(listener: http.RequestListener) {
    const server = http.createServer(listener);
    this.socket = new Duplex({
      read: () => undefined,
      write: (chunk: Buffer, _encoding, done) => (this.written.push(chunk), done()),
      writev: (chunks, done) => (chunks.forEach(({ chunk }) => this.written.push(chunk as Buffer)), done()),
    });
    // What node:http asks of a net.Socket beyond a stream.
    Object.assign(this.socket, { remoteAddress: "127.0.0.1", setTimeout: () => this.socket, setNoDelay: () => this.socket, setKeepAlive: () => this.socket });
    server.emit("connection", this.socket);
  }

  /** The answers to one batch: their status codes and their size in bytes. */
  async answer(batch: Buffer): Promise<{ statuses: number[]; bytes: number }> {
    this.written = [];
    await this.send(batch);
    const text = Buffer.concat(this.written.map((chunk) => Buffer.from(chunk))).toString("latin1");
    return { statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1])), bytes: text.length };
  }

  /** The process's CPU time per request over `batches` batches, in µs. */
  async cpuPerRequest(batch: Buffer, requests: number, batches: number): Promise<number> {
    const start = process.cpuUsage();
    for (let i = 0; i < batches; i++) {
      this.written = [];
      await this.send(batch);
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / (batches * requests);
  }

  /** Writes the batch in and waits for node:http to answer what it parsed. */
  private send(batch: Buffer): Promise<void> {
    this.socket.push(batch);
    return new Promise((resolve) => setImmediate(resolve));
  }
}

function javascriptAlone(): void {
  const routes = benchRoutes();
  const ours = nodeListener("ours", routes);
  const theirs = nodeListener("find-my-way", routes);
  const requests = benchRequests().map(({ method, path }) => ({ method, url: path, headers: { host: "127.0.0.1:3000" }, socket: {} }));
  let written = 0;
  let headed = false;
  const response = {
    statusCode: 200,
    headersSent: false,
    writeHead: (status: number) => ((written += status), (headed = true)),
    setHeader: (_name: string, value: string) => (written += value.length),
    end: (body?: string) => (written += body === undefined ? 0 : headed ? body.length : Buffer.byteLength(body)),
  };
  const count = 100_000;
  const run = (handle: (request: (typeof requests)[number]) => void) => () => {
    for (let i = 0; i < count; i++) {
      headed = false;
      handle(requests[i % requests.length]);
    }
  };
  // Stand-ins: what the handlers read of a request and write to a response.
  const handled = (listener: http.RequestListener) => (request: (typeof requests)[number]) =>
    listener(request as unknown as IncomingMessage, response as unknown as ServerResponse);
  const oursRun = run(handled(ours));
  const theirsRun = run(handled(theirs));
  // Paired rounds: the machine's noise falls on both sides of each ratio alike.
  const rounds = Array.from({ length: 7 }, () => ({ ours: time(oursRun, { runs: 3 }), theirs: time(theirsRun, { runs: 3 }) })).sort(
    (a, b) => a.ours.seconds / a.theirs.seconds - b.ours.seconds / b.theirs.seconds,
  );
  const median = rounds[Math.floor(rounds.length / 2)];
  const perRequest = (seconds: number) => `${((seconds / count) * 1e9).toFixed(0)} ns`;
  console.log(
    `dispatch's JavaScript alone: ${requests.length} request shapes through nodeHandler ${perRequest(median.ours.seconds)} a request, find-my-way's lookup and answer ` +
      `${perRequest(median.theirs.seconds)}; ours takes ${ratio(median.ours, median.theirs)} its time (median of 7 paired rounds, into a response that only counts)`,
  );
  if (written === 0) throw new Error("no answer was written: the handlers did not run");
}
