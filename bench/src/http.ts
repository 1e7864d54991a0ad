import autocannon from "autocannon";
import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";

import { installRuntime, sizeOf } from "../../test/out/support/footprint";
import { benchRequests } from "./httpRoutes";

/** The servers compared, each in a process of its own (bench/src/httpServer.ts). */
const SERVERS = ["bare", "ours", "ours-filtered", "find-my-way", "fastify", "hono", "express"] as const;

/**
 * Requests per second and CPU time per request of each server with the same routes and a trivial
 * action, each in its own process, the load generator (autocannon) in this one: bare node:http
 * with no routing (the floor), ours through nodeHandler, ours with filters and middleware the
 * requests do not use, a bare find-my-way lookup, Fastify 5, Hono on @hono/node-server and
 * Express 5. Rounds alternate the servers, in turn forward and backward, so the machine's noise and a server's place in a round fall on all alike; each figure
 * is the mean of the rounds. The CPU time is the server process's own (process.cpuUsage() over a
 * round, divided by the requests it answered), which holds better than req/s on a machine whose
 * cores the load generator shares. Then one MiB answers, streamed in 64 KiB chunks and buffered.
 */
export async function httpThroughput(): Promise<void> {
  const cores = separateCores();
  try {
    await throughput(cores);
  } finally {
    cores?.restore();
  }
}

async function throughput(cores: Cores | undefined): Promise<void> {
  const requests = benchRequests();
  const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? 2);
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
  // BENCH_HTTP_SERVERS: some of them (bare and find-my-way always, the baselines), for more rounds in the same time.
  const chosen = process.env.BENCH_HTTP_SERVERS?.split(",");
  const unknown = chosen?.filter((kind) => !(SERVERS as readonly string[]).includes(kind));
  if (unknown?.length) throw new Error(`BENCH_HTTP_SERVERS names ${SERVERS.join(", ")}, not ${unknown.join(", ")}`);
  const servers = chosen ? SERVERS.filter((kind) => kind === "bare" || kind === "find-my-way" || chosen.includes(kind)) : SERVERS;
  const figures = await compare(servers, requests, rounds, seconds, cores);
  const mean = (kind: string, of: "rate" | "cpu") => figures.get(kind)!.reduce((sum, figure) => sum + figure[of], 0) / rounds;
  const rate = (kind: string) => `${Math.round(mean(kind, "rate")).toLocaleString("en-US")} req/s`;
  console.log(
    `http: ${requests.length} request shapes, 10 connections, each server in its own process, ${rounds} alternating rounds of ${seconds} s` +
      (cores ? `; the servers on core ${cores.server}, the load generator on ${cores.generator}` : ""),
  );
  for (const kind of servers) {
    const cpu = mean(kind, "cpu");
    // Each round's ratio to find-my-way's figure of the same round, the median of them: a round the machine slowed weighs on both alike.
    const paired = figures
      .get(kind)!
      .map((figure, round) => figure.cpu / figures.get("find-my-way")![round].cpu)
      .sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(14)} ${rate(kind).padStart(12)}  ${(mean(kind, "rate") / mean("find-my-way", "rate")).toFixed(2)}× find-my-way  ${cpu.toFixed(1).padStart(6)} µs CPU a request (${(cpu / mean("find-my-way", "cpu")).toFixed(2)}× find-my-way's, ${paired[Math.floor(paired.length / 2)].toFixed(2)}× in the median round; ${(cpu - mean("bare", "cpu")).toFixed(1)} µs over bare)`,
    );
  }
  if (servers.includes("ours") && servers.includes("ours-filtered")) {
    console.log(
      `  filters and middleware the requests do not use cost ${((1 - mean("ours-filtered", "rate") / mean("ours", "rate")) * 100).toFixed(1)}% of ours`,
    );
  }
  if (chosen) return;
  const large = ["ours-buffered", "ours-streamed"] as const;
  const answers = await compare(large, requests, rounds, seconds, cores);
  const share = (kind: string, of: "rate" | "cpu" | "maxRss") => answers.get(kind)!.reduce((sum, figure) => sum + figure[of], 0) / rounds;
  console.log(`http: one MiB answers on the same routes, buffered and streamed in 64 KiB chunks`);
  for (const kind of large) {
    console.log(
      `  ${kind.padEnd(14)} ${Math.round(share(kind, "rate")).toLocaleString("en-US").padStart(7)} req/s  ${(share(kind, "rate") / 1024).toFixed(2)} GiB/s  ${share(kind, "cpu").toFixed(0)} µs CPU a request  peak resident ${(Math.max(...answers.get(kind)!.map((f) => f.maxRss)) / 1024 / 1024).toFixed(0)} MB`,
    );
  }
}

