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

export function besideRoutes(routesFile: string): BesideRoutes {
  const folder = path.dirname(routesFile);
  const root = path.join(folder, "..");
  const read = (relative: string) => readProjectFileOrNone(path.join(folder, relative), root, MAX_RUBY_BYTES);
  const environment = read("environment.rb");
  return {
    environment,
    actionPackVersion: read("../vendor/rails/actionpack/lib/action_pack/version.rb"),
    drawnFiles: drawnFilesBeside(routesFile, MAX_RUBY_BYTES),
    application: applicationFiles(root, environment),
  };
}
