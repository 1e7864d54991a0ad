import * as fs from "fs";
import * as path from "path";

import { coverageUses, exercisedIn, MAX_COVERAGE_BYTES } from "../coverage/records";
import { readProjectFileSync, UnreadableFile } from "../files/regularFile";
import { UsageError } from "./args";

/**
 * The routes of `routingFile` the coverage files under `sources` recorded (a use recorded with
 * another routing file counts for that one alone). A file that cannot be read as one (a folder, a
 * FIFO, a link out of the project, a file too large, another JSON) and entries that are not uses
 * are passed over, each said in a line of `warnings`.
 */
export function recordedUses(sources: readonly string[], routingFile: string): { exercised: Set<string>; files: number; warnings: string[] } {
  const exercised = new Set<string>();
  const warnings: string[] = [];
  let files = 0;
  for (const file of coverageFiles(sources)) {
    let text: string;
    try {
      text = readProjectFileSync(file, process.cwd(), MAX_COVERAGE_BYTES);
    } catch (error) {
      if (!(error instanceof UnreadableFile) && !(error as NodeJS.ErrnoException).code) throw error;
      warnings.push(`${file}: not read: ${error instanceof UnreadableFile ? error.message : (error as Error).message}`);
      continue;
    }
    const recorded = coverageUses(text);
    if ("why" in recorded) {
      warnings.push(`${file}: not read: it is not a coverage file${recorded.why}`);
      continue;
    }
    if (recorded.skipped)
      warnings.push(
        `${file}: ${recorded.skipped} entr${recorded.skipped === 1 ? "y is" : "ies are"} not a route use (verb, path and target as text) and passed over`,
      );
    files++;
    exercisedIn(recorded.uses, routingFile, exercised);
  }
  return { exercised, files, warnings };
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
    if (stats.isDirectory())
      for (const name of fs.readdirSync(source).sort())
        if (name.endsWith(".json")) files.push(path.join(source, name));
        // Anything else named is read, and refused there with its kind when it is not a regular file.
        else files.push(source);
  }
  return files;
}
