import * as fs from "fs";
import * as path from "path";

import type { LoadedRoutingFile, LoadOptions } from "../analysis/routingFile";
import { applicationRuby } from "../files/applicationRuby";
import { drawnFilesBeside } from "../ruby/drawnFiles";
import { MAX_RUBY_BYTES, readInWorker } from "../ruby/readInWorker";
import { ImportError } from "../ruby/routesRb";
import { loadRubyRoutingFile, type RubyReading } from "../ruby/rubyRoutingFile";
import { UsageError } from "./args";

/*
 * The routes.rb files a command is given, read before it runs: Ruby's parser loads asynchronously
 * (in a worker), and the commands read their routing files synchronously. A routes.rb is then a
 * routing file like any other (modern Rails' in behaviour C, Rails 2's in A or B).
 */

const readings = new Map<string, RubyReading>();

/**
 * Reads each routes.rb among `files` (those ending in `.rb`), with the environment.rb beside it and the application's constants.
 * @lintignore The CLI loads this module with require() only when a command is given a routes.rb, which the unused-export check does not follow.
 */
export async function readRubyRoutingFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    if (!file.endsWith(".rb") || readings.has(file)) continue;
    const source = readRuby(file);
    const environmentFile = path.join(path.dirname(file), "environment.rb");
    const environment = fs.existsSync(environmentFile) ? readRuby(environmentFile) : undefined;
    try {
      const read = await readInWorker({
        routes: source,
        environment,
        application: applicationFiles(path.join(path.dirname(file), ".."), environment),
        options: { env: process.env.RAILS_ENV ?? "production", constants: new Map(), drawnFiles: drawnFilesBeside(file, MAX_RUBY_BYTES) },
      });
      readings.set(file, { ...read, hasEnvironment: environment !== undefined });
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      readings.set(file, { error: error.message, span: error.span });
    }
  }
}

/**
 * The routes.rb files among `files` read again (a `--watch` saw them change, or the files they draw).
 * @lintignore Loaded with require() with readRubyRoutingFiles.
 */
export async function rereadRubyRoutingFiles(files: readonly string[]): Promise<void> {
  for (const file of files) readings.delete(file);
  await readRubyRoutingFiles(files);
}

/**
 * A routes.rb read before the command ran, as a routing file; undefined for a file that is not one.
 * @lintignore Loaded with require() with readRubyRoutingFiles.
 */
export function loadedRubyFile(file: string, text: string, options: LoadOptions): LoadedRoutingFile | undefined {
  const reading = readings.get(file);
  return reading && loadRubyRoutingFile(reading, text, options);
}

/**
 * The application's Ruby files beside a routes.rb (`config/..`) whose constants its routes may use:
 * config/environment.rb (its text, where the import read it already for the Rails version),
 * config/initializers, app/models and lib, each by its path in the application.
 */
export function applicationFiles(root: string, environment: string | undefined): Array<{ file: string; text: string }> {
  const folders = ["config/initializers", "app/models", "lib"];
  if (environment === undefined) return applicationRuby(root, ["config/environment.rb", ...folders]);
  return applicationRuby(root, folders, [{ file: "config/environment.rb", text: environment }]);
}

export function readRuby(file: string): string {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch {
    throw new UsageError(`cannot read ${JSON.stringify(file)}: no such file`);
  }
  if (!stats.isFile()) throw new UsageError(`${JSON.stringify(file)} is not a file`);
  if (stats.size > MAX_RUBY_BYTES) throw new UsageError(`${JSON.stringify(file)} is ${stats.size} bytes: a routes.rb over ${MAX_RUBY_BYTES} is not read`);
  return fs.readFileSync(file, "utf8");
}
