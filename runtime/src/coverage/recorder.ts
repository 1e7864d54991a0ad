import type { Route } from "../routing/model/route";
import type { AnyRouteSet } from "../routing/model/routeSet";

/*
 * Which routes a process exercised: the HTTP adapters (their `recordRoutes` option) and
 * resource-routes/testing record each route they recognise, and the process keeps one small file
 * up to date (see RouteRecorder), which `resource-routes coverage` merges. Off unless asked for: nothing is
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

type FileSystem = {
  writeFileSync(file: string, text: string): void;
  appendFileSync(file: string, text: string): void;
  mkdirSync(dir: string, options: { recursive: boolean }): void;
};

/** Node's process, where there is one (a worker has none), with the built-in modules it can give. */
function nodeProcess(): (NodeJS.Process & { getBuiltinModule?: (name: string) => unknown }) | undefined {
  return typeof process === "object" && process !== null && typeof process.on === "function" ? (process as never) : undefined;
}

/** How long after a route's count grows the file is written again: a burst of requests or assertions is written once. */
const WRITE_DELAY_MS = 100;

/**
 * The file is JSON lines: the whole record (a RouteCoverageFile) on its first line, then each route
 * met since it was written, a RouteUse a line. A route met for the first time is appended at once,
 * at a cost of its own line (a test runner may end its workers without an exit event or a turn of
 * their event loop: vitest's forks are killed); counts are written by rewriting the record, shortly
 * after they grow and at exit, so the cost stays linear in the routes met.
 */
class RouteRecorder {
  private readonly uses = new Map<string, RouteUse>();
  private pending: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private failed = false;

  constructor(
    private readonly target: string,
    private readonly fs: FileSystem,
    private readonly node: NodeJS.Process,
  ) {}

  record(routes: AnyRouteSet, route: Route): void {
    const key = `${routes.file ?? ""}\n${route.verb} ${route.path} ${route.target}`;
    const use = this.uses.get(key);
    if (use) use.count++;
    else {
      const met: RouteUse = { file: routes.file ?? null, verb: route.verb, path: route.path, target: route.target, count: 1 };
      this.uses.set(key, met);
      if (this.started) this.attempt(() => this.fs.appendFileSync(this.target, `${JSON.stringify(met)}\n`));
      else this.rewrite();
      return;
    }
    if (!this.pending) {
      this.pending = setTimeout(() => this.rewrite(), WRITE_DELAY_MS);
      (this.pending as { unref?: () => void }).unref?.();
    }
  }

  /** The whole record, on one line, in place of the file (also at exit). */
  rewrite(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = undefined;
    if (this.uses.size === 0) return;
    const file: RouteCoverageFile = { version: 1, routes: [...this.uses.values()] };
    this.started = this.attempt(() => this.fs.writeFileSync(this.target, `${JSON.stringify(file)}\n`)) || this.started;
  }

  /** A write that fails loses the record, never the process (which may be ending); the first failure is said once. */
  private attempt(write: () => void): boolean {
    if (this.failed) return false;
    try {
      write();
      return true;
    } catch (error) {
      this.failed = true;
      warn(this.node, `${this.target} cannot be written (${(error as Error).message}): the routes this process recognises are not recorded`);
      return false;
    }
  }
}

function warn(node: NodeJS.Process, message: string): void {
  node.emitWarning?.(`resource-routes: ${message}`, { code: "RESOURCE_ROUTES_COVERAGE" });
}

/**
 * The recorders by file, one per thread whatever loads this module: the package's CommonJS and ES
 * module copies both loaded in one process (a test's import beside a require) share them, where
 * two recorders would each write their own half of the same file.
 */
const recorders: Map<string, RouteRecorder | null> = ((globalThis as Record<symbol, unknown>)[Symbol.for("resource-routes.coverage")] ??= new Map()) as Map<
  string,
  RouteRecorder | null
>;

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
  if (recorder === undefined) {
    try {
      if (folder) fs.mkdirSync(folder, { recursive: true });
      recorder = new RouteRecorder(target, fs, node);
      // One exit listener writes every recorder's counts, however many handlers record.
      if (![...recorders.values()].some(Boolean)) node.on("exit", () => recorders.forEach((each) => each?.rewrite()));
    } catch (error) {
      // A variable naming a file, or a folder that cannot be made: the application runs, unrecorded, and is told once.
      warn(node, `${COVERAGE_VARIABLE}=${folder} is not a folder that can be made (${(error as Error).message}): routes are not recorded`);
      recorder = null;
    }
    recorders.set(target, recorder);
  }
  return recorder ?? undefined;
}
