import { Behaviour } from "resource-routes/internal";

import { LoadedRoutingFile, type LoadOptions, loadRoutingFile } from "../analysis/routingFile";
import { modulesOnDisk } from "../files/moduleSources";
import { readRegularFileSync, UnreadableFile } from "../files/regularFile";
import { LineIndex } from "../text/lineIndex";
import { UsageError } from "./args";

export interface CliRoutingFile extends LoadedRoutingFile {
  file: string;
  lines: LineIndex;
}

/**
 * How a routes.rb is loaded, once the command's routes.rb files were read (rubyFiles.ts): the Ruby
 * front end is loaded only by a command given one, so that the others start without it.
 */
let rubyLoader: ((file: string, text: string, options: LoadOptions) => LoadedRoutingFile | undefined) | undefined;

export function useRubyLoader(loader: typeof rubyLoader): void {
  rubyLoader = loader;
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
