import * as fs from "fs";
import * as path from "path";
import { printable } from "resource-routes/internal";

import { UsageError } from "./args";
import type { CommandResult } from "./commands/result";

/** How long changes are gathered before a write: an editor's save is often several events. */
const SETTLE_MS = 50;

/**
 * `--watch`: runs `write` now and again whenever one of `files` or anything below one of
 * `folders` changes, printing what each run says, until the process is stopped (Ctrl-C). A run
 * that fails (the file removed, a usage error) says why in one line and the watch goes on.
 */
export function watching(write: () => CommandResult | Promise<CommandResult>, files: readonly string[], folders: readonly string[]): Promise<CommandResult> {
  const once = async () => {
    try {
      const result = await write();
      if (result.stdout.length) process.stdout.write(`${result.stdout.join("\n")}\n`);
      if (result.stderr.length) process.stderr.write(`${result.stderr.join("\n")}\n`);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      process.stderr.write(`resource-routes: ${printable(error.message)}\n`);
    }
  };
  // Runs one after another (a write may wait for Ruby's parser): a change during one is written by the next.
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(once);
  };
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  };
  // A file is watched through its folder: editors save by replacing the file, which ends a watch on the file itself.
  const names = new Map<string, Set<string>>();
  for (const file of files) {
    const dir = path.dirname(path.resolve(file));
    if (!names.has(dir)) names.set(dir, new Set());
    names.get(dir)!.add(path.basename(file));
  }
  for (const [dir, watched] of names) fs.watch(dir, (_event, name) => (name === null || watched.has(name.toString()) ? changed() : undefined));
  for (const folder of folders) if (fs.existsSync(folder)) fs.watch(folder, { recursive: true }, changed);
  // Watched before the first write: a change made while it runs, or as soon as it is told, is not missed.
  run();
  process.stderr.write(`watching ${[...files, ...folders].map((f) => printable(f)).join(", ")} (Ctrl-C to stop)\n`);
  return new Promise<CommandResult>(() => undefined);
}
