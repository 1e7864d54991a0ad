import FindMyWay from "find-my-way";
import { expandDeclarations, RouteSet } from "resource-routes";
import { realisticTree } from "./workloads";

/** The throughput benchmark's routes: the realistic workload's 1,000 declarations, behaviour B. */
export function benchRoutes(): RouteSet {
  return new RouteSet(expandDeclarations(realisticTree(1000)), { behaviour: "B" });
}

/** The same routes for the other routers: each method and path, with and without the format (their syntax for a parameter is ours). */
export function routePaths(routes: RouteSet): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const paths: Array<{ method: string; path: string }> = [];
  for (const route of routes.routes) {
    for (const method of route.methods ?? ["get"]) {
      for (const path of [route.path.replace(/\.:format$/, ""), route.path]) {
        const key = `${method} ${path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        paths.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return paths;
}

/** find-my-way with each method and path of `routes` (routePaths) going to `handler`; the few shapes it refuses (two parameters in one segment) left out. */
export function findMyWayRouter(routes: RouteSet, handler: FindMyWay.Handler<FindMyWay.HTTPVersion.V1>): FindMyWay.Instance<FindMyWay.HTTPVersion.V1> {
  const router = FindMyWay();
  for (const { method, path } of routePaths(routes)) {
    try {
      router.on(method as "GET", path, handler);
    } catch {
      // a shape find-my-way refuses
    }
  }
  return router;
}

/** The requests the load generator sends, in turn: index, show, update, edit, a collection action, show as JSON. */
export function benchRequests(): Array<{ method: "GET" | "PUT"; path: string }> {
  return Array.from({ length: 80 }, (_, i) => {
    const r = `resources${(i * 37) % 100}`;
    const shapes: Array<["GET" | "PUT", string]> = [
      ["GET", `/${r}`],
      ["GET", `/${r}/${1000 + i}`],
      ["PUT", `/${r}/${1000 + i}`],
      ["GET", `/${r}/${1000 + i}/edit`],
      ["GET", `/${r}/search`],
      ["GET", `/${r}/${1000 + i}.json`],
    ];
    const [method, path] = shapes[i % shapes.length];
    return { method, path };
  });
}
