import { fileURLToPath, pathToFileURL } from "url";

import type { ModuleSources } from "../analysis/importedFunctions";
import type { SourceText } from "../text/sourceText";
import { moduleAt } from "./importGraph";
import { readRegularFileOrNone } from "./regularFile";

/**
 * Other modules of the application for a routing file's analysis (a function it imports and calls
 * with the mapper), found as route sets' imports are (a relative specifier, or one a tsconfig's
 * `paths` maps), from the texts `text` gives by file URI: the editor's documents, or the disk.
 */
export function modulesFrom(text: (uri: string) => SourceText | undefined): ModuleSources {
  const graph = { text, isRoutingFile: () => false };
  return {
    resolve(specifier, from) {
      let base: string;
      try {
        base = pathToFileURL(from).toString();
      } catch {
        return undefined;
      }
      const uri = moduleAt(graph, base, specifier);
      const found = uri === undefined ? undefined : text(uri);
      return found === undefined ? undefined : { fileName: fileURLToPath(uri!), text: found.toString() };
    },
  };
}

/** The CLI's: modules read from disk, each a regular file within the size any file the commands read may have. */
export function modulesOnDisk(): ModuleSources {
  return modulesFrom((uri) => readRegularFileOrNone(fileURLToPath(uri)));
}
