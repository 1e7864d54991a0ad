import type { IncomingMessage, ServerResponse } from "http";
import { nodeHandler } from "resource-routes/http";
import type { Controllers } from "resource-routes/http";
import { benchRequests, benchRoutes, findMyWayRouter } from "./httpRoutes";
import { ratio, time } from "./measure";

/**
 * The HTTP benchmark's work without the sockets: nodeHandler against find-my-way's lookup and a
 * handler answering as the bare server does, both writing into a response that only counts what
 * it is given (node's own counts the length of a body it is given without one, so the stand-in
 * does too). What is left is each side's own JavaScript per request, which the server's CPU
 * figures hold within the machine's noise.
 */
export function dispatchInProcess(): void {
  const routes = benchRoutes();
  const action = () => "ok";
  const controllers: Controllers = {};
  for (const route of routes.routes) if (route.controller && route.action) (controllers[route.controller] ??= {})[route.action] = action;
  const ours = nodeHandler(routes, controllers);
  const router = findMyWayRouter(routes, (_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(action());
  });
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
  const oursRun = run((request) => ours(request, response));
  const theirsRun = run((request) => router.lookup(request as unknown as IncomingMessage, response as unknown as ServerResponse));
  // Paired rounds: the machine's noise falls on both sides of each ratio alike.
  const rounds = Array.from({ length: 7 }, () => ({ ours: time(oursRun, { runs: 3 }), theirs: time(theirsRun, { runs: 3 }) })).sort(
    (a, b) => a.ours.seconds / a.theirs.seconds - b.ours.seconds / b.theirs.seconds,
  );
  const { ours: mine, theirs } = rounds[Math.floor(rounds.length / 2)];
  const perRequest = (seconds: number) => `${((seconds / count) * 1e9).toFixed(0)} ns`;
  console.log(
    `dispatch in process: ${requests.length} request shapes through nodeHandler ${perRequest(mine.seconds)} a request, find-my-way's lookup and answer ` +
      `${perRequest(theirs.seconds)}; ours takes ${ratio(mine, theirs)} its time (median of 7 paired rounds)`,
  );
  if (written === 0) throw new Error("no answer was written: the handlers did not run");
}
