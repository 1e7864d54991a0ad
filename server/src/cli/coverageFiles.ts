import * as fs from "fs";
import * as path from "path";
import type { Route, RouteCoverageFile } from "resource-routes/internal";
import { UsageError } from "./args";

/** A route as coverage files name it: verb, path and target. */
export function routeKey(route: Pick<Route, "verb" | "path" | "target">): string {
  return `${route.verb} ${route.path} ${route.target}`;
}

/** The routes of `routingFile` the coverage files under `sources` recorded (a use recorded with another routing file counts for that one alone). */
export function recordedUses(sources: readonly string[], routingFile: string): { exercised: Set<string>; files: number } {
  const exercised = new Set<string>();
  let files = 0;
  for (const file of coverageFiles(sources)) {
    let parsed: RouteCoverageFile;
    try {
      parsed = JSON.parse(fs.readFileSync(file, "utf8")) as RouteCoverageFile;
    } catch (error) {
      throw new UsageError(`${file} is not a coverage file: ${(error as Error).message}`);
    }
    if (parsed?.version !== 1 || !Array.isArray(parsed.routes)) throw new UsageError(`${file} is not a coverage file (version 1)`);
    files++;
    for (const use of parsed.routes) {
      if (use.file && path.resolve(use.file) !== path.resolve(routingFile)) continue;
      exercised.add(routeKey(use));
    }
  }
  return { exercised, files };
}

/** The JSON files of the given files and folders (a folder's `*.json`, not below it). */
function coverageFiles(sources: readonly string[]): string[] {
  const files: string[] = [];
  for (const source of sources) {
    let stats: fs.Stats;
    try {
      stats = fs.statSync(source);
    } catch {
      throw new UsageError(`cannot read ${JSON.stringify(source)}: no such file or folder`);
    }
    if (stats.isDirectory()) for (const name of fs.readdirSync(source).sort()) if (name.endsWith(".json")) files.push(path.join(source, name));
    if (stats.isFile()) files.push(source);
  }
  return files;
}
