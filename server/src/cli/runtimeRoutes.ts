import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";
import type { RouteJSON } from "resource-routes/internal";
import { pathToFileURL } from "url";

import { routeLine } from "../routing/routeLine";
import { UsageError } from "./args";

/** How long `--runtime` waits for the module by default (`--runtime-timeout`). */
const DEFAULT_RUNTIME_TIMEOUT_MS = 10_000;

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
  const answer = await inChild<{ routes?: RouteJSON[]; missing?: true }>(
    CHILD,
    pathToFileURL(path.resolve(file)).href,
    file,
    timeoutMs,
    "its routes were read",
  );
  if (answer.missing) throw new UsageError(`${JSON.stringify(file)} exports no route set (its default export or \`routes\` should be what draw() returned)`);
  return answer.routes!;
}

/**
 * Imports every compiled controller module of a folder in a child process and sends back each
 * one's `schemas` as JSON Schema: a JSON Schema as written, a Standard Schema through its Standard
 * JSON Schema converter (`~standard.jsonSchema.input`), else a note naming its library. A schema
 * that cannot be converted (Zod's `z.coerce.date()`) is left out with a warning naming its action.
 */
const SCHEMAS_CHILD = `
const fs = require("fs"), path = require("path"), { pathToFileURL } = require("url");
const dir = process.argv[1];
const toJson = (schema) => {
  const standard = schema && schema["~standard"];
  if (!standard) return JSON.parse(JSON.stringify(schema));
  const input = standard.jsonSchema && standard.jsonSchema.input;
  if (typeof input === "function") return JSON.parse(JSON.stringify(input({ target: "draft-2020-12" })));
  return { description: "Checked by " + standard.vendor + ", which gives no JSON Schema of it." };
};
const warnings = [];
const converted = (schema, where) => {
  try {
    return toJson(schema);
  } catch (error) {
    warnings.push(where + " cannot be described as JSON Schema (" + String((error && error.message) || error).split("\\n")[0] + "): left out");
    return undefined;
  }
};
(async () => {
  const found = {};
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /\\.[cm]?js$/.test(f)).sort();
  for (const file of files) {
    const loaded = await import(pathToFileURL(path.join(dir, file)).href);
    let fallback = loaded.default;
    if (fallback && fallback.__esModule) fallback = fallback.default;
    const schemas = Object.prototype.hasOwnProperty.call(loaded, "schemas") ? loaded.schemas : fallback && fallback.schemas;
    if (!schemas || typeof schemas !== "object") continue;
    const actions = {};
    const controller = file.replace(/\\.[cm]?js$/, "").split(path.sep).join("/");
    for (const [action, declared] of Object.entries(schemas)) {
      if (!declared || typeof declared !== "object") continue;
      const where = controller + "#" + action;
      const responses = declared.responses ? Object.entries(declared.responses).map(([status, schema]) => [status, converted(schema, where + "'s " + status + " response")]) : [];
      actions[action] = {
        params: declared.params ? converted(declared.params, where + "'s params") : undefined,
        responses: declared.responses ? Object.fromEntries(responses.filter(([, schema]) => schema !== undefined)) : undefined,
      };
    }
    found[controller] = actions;
  }
  return found;
})().then((schemas) => process.send({ schemas, warnings }, () => process.exit(0)), (error) => process.send({ failed: String((error && error.message) || error).split("\\n")[0] }, () => process.exit(0)));
`;

/** The JSON Schemas of each controller's actions (by controller name, then action), from the compiled controllers folder `dir`, run. */
export async function runtimeSchemas(dir: string, timeoutMs = DEFAULT_RUNTIME_TIMEOUT_MS): Promise<{ schemas: RuntimeSchemas; warnings: string[] }> {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--runtime takes the compiled controllers folder, and ${JSON.stringify(dir)} is not a folder`);
  // TypeScript sources or an empty folder would give a document with no schema and no word of why.
  const compiled = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .some((file) => /\.[cm]?js$/.test(file));
  if (!compiled)
    throw new UsageError(
      `--runtime takes the compiled controllers folder, and ${JSON.stringify(dir)} holds no compiled module (.js, .mjs, .cjs): compile the controllers first`,
    );
  const answer = await inChild<{ schemas: RuntimeSchemas; warnings: string[] }>(
    SCHEMAS_CHILD,
    path.resolve(dir),
    dir,
    timeoutMs,
    "its controllers' schemas were read",
  );
  return { schemas: answer.schemas, warnings: answer.warnings };
}

export type RuntimeSchemas = Record<string, Record<string, { params?: unknown; responses?: Record<string, unknown> }>>;

/**
 * Runs `script` in a child process with `argument` and returns the one message it sends: a
 * module that never settles, throws, or ends the process itself (process.exit(0)) cannot end or
 * hang the command; each says why, naming `target`, in a usage error.
 */
async function inChild<T>(script: string, argument: string, target: string, timeoutMs: number, what: string): Promise<T> {
  const child = cp.spawn(process.execPath, ["-e", script, argument], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  type Answer = { message?: T; failed?: string; exited?: number | null; timedOut?: true };
  const answer = await new Promise<Answer>((resolve) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), resolve({ timedOut: true })), timeoutMs);
    child.once("message", (message) => (clearTimeout(timer), resolve({ message: message as T, failed: (message as { failed?: string }).failed })));
    child.once("exit", (code) => (clearTimeout(timer), resolve({ exited: code })));
  });
  child.kill("SIGKILL");
  const name = JSON.stringify(target);
  if (answer.timedOut) throw new UsageError(`cannot run ${name}: importing it did not finish within ${timeoutMs} ms (--runtime-timeout)`);
  if (answer.failed !== undefined) throw new UsageError(`cannot run ${name}: ${answer.failed}`);
  if (answer.message) return answer.message;
  const last = stderr.trim().split("\n").pop();
  throw new UsageError(`cannot run ${name}: the process ended (exit code ${answer.exited}) before ${what}${last ? `: ${last}` : ""}`);
}

/**
 * What differs between the static reading and the running app, route by route in order: routes
 * only one of them has, and routes both have (same verb and path) whose other fields differ.
 * @lintignore `check` loads this module with require() only for --runtime, which the unused-export check does not follow.
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
    else if (JSON.stringify(twin) !== JSON.stringify(route))
      lines.push(
        `differs: ${routeLine(route)} statically, ${routeLine(twin)} when run${JSON.stringify(twin.requirements) !== JSON.stringify(route.requirements) ? " (requirements differ)" : ""}`,
      );
  }
  for (const twins of remaining.values()) for (const route of twins) lines.push(`only in the running app: ${routeLine(route)}`);
  return lines;
}
