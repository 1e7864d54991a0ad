import * as cp from "child_process";
import * as path from "path";
import { pathToFileURL } from "url";
import type { RouteJSON } from "../routing/route";
import { UsageError } from "./args";

/** How long `--runtime` waits for the module by default (`--runtime-timeout`). */
export const DEFAULT_RUNTIME_TIMEOUT_MS = 10_000;

/**
 * Imports the module in a child process and sends back its route table: a module that never
 * settles, throws, or ends the process itself (process.exit(0)) cannot end or hang the command.
 */
const CHILD = `
const isRouteSet = (v) => typeof v === "object" && v !== null && typeof v.toJSON === "function" && typeof v.recognize === "function";
import(process.argv[1]).then((loaded) => {
  const found = [loaded.default, loaded.default && loaded.default.default, loaded.routes].find(isRouteSet);
  process.send(found ? { routes: found.toJSON().routes } : { missing: true }, () => process.exit(0));
}, (error) => process.send({ failed: String((error && error.message) || error).split("\\n")[0] }, () => process.exit(0)));
`;

/**
 * The route table of the application's own routing module, run: `--runtime FILE` is the one place
 * the CLI executes user code, and only when asked, in a process of its own given `timeoutMs`.
 * FILE is the compiled module (JavaScript) whose default export, or `routes` export, is the route
 * set draw() returned.
 */
export async function runtimeRoutes(file: string, timeoutMs = DEFAULT_RUNTIME_TIMEOUT_MS): Promise<RouteJSON[]> {
  const child = cp.spawn(process.execPath, ["-e", CHILD, pathToFileURL(path.resolve(file)).href], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const answer = await new Promise<{ routes?: RouteJSON[]; missing?: true; failed?: string; exited?: number | null; timedOut?: true }>((resolve) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), resolve({ timedOut: true })), timeoutMs);
    child.once("message", (message) => (clearTimeout(timer), resolve(message as { routes?: RouteJSON[] })));
    child.once("exit", (code) => (clearTimeout(timer), resolve({ exited: code })));
  });
  child.kill("SIGKILL");
  const name = JSON.stringify(file);
  if (answer.timedOut) throw new UsageError(`cannot run ${name}: importing it did not finish within ${timeoutMs} ms (--runtime-timeout)`);
  if (answer.failed !== undefined) throw new UsageError(`cannot run ${name}: ${answer.failed}`);
  if (answer.missing) throw new UsageError(`${name} exports no route set (its default export or \`routes\` should be what draw() returned)`);
  if (answer.routes) return answer.routes;
  const last = stderr.trim().split("\n").pop();
  throw new UsageError(`cannot run ${name}: the process ended (exit code ${answer.exited}) before its routes were read${last ? `: ${last}` : ""}`);
}

/** A route as one line of a comparison: verb, path, controller#action, name. */
export function routeLine(route: RouteJSON): string {
  return `${route.verb} ${route.path} ${route.controller ?? ":controller"}#${route.action ?? ":action"}${route.name ? ` (${route.name})` : ""}`;
}

/**
 * What differs between the static reading and the running app, route by route in order: routes
 * only one of them has, and routes both have (same verb and path) whose other fields differ.
 */
export function routeDifferences(statically: readonly RouteJSON[], running: readonly RouteJSON[]): string[] {
  const key = (r: RouteJSON) => `${r.verb} ${r.path}`;
  const remaining = new Map<string, RouteJSON[]>();
  for (const route of running) remaining.set(key(route), [...(remaining.get(key(route)) ?? []), route]);
  const lines: string[] = [];
  for (const route of statically) {
    const twins = remaining.get(key(route));
    const twin = twins?.shift();
    if (!twin) lines.push(`only in the static reading: ${routeLine(route)}`);
    else if (JSON.stringify(twin) !== JSON.stringify(route)) lines.push(`differs: ${routeLine(route)} statically, ${routeLine(twin)} when run${JSON.stringify(twin.requirements) !== JSON.stringify(route.requirements) ? " (requirements differ)" : ""}`);
  }
  for (const twins of remaining.values()) for (const route of twins) lines.push(`only in the running app: ${routeLine(route)}`);
  return lines;
}
