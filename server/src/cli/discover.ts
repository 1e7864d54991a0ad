import * as fs from "fs";
import * as path from "path";

import { isCodeFile, SKIPPED_FOLDERS } from "../files/codeFiles";
import { filesBelow } from "../files/filesBelow";
import { UsageError } from "./args";

/** How many files discovery looks at, and how deep, before it gives up and asks for the file by name. */
const MAX_FILES = 5_000;
const MAX_DEPTH = 8;
/** A file that imports draw from resource-routes: what a routing file does first. */
const ROUTING = /\bfrom\s+["']resource-routes["']|require\(\s*["']resource-routes["']\s*\)/;

/**
 * The routing file to use when a command is given none: package.json's `"resource-routes":
 * { "routes": "…" }`, else the only file under `cwd` that imports from resource-routes and calls
 * draw(). None, or several, is a usage error that says what to do.
 */
export function discoverRoutingFile(cwd: string): string {
  const configured = configuredRoutingFile(cwd);
  if (configured) return configured;
  const found = filesBelow(cwd, {
    limit: MAX_FILES,
    maxDepth: MAX_DEPTH,
    enters: (name) => !SKIPPED_FOLDERS.has(name) && !name.startsWith("."),
  }).filter((file) => isCodeFile(path.basename(file)) && isRoutingFile(file));
  const relative = found.map((file) => path.relative(cwd, file)).sort();
  if (relative.length === 1) return relative[0];
  const how = 'name it, or set it in package.json: "resource-routes": { "routes": "config/routes.ts" }';
  if (relative.length === 0) throw new UsageError(`no routing file given, and none found under ${cwd}: ${how}`);
  throw new UsageError(`no routing file given, and ${relative.length} found (${relative.slice(0, 5).join(", ")}${relative.length > 5 ? ", …" : ""}): ${how}`);
}

function configuredRoutingFile(cwd: string): string | undefined {
  let config: unknown;
  try {
    config = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  const routes = (config as { "resource-routes"?: { routes?: unknown } })?.["resource-routes"]?.routes;
  if (routes === undefined) return undefined;
  if (typeof routes !== "string") throw new UsageError("package.json's \"resource-routes\".routes must be the routing file's path, a string");
  return routes;
}

function isRoutingFile(file: string): boolean {
  try {
    if (fs.statSync(file).size > 5 * 1024 * 1024) return false;
    const text = fs.readFileSync(file, "utf8");
    return ROUTING.test(text) && /\bdraw\s*[<(]/.test(text);
  } catch {
    return false;
  }
}
