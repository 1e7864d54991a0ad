import * as fs from "fs";
import * as path from "path";
import { coverageUses, exercisedIn } from "../routing/coverageRecords";
import { UsageError } from "./args";

/** The routes of `routingFile` the coverage files under `sources` recorded (a use recorded with another routing file counts for that one alone). */
export function recordedUses(sources: readonly string[], routingFile: string): { exercised: Set<string>; files: number } {
  const exercised = new Set<string>();
  let files = 0;
  for (const file of coverageFiles(sources)) {
    const uses = coverageUses(fs.readFileSync(file, "utf8"));
    if ("why" in uses) throw new UsageError(`${file} is not a coverage file${uses.why}`);
    files++;
    exercisedIn(uses, routingFile, exercised);
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
