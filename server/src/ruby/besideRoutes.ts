import * as path from "path";

import { applicationFiles } from "../files/applicationRuby";
import { readProjectFileOrNone } from "../files/regularFile";
import { drawnFilesBeside } from "./drawnFiles";

/** The largest Ruby file of an application read (routes.rb, config/environment.rb, a vendored Rails' version), by the CLI and the language server alike. */
export const MAX_RUBY_BYTES = 5 * 1024 * 1024;

/**
 * What reading a routes.rb reads beside it, from disk: config/environment.rb (Rails 2's version),
 * a vendored Rails' version, the files of config/routes it may draw and the application's Ruby
 * files whose constants it may use; each within the application (config/..), a link out of it not
 * followed. The language server's routes.rb worker reads them itself, off the server's thread.
 */
export interface BesideRoutes {
  environment?: string;
  actionPackVersion?: string;
  drawnFiles: Map<string, string>;
  application: Array<{ file: string; text: string }>;
}

/** How a reading reads beside a routes.rb, where the language server's defaults do not apply. */
export interface BesideOptions {
  /** The behaviour was given (`import --behaviour`): Rails 2's version is not asked, so environment.rb and a vendored Rails are not read. */
  behaviourGiven?: boolean;
  /** Reads config/environment.rb (the command line refuses one it cannot read, in one line); default: within the application, else nothing. */
  readEnvironment?: (file: string, root: string) => string | undefined;
}

/** What is beside a routes.rb, read for the CLI's commands, `import` and the language server's worker alike. */
export function besideRoutes(routesFile: string, options: BesideOptions = {}): BesideRoutes {
  const folder = path.dirname(routesFile);
  const root = path.join(folder, "..");
  const read = (file: string) => readProjectFileOrNone(file, root, MAX_RUBY_BYTES);
  const environment = options.behaviourGiven ? undefined : (options.readEnvironment ?? read)(path.join(folder, "environment.rb"), root);
  return {
    environment,
    actionPackVersion: options.behaviourGiven ? undefined : read(path.join(root, "vendor", "rails", "actionpack", "lib", "action_pack", "version.rb")),
    drawnFiles: drawnFilesBeside(routesFile, MAX_RUBY_BYTES),
    application: applicationFiles(root, environment),
  };
}
