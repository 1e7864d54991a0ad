import * as fs from "fs";
import * as path from "path";
import { UsageError } from "./args";

/** Folders never scanned: dependencies, builds, version control. */
const SKIPPED = new Set(["node_modules", ".git", "dist", "out", "build", "coverage"]);
const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** The largest file scanned: larger ones are bundles, not code written by hand. */
const MAX_BYTES = 5 * 1024 * 1024;

/** The TS/JS source files under the given paths (files as given; folders walked, skipping dependencies and builds). */
export function sourceFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (entry: string) => {
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(entry);
    } catch {
      throw new UsageError(`cannot read ${JSON.stringify(entry)}: no such file or folder`);
    }
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) if (!SKIPPED.has(name) && !name.startsWith(".")) visit(path.join(entry, name));
    } else if (stats.isFile() && SOURCE.test(entry) && !/\.d\.[cm]?ts$/.test(entry) && stats.size <= MAX_BYTES) files.push(entry);
  };
  for (const entry of paths) visit(entry);
  return files;
}
