import autocannon from "autocannon";
import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";
import { installRuntime, sizeOf } from "../../test/out/support/footprint";
import { benchRequests } from "./httpRoutes";

/** The servers compared, each in a process of its own (bench/src/httpServer.ts). */
const SERVERS = ["ours", "ours-filtered", "find-my-way", "fastify", "hono", "express"] as const;

/**
 * Requests per second of each server with the same routes and a trivial action, each in its own
 * process, the load generator (autocannon) in this one: ours through nodeHandler, ours with
 * filters and middleware the requests do not use, a bare find-my-way lookup, Fastify 5, Hono on
 * @hono/node-server and Express 5. Rounds alternate the servers, so the machine's noise falls on
 * all alike; each figure is the mean of the rounds.
 */
export async function httpThroughput(): Promise<void> {
  const requests = benchRequests();
  const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? 2);
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
  const running = await Promise.all(SERVERS.map(async (kind) => ({ kind, ...(await start(kind)) })));
  try {
    const figures = new Map<string, number[]>(SERVERS.map((kind) => [kind, []]));
    for (const { port } of running) await load(port, requests, 1); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const { kind, port } of running) figures.get(kind)!.push(await load(port, requests, seconds));
    }
    const mean = (kind: string) => figures.get(kind)!.reduce((a, b) => a + b, 0) / rounds;
    const rate = (kind: string) => `${Math.round(mean(kind)).toLocaleString("en-US")} req/s`;
    console.log(`http: ${requests.length} request shapes, 10 connections, each server in its own process, ${rounds} alternating rounds of ${seconds} s`);
    for (const kind of SERVERS) console.log(`  ${kind.padEnd(14)} ${rate(kind).padStart(12)}  ${(mean(kind) / mean("find-my-way")).toFixed(2)}× find-my-way`);
    console.log(`  filters and middleware the requests do not use cost ${((1 - mean("ours-filtered") / mean("ours")) * 100).toFixed(1)}% of ours`);
  } finally {
    for (const { child } of running) child.kill();
  }
}

async function start(kind: string): Promise<{ child: cp.ChildProcess; port: number }> {
  const child = cp.spawn(process.execPath, [path.join(__dirname, "httpServer.js"), kind], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
  });
  return { child, port };
}

async function load(port: number, requests: ReturnType<typeof benchRequests>, seconds: number): Promise<number> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: seconds, requests });
  if (result.non2xx) throw new Error(`${result.non2xx} answers of the server on port ${port} were not 2xx`);
  return result.requests.average;
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
