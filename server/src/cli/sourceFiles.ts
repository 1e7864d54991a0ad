import * as fs from "fs";
import * as path from "path";
import picomatch from "picomatch";

import { isCodeFile, SKIPPED_FOLDERS } from "../files/codeFiles";
import { DEFAULT_TEST_GLOBS } from "../literals/literalRewrites";
import { UsageError } from "./args";

/** The largest file scanned: larger ones are bundles, not code written by hand. */
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The TS/JS source files under the given paths (files as given; folders walked, skipping
 * dependencies and builds); one over MAX_BYTES is left out, and told to `tooLarge` where given.
 */
export function sourceFiles(paths: readonly string[], tooLarge?: (file: string, bytes: number) => void): string[] {
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
      for (const name of fs.readdirSync(entry).sort()) if (!SKIPPED_FOLDERS.has(name) && !name.startsWith(".")) visit(path.join(entry, name));
    } else if (stats.isFile() && isCodeFile(entry)) {
      if (stats.size <= MAX_BYTES) files.push(entry);
      else tooLarge?.(entry, stats.size);
    }
  };
  for (const entry of paths) visit(entry);
  return files;
}

/**
 * The files whose URL literals are read (`literals`, `diff`): the source files under `paths` (the
 * working folder when none) but the routing file, kept by `include` and dropped by `exclude`
 * (globs relative to the working folder); tests' expectations are left out unless `include` names files.
 */
export function literalSourceFiles(
  paths: readonly string[],
  routingFile: string,
  include: readonly string[],
  exclude: readonly string[],
  tooLarge?: (file: string, bytes: number) => void,
): string[] {
  const included = include.length ? picomatch([...include]) : () => true;
  const excluded = picomatch([...exclude, ...(include.length ? [] : DEFAULT_TEST_GLOBS)]);
  const kept = (file: string) => {
    const relative = path.relative(process.cwd(), file).replace(/\\/g, "/");
    return path.resolve(file) !== path.resolve(routingFile) && included(relative) && !excluded(relative);
  };
  return sourceFiles(paths.length ? paths : ["."], (file, bytes) => kept(file) && tooLarge?.(file, bytes)).filter(kept);
}
