import * as fs from "fs";

import type { LoadedRoutingFile, LoadOptions } from "../analysis/routingFile";
import { readProjectFileSync, readRegularFileSync, UnreadableFile } from "../files/regularFile";
import { besideRoutes, MAX_RUBY_BYTES } from "../ruby/besideRoutes";
import { readInWorker } from "../ruby/readInWorker";
import { ImportError } from "../ruby/routesRb";
import type { RubyReading } from "../ruby/rubyReading";
import { loadRubyRoutingFile } from "../ruby/rubyRoutingFile";
import { UsageError } from "./args";
import { useRubyLoader } from "./load";

/*
 * The routes.rb files a command is given, read before it runs: Ruby's parser loads asynchronously
 * (in a worker), and the commands read their routing files synchronously. A routes.rb is then a
 * routing file like any other (modern Rails' in behaviour C, Rails 2's in A or B).
 */

const readings = new Map<string, RubyReading>();

/**
 * Reads each routes.rb among `files` (those ending in `.rb`), with the environment.rb beside it and
 * the application's constants; the command's loading of routing files reads them from here on.
 * @lintignore The CLI loads this module with require() only when a command is given a routes.rb, which the unused-export check does not follow.
 */
export async function readRubyRoutingFiles(files: readonly string[]): Promise<void> {
  useRubyLoader(loadedRubyFile, rereadRubyRoutingFiles);
  for (const file of files) {
    if (!file.endsWith(".rb") || readings.has(file)) continue;
    const source = readRuby(file);
    const { drawnFiles, ...beside } = besideRoutes(file, { readEnvironment: environmentOf });
    try {
      const read = await readInWorker({ routes: source, ...beside, options: { env: process.env.RAILS_ENV ?? "production", constants: new Map(), drawnFiles } });
      readings.set(file, { ...read, hasEnvironment: beside.environment !== undefined });
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      readings.set(file, { error: error.message, span: error.span });
    }
  }
}

/** The routes.rb files among `files` read again (a `--watch` saw them change, or the files they draw). */
async function rereadRubyRoutingFiles(files: readonly string[]): Promise<void> {
  for (const file of files) readings.delete(file);
  await readRubyRoutingFiles(files);
}

/** A routes.rb read before the command ran, as a routing file; undefined for a file that is not one. */
function loadedRubyFile(file: string, text: string, options: LoadOptions): LoadedRoutingFile | undefined {
  const reading = readings.get(file);
  return reading && loadRubyRoutingFile(reading, text, options);
}

/** config/environment.rb beside a routes.rb, where there is one; one that cannot be read is the command's error. */
export function environmentOf(file: string, root: string): string | undefined {
  return fs.existsSync(file) ? readRuby(file, root) : undefined;
}

/**
 * A Ruby file of the application as a command reads it: a regular file within MAX_RUBY_BYTES. One
 * the command was not given (config/environment.rb beside the routes.rb) may be a link only within
 * the application `root`: a repository's link to a file elsewhere is not read.
 */
export function readRuby(file: string, root?: string): string {
  try {
    return root === undefined ? readRegularFileSync(file, MAX_RUBY_BYTES) : readProjectFileSync(file, root, MAX_RUBY_BYTES);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = error instanceof UnreadableFile ? error.message : code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new UsageError(`cannot read ${JSON.stringify(file)}: ${why}`);
  }
}