interface Figure {
  rate: number;
  /** The server's CPU time per answered request, in µs. */
  cpu: number;
  maxRss: number;
}

/** Each server started, warmed up, then loaded in alternating rounds: a figure per server and round. */
async function compare(
  kinds: readonly string[],
  requests: ReturnType<typeof benchRequests>,
  rounds: number,
  seconds: number,
  cores: Cores | undefined,
): Promise<Map<string, Figure[]>> {
  const running = await Promise.all(kinds.map(async (kind) => ({ kind, ...(await start(kind, cores)) })));
  try {
    const figures = new Map<string, Figure[]>(kinds.map((kind) => [kind, []]));
    for (const { port } of running) await load(port, requests, 1); // warm-up
    for (let round = 0; round < rounds; round++) {
      // Every other round in the reverse order: a server's place in a round (what ran just before it) weighs on its figure.
      for (const { kind, port, child } of round % 2 === 0 ? running : [...running].reverse()) {
        const before = await usage(child);
        const { rate, answered } = await load(port, requests, seconds);
        const after = await usage(child);
        const cpu = after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system;
        figures.get(kind)!.push({ rate, cpu: cpu / answered, maxRss: after.maxRss });
      }
    }
    return figures;
  } finally {
    for (const { child } of running) child.kill();
  }
}

function usage(child: cp.ChildProcess): Promise<{ cpu: NodeJS.CpuUsage; maxRss: number }> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as { cpu: NodeJS.CpuUsage; maxRss: number }));
    child.send("usage");
  });
}

async function start(kind: string, cores: Cores | undefined): Promise<{ child: cp.ChildProcess; port: number }> {
  const command = [process.execPath, path.join(__dirname, "httpServer.js"), kind];
  const [file, ...args] = cores ? ["taskset", "-c", cores.server, ...command] : command;
  const child = cp.spawn(file, args, { stdio: ["ignore", "pipe", "inherit", "ipc"] });
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

async function load(port: number, requests: ReturnType<typeof benchRequests>, seconds: number): Promise<{ rate: number; answered: number }> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: seconds, requests });
  if (result.non2xx) throw new Error(`${result.non2xx} answers of the server on port ${port} were not 2xx`);
  return { rate: result.requests.average, answered: result["2xx"] };
}

interface Cores {
  server: string;
  generator: string;
  restore(): void;
}

/**
 * On Linux with `taskset` and two cores or more: the servers on the last core this process may use
 * and this process, the load generator, on the others, so that neither takes the other's core and
 * a server's CPU time does not depend on where the scheduler put them (BENCH_HTTP_PIN=0 leaves
 * them together).
 */
function separateCores(): Cores | undefined {
  if (process.platform !== "linux" || process.env.BENCH_HTTP_PIN === "0") return undefined;
  const taskset = (...args: string[]) => cp.execFileSync("taskset", [...args, String(process.pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  let allowed: string;
  try {
    allowed = /list:\s*(\S+)/.exec(taskset("-c", "-p"))![1]; // "pid 42's current affinity list: 0-3" (or "0,2,5-7")
  } catch {
    return undefined; // no taskset
  }
  const cores = allowed.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  });
  if (cores.length < 2) return undefined;
  const generator = cores.slice(0, -1).join(",");
  taskset("-a", "-c", "-p", generator);
  return { server: cores[cores.length - 1], generator, restore: () => taskset("-a", "-c", "-p", allowed) };
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
