import * as path from "path";
import { pathToFileURL } from "url";
import type { RouteJSON } from "../routing/route";
import { UsageError } from "./args";

/**
 * The route table of the application's own routing module, run: `--runtime FILE` is the one place
 * the CLI executes user code, and only when asked. FILE is the compiled module (JavaScript) whose
 * default export, or `routes` export, is the route set draw() returned.
 */
export async function runtimeRoutes(file: string): Promise<RouteJSON[]> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(path.resolve(file)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot run ${JSON.stringify(file)}: ${(error as Error).message.split("\n")[0]}`);
  }
  for (const candidate of [loaded.default, (loaded.default as Record<string, unknown> | undefined)?.default, loaded.routes]) {
    if (isRouteSet(candidate)) return candidate.toJSON().routes;
  }
  throw new UsageError(`${JSON.stringify(file)} exports no route set (its default export or \`routes\` should be what draw() returned)`);
}

function isRouteSet(value: unknown): value is { toJSON(): { routes: RouteJSON[] } } {
  return typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function" && typeof (value as { recognize?: unknown }).recognize === "function";
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
