import FindMyWay from "find-my-way";
import type { RequestListener } from "http";
import { draw, RouteSet } from "resource-routes";
import type { Controllers } from "resource-routes/http";
import { nodeHandler } from "resource-routes/http";
import { expandDeclarations, groupForms, pathText } from "resource-routes/internal";

import { realisticTree } from "./workloads";

/** The throughput benchmark's routes: the realistic workload's 1,000 declarations, behaviour B. */
export function benchRoutes(): RouteSet {
  return new RouteSet(expandDeclarations(realisticTree(1000)), { behaviour: "B" });
}

/**
 * The recognition benchmark's routes in behaviour C: 100 resources with a member and a collection
 * action and an id constraint on every tenth, and pages under an optional locale (`(/:locale)`),
 * as a modern routes.rb writes them.
 */
export function modernBenchRoutes(): RouteSet {
  return draw({ behaviour: "C", warn: () => undefined }, (r) => {
    for (let i = 0; i < 100; i++) {
      r.resources(`resources${i}`, i % 10 === 0 ? { constraints: { id: /\d+/ } } : {}, () => {
        r.put("publish", { on: "member" });
        r.get("search", { on: "collection" });
      });
    }
    r.scope("(:locale)", { locale: /en|fr|de/ }, () => {
      for (const page of ["about", "contact", "privacy", "terms"]) r.get(page, { to: `pages#${page}` });
    });
  });
}

/** The same routes for the other routers: each method and path, with and without the format, each form of optional groups (their syntax for a parameter is ours). */
export function routePaths(routes: RouteSet): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const paths: Array<{ method: string; path: string }> = [];
  for (const route of routes.routes) {
    const forms = route.groups.length ? groupForms(route).map((form) => pathText(form.segments)) : [route.path.replace(/\(\.:format\)$/, ".:format")];
    for (const method of route.methods ?? ["get"]) {
      for (const path of forms.flatMap((form) => [form.replace(/\.:format$/, ""), form])) {
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

/** The trivial action every server answers, as HTML. */
export const action = (): string => "ok";
export const HTML = "text/html; charset=utf-8";

/**
 * A node:http request listener over `routes` answering the trivial action: bare (no routing, the
 * floor), ours (nodeHandler), ours-filtered (a filter for another action and middleware that passes
 * through: what an application pays when a request uses neither) or find-my-way.
 */
export function nodeListener(kind: "bare" | "ours" | "ours-filtered" | "find-my-way", routes: RouteSet): RequestListener {
  // The answer the way a plain node:http handler writes it: a header, then the body.
  const answer: RequestListener = (_req, res) => {
    res.setHeader("content-type", HTML);
    res.end(action());
  };
  if (kind === "bare") return answer;
  if (kind === "find-my-way") {
    const router = findMyWayRouter(routes, answer);
    return (req, res) => router.lookup(req, res);
  }
  const controllers: Controllers = {};
  for (const route of routes.routes) if (route.controller && route.action) (controllers[route.controller] ??= {})[route.action] = action;
  if (kind === "ours-filtered") {
    for (const module of Object.values(controllers)) module.filters = { before: [{ run: () => "never", only: ["no_such_action"] }] };
  }
  return nodeHandler(routes, controllers, kind === "ours-filtered" ? { use: [] } : {}) as RequestListener;
}
