import * as fs from "fs";
import * as path from "path";
import { Behaviour } from "resource-routes/internal";

import { LoadedRoutingFile, type LoadOptions, loadRoutingFile } from "../analysis/routingFile";
import { modulesOnDisk } from "../files/moduleSources";
import { readRegularFileSync, UnreadableFile } from "../files/regularFile";
import { LineIndex } from "../text/lineIndex";
import { UsageError } from "./args";
import type { CommandResult } from "./commands/result";
import { watching } from "./watch";

export interface CliRoutingFile extends LoadedRoutingFile {
  file: string;
  lines: LineIndex;
}

/**
 * How a routes.rb is loaded, once the command's routes.rb files were read (rubyFiles.ts): the Ruby
 * front end is loaded only by a command given one, so that the others start without it.
 */
let rubyLoader: ((file: string, text: string, options: LoadOptions) => LoadedRoutingFile | undefined) | undefined;
let rubyReader: ((files: readonly string[]) => Promise<void>) | undefined;

export function useRubyLoader(loader: typeof rubyLoader, reader: typeof rubyReader): void {
  rubyLoader = loader;
  rubyReader = reader;
}

/**
 * `--watch` of a command given `file`: what to watch (a routes.rb's drawn files' folder too,
 * config/routes/), and the write, a routes.rb read again by Ruby's parser before each.
 */
export function watchedRouting(file: string, folders: readonly string[], write: () => CommandResult | Promise<CommandResult>): Promise<CommandResult> {
  const existing = (list: readonly string[]) => list.filter((folder) => fs.existsSync(folder));
  if (!file.endsWith(".rb")) return watching(write, [file], existing(folders));
  const reread = async () => {
    await rubyReader?.([file]);
    return write();
  };
  return watching(reread, [file], existing([...folders, path.join(path.dirname(file), "routes")]));
}

/** Reads and analyses a routing file; a missing, unreadable or non-routing file is a usage error (exit 2). */
export function loadFile(file: string, behaviour?: Behaviour): CliRoutingFile {
  let text: string;
  try {
    text = readRegularFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      error instanceof UnreadableFile ? error.message : code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : (error as Error).message;
    throw new UsageError(`cannot read ${JSON.stringify(file)}: ${why}`);
  }
  const loaded = file.endsWith(".rb") ? rubyLoader?.(file, text, { behaviour }) : loadRoutingFile(text, file, { behaviour, modules: modulesOnDisk() });
  if (!loaded) throw new UsageError(`${JSON.stringify(file)} is not a routing file: it calls no draw() imported from "resource-routes"`);
  return { ...loaded, file, lines: LineIndex.of(text) };
}
