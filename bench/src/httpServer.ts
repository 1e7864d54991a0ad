// One HTTP server of the throughput benchmark, in a process of its own: `node httpServer.js KIND`
// listens on 127.0.0.1 (a free port), prints `listening PORT`, and serves until killed; asked
// "usage" over IPC, it answers its CPU time and peak memory. KIND is bare (node:http answering
// without routing: the floor), ours, ours-filtered (the same routes through a controller with a
// filter and middleware that the requests do not use), find-my-way, fastify, hono or express, each
// answering the same trivial action; or ours-streamed / ours-buffered, whose every route answers
// one MiB as a stream of 64 KiB chunks or as one buffered body.
import * as http from "http";
import type { AddressInfo } from "net";
import type { Controllers } from "resource-routes/http";
import { nodeHandler } from "resource-routes/http";

import { action, benchRoutes, HTML, nodeListener, routePaths } from "./httpRoutes";

const kind = process.argv[2];
const routes = benchRoutes();

async function server(): Promise<{ listen(port: number): Promise<number> }> {
  const listening = (s: http.Server) => ({
    listen: (port: number) => new Promise<number>((resolve) => s.listen(port, "127.0.0.1", () => resolve((s.address() as AddressInfo).port))),
  });
  if (kind === "bare" || kind === "ours" || kind === "ours-filtered" || kind === "find-my-way") return listening(http.createServer(nodeListener(kind, routes)));
  if (kind === "ours-streamed" || kind === "ours-buffered") {
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const whole = new Uint8Array(16 * chunk.byteLength).fill(97);
    const answer =
      kind === "ours-buffered"
        ? () => new Response(whole)
        : () => {
            let sent = 0;
            return new Response(new ReadableStream<Uint8Array>({ pull: (c) => (sent++ < 16 ? c.enqueue(chunk) : c.close()) }));
          };
    const controllers: Controllers = {};
    for (const route of routes.routes) if (route.controller && route.action) (controllers[route.controller] ??= {})[route.action] = answer;
    return listening(http.createServer(nodeHandler(routes, controllers)));
  }
  const paths = routePaths(routes);
  if (kind === "fastify") {
    const fastify = (await import("fastify")).default({ logger: false });
    for (const { method, path } of paths) {
      try {
        fastify.route({ method: method as "GET", url: path, handler: async (_request, reply) => reply.type(HTML).send(action()) });
      } catch {
        // shapes fastify refuses
      }
    }
    await fastify.ready();
    return { listen: async (port) => (await fastify.listen({ port, host: "127.0.0.1" }), (fastify.server.address() as AddressInfo).port) };
  }
  if (kind === "hono") {
    const { Hono } = await import("hono");
    const { serve } = await import("@hono/node-server");
    const app = new Hono();
    for (const { method, path } of paths) app.on(method, path, (c) => c.html(action()));
    return { listen: (port) => new Promise((resolve) => serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) => resolve(info.port))) };
  }
  if (kind === "express") {
    const express = (await import("express")).default;
    const app = express();
    for (const { method, path } of paths)
      (app as unknown as Record<string, (p: string, h: http.RequestListener) => void>)[method.toLowerCase()](path, (_req, res) => {
        res.setHeader("content-type", HTML);
        res.end(action());
      });
    return listening(http.createServer(app));
  }
  throw new Error(`unknown server ${JSON.stringify(kind)}`);
}

process.on("message", (message) => {
  if (message === "usage") process.send!({ cpu: process.cpuUsage(), maxRss: process.resourceUsage().maxRSS * 1024 });
});

void server()
  .then((s) => s.listen(0))
  .then((port) => process.stdout.write(`listening ${port}\n`));
