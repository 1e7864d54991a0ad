import type { Behaviour, Span } from "resource-routes/internal";

import type { LoadedRoutingFile } from "../analysis/routingFile";
import type { ImportedRoutes } from "./routesRb";

/*
 * What the service knows of routes.rb files without loading Ruby's front end: the reader it is
 * given, a reading's shape and a routes.rb's routing file. A workspace of TypeScript routing files
 * loads nothing more of it (rubyRoutingFile.ts makes the routing file, rubyReader.ts reads).
 */

/**
 * Reads routes.rb files for the service, off its thread (Ruby's parser runs in a worker): the
 * reading of a text when it is ready, else the file's last reading or undefined; the workspace's
 * rubyReadingArrived is called once it is ready.
 */
export interface RubyRoutesReader {
  read(uri: string, text: string): RubyReading | undefined;
}

/** What the Ruby side made of a routes.rb (in a worker: see rubyReader.ts): its calls, or why it has none. */
export type RubyReading =
  { imported: ImportedRoutes; railsGemVersion?: string; vendoredRails?: string; hasEnvironment: boolean } | { error: string; span?: Span };

/** A routes.rb as the language service works on it: the same declaration tree, placed in the Ruby file, and what an import writes. */
export interface LoadedRubyRoutingFile extends LoadedRoutingFile {
  ruby: { imported: ImportedRoutes; behaviour: Behaviour; why: string; nestedRoutesFirst?: true };
}

/** Whether a routing file is a routes.rb's reading. */
export function isRubyRoutingFile(file: LoadedRoutingFile | undefined): file is LoadedRubyRoutingFile {
  return file !== undefined && "ruby" in file;
}
