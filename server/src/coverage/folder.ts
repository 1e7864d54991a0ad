import * as fs from "fs";
import * as path from "path";
import type { RouteUse } from "resource-routes/internal";

import { readProjectFileSync } from "../files/regularFile";
import { parseUri } from "../files/uris";
import { coverageUses, exercisedIn, MAX_COVERAGE_BYTES } from "./records";
import type { CoverageSource } from "./source";

/**
 * The recorded test coverage of the workspace, read from each workspace folder's coverage folder
 * (`coverage.folder`, default `coverage/routes`: where `RESOURCE_ROUTES_COVERAGE` points the tests)
 * when a hover asks, and read again only when its files changed (their names, sizes and times).
 * A use recorded with another routing file counts for that one alone, as `resource-routes coverage`
 * counts it; a file that is not a coverage file is passed over.
 */
export class FolderCoverage implements CoverageSource {
  private readonly read = new Map<string, { stamp: string; uses: RouteUse[] }>();

  constructor(
    private readonly folders: () => readonly string[],
    private readonly folder: () => string,
  ) {}

  exercised(uri: string): ReadonlySet<string> | undefined {
    const routingFile = parseUri(uri)?.fsPath;
    if (!routingFile) return undefined;
    let recorded = false;
    const exercised = new Set<string>();
    for (const root of this.folders()) {
      const uses = this.usesIn(path.resolve(root, this.folder()), root);
      if (!uses) continue;
      recorded = true;
      exercisedIn(uses, routingFile, exercised);
    }
    return recorded ? exercised : undefined;
  }

  /** The uses recorded in a folder's coverage files, or undefined when it holds none. */
  private usesIn(folder: string, root: string): RouteUse[] | undefined {
    let files: string[];
    try {
      files = fs
        .readdirSync(folder)
        .filter((name) => name.endsWith(".json"))
        .sort();
    } catch {
      return undefined;
    }
    if (files.length === 0) return undefined;
    const stats = files.map((name) => {
      try {
        const stat = fs.statSync(path.join(folder, name));
        return `${name}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return name;
      }
    });
    const stamp = stats.join("\n");
    const known = this.read.get(folder);
    if (known?.stamp === stamp) return known.uses;
    const uses: RouteUse[] = [];
    for (const name of files) {
      let recorded: ReturnType<typeof coverageUses>;
      try {
        // Never a FIFO, a device, a link out of the workspace folder or a file past the bound: a committed file cannot stall a hover.
        recorded = coverageUses(readProjectFileSync(path.join(folder, name), root, MAX_COVERAGE_BYTES));
      } catch {
        continue; // gone since it was listed, or not a file to read
      }
      // One being written, or no coverage file, is passed over, and read again when it changes; so are entries that are not uses.
      if (!("why" in recorded)) for (const use of recorded.uses) uses.push(use);
    }
    this.read.set(folder, { stamp, uses });
    return uses;
  }
}
