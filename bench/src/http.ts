import autocannon from "autocannon";
import FindMyWay from "find-my-way";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as path from "path";
import { nodeHandler } from "../../server/out/http/index";
import type { Controllers } from "../../server/out/http/controllers";
import { expandDeclarations } from "../../server/out/routing/expand";
import { RouteSet } from "../../server/out/routing/routeSet";
import { installRuntime, sizeOf } from "../../test/out/support/footprint";
import { realisticTree } from "./workloads";

/** Requests per second through nodeHandler against a node:http server that only does a find-my-way lookup and the same trivial action. */
export async function httpThroughput(): Promise<void> {
  const routes = new RouteSet(expandDeclarations(realisticTree(1000)), { behaviour: "B" });
  const action = () => "ok";
  const controllers: Controllers = {};
  for (const route of routes.routes) if (route.controller && route.action) (controllers[route.controller] ??= {})[route.action] = action;
  const router = FindMyWay();
  const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(action());
  };
  for (const route of routes.routes) {
    for (const method of route.methods ?? ["get"]) {
      for (const p of [route.path.replace(/\.:format$/, ""), route.path]) {
        try {
          router.on(method.toUpperCase() as "GET", p, answer);
        } catch {
          // shapes find-my-way refuses
        }
      }
    }
  }
  const requests = Array.from({ length: 80 }, (_, i) => {
    const r = `resources${(i * 37) % 100}`;
    const shapes = [["GET", `/${r}`], ["GET", `/${r}/${1000 + i}`], ["PUT", `/${r}/${1000 + i}`], ["GET", `/${r}/${1000 + i}/edit`], ["GET", `/${r}/search`], ["GET", `/${r}/${1000 + i}.json`]];
    const [method, p] = shapes[i % shapes.length];
    return { method: method as "GET", path: p };
  });
  const ours = http.createServer(nodeHandler(routes, controllers));
  const theirs = http.createServer((req, res) => {
    const found = router.find(req.method as "GET", (req.url ?? "/").split("?")[0]);
    if (found) (found.handler as unknown as typeof answer)(req, res);
    else {
      res.statusCode = 404;
      res.end();
    }
  });
  const load = async (server: http.Server, seconds: number) => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: seconds, requests });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx`);
    return result.requests.average;
  };
  // Warm both, then alternate: the machine's noise falls on both alike.
  await load(ours, 1);
  await load(theirs, 1);
  const figures = { ours: [] as number[], theirs: [] as number[] };
  for (let round = 0; round < 2; round++) {
    figures.ours.push(await load(ours, 4));
    figures.theirs.push(await load(theirs, 4));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `http: nodeHandler on node:http ${Math.round(mean(figures.ours)).toLocaleString("en-US")} req/s, find-my-way lookup + the same action ${Math.round(mean(figures.theirs)).toLocaleString("en-US")} req/s: ` +
      `${(mean(figures.ours) / mean(figures.theirs)).toFixed(2)}× its throughput (10 connections, ${requests.length} request shapes, same process)`,
  );
}

/** The runtime's installed size: packed, installed with --omit=dev into a project without TypeScript. */
export function footprint(): void {
  const project = installRuntime();
  try {
    const modules = path.join(project, "node_modules");
    const packages = fs.readdirSync(modules).filter((name) => !name.startsWith("."));
    console.log(`footprint: npm install --omit=dev resource-routes installs ${packages.join(", ")}: ${(sizeOf(modules) / 1024 / 1024).toFixed(2)} MB`);
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}
