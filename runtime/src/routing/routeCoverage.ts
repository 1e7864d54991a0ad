import type { Route } from "./route";
import type { AnyRouteSet } from "./typedRoutes";

/*
 * Which routes a process exercised: the HTTP adapters (their `recordRoutes` option) and
 * resource-routes/testing record each route they recognise, and the process writes one small JSON
 * file when it ends, which `resource-routes coverage` merges. Off unless asked for: nothing is
 * recorded, and the hot path pays one check.
 */

/** A route as a coverage file names it: its routing file, verb, path and target, which survive unrelated edits. */
export interface RouteUse {
  file: string | null;
  verb: string;
  path: string;
  target: string;
  /** How many times it was recognised. */
  count: number;
}

/** What a coverage file holds. */
export interface RouteCoverageFile {
  version: 1;
  routes: RouteUse[];
}

/** The environment variable naming the folder a process writes its coverage file into. */
export const COVERAGE_VARIABLE = "RESOURCE_ROUTES_COVERAGE";

type FileSystem = { writeFileSync(file: string, text: string): void; mkdirSync(dir: string, options: { recursive: boolean }): void };

/** Node's process, where there is one (a worker has none), with the built-in modules it can give. */
function nodeProcess(): (NodeJS.Process & { getBuiltinModule?: (name: string) => unknown }) | undefined {
  return typeof process === "object" && process !== null && typeof process.on === "function" ? (process as never) : undefined;
}

class RouteRecorder {
  private readonly uses = new Map<string, RouteUse>();

  constructor(target: string, fs: FileSystem, node: NodeJS.Process) {
    node.on("exit", () => {
      if (this.uses.size === 0) return;
      const file: RouteCoverageFile = { version: 1, routes: [...this.uses.values()] };
      try {
        fs.writeFileSync(target, `${JSON.stringify(file)}\n`);
      } catch {
        // The process is ending: a folder it cannot write to loses the record, never the exit.
      }
    });
  }

  record(routes: AnyRouteSet, route: Route): void {
    const key = `${routes.file ?? ""}\n${route.verb} ${route.path} ${route.target}`;
    const use = this.uses.get(key);
    if (use) use.count++;
    else this.uses.set(key, { file: routes.file ?? null, verb: route.verb, path: route.path, target: route.target, count: 1 });
  }
}

const recorders = new Map<string, RouteRecorder>();

/**
 * The recorder writing to `file` (the `recordRoutes` option), else to a file of this process in
 * the folder RESOURCE_ROUTES_COVERAGE names; undefined when neither is set, or where there is no
 * Node file system to write with (a worker).
 */
export function routeRecorder(file?: string): { record(routes: AnyRouteSet, route: Route): void } | undefined {
  const node = nodeProcess();
  const folder = file === undefined ? node?.env?.[COVERAGE_VARIABLE] : undefined;
  if (!node || (file === undefined && !folder)) return undefined;
  const fs = node.getBuiltinModule?.("node:fs") as FileSystem | undefined;
  if (!fs) return undefined;
  // A file per process, and per worker thread where a test runner runs tests in threads (vitest's threads pool).
  const thread = (node.getBuiltinModule?.("node:worker_threads") as { threadId?: number } | undefined)?.threadId ?? 0;
  const target = file ?? `${folder!.replace(/[\\/]+$/, "")}/routes-${node.pid}${thread ? `-${thread}` : ""}.json`;
  let recorder = recorders.get(target);
  if (!recorder) {
    if (folder) fs.mkdirSync(folder, { recursive: true });
    recorders.set(target, (recorder = new RouteRecorder(target, fs, node)));
  }
  return recorder;
}
