import picomatch from "picomatch";
import { URI } from "vscode-uri";

import { PACKAGE_NAME } from "../analysis/packageName";
import { parseUri } from "../files/uris";
import { helpersModuleHead, isHelpersOutput } from "../format/helpersRecipe";
import { controllerFolderPaths, inFolders } from "./controllers";
import { ServiceSettings } from "./settings";
import { RoutingWorkspace } from "./workspace";
import { isRubyRoutes } from "./workspaceDocuments";

/** What the indexer needs of a file system: the language service never touches the disk itself. */
export interface FileSystem {
  readDirectory(path: string): Promise<Array<{ name: string; directory: boolean }>>;
  readFile(path: string): Promise<string>;
}

export interface IndexProgress {
  /** Files read so far and files found to read. */
  report(done: number, total: number): void;
  /** Asked between files: true stops the indexing (a newer indexing supersedes it). */
  isCancelled(): boolean;
}

/** Which files of a folder are indexed, from the settings' globs (paths relative to the folder, `/`-separated). */
export class FileFilter {
  private readonly included: picomatch.Matcher;
  private readonly excluded: picomatch.Matcher;

  constructor(settings: Pick<ServiceSettings, "routingFiles" | "exclude">) {
    this.included = picomatch(settings.routingFiles, { dot: true });
    this.excluded = picomatch(settings.exclude, { dot: true });
  }

  includes(relativePath: string): boolean {
    return this.included(relativePath) && !this.excluded(relativePath);
  }

  /** Whether a folder can be skipped: everything in it is excluded (`node_modules/**`). */
  skipsFolder(relativePath: string): boolean {
    return this.excluded(`${relativePath}/`) || this.excluded(`${relativePath}/x`);
  }
}

/**
 * Reads the files of a workspace folder that the settings include and keeps those the service
 * needs: routing files (found by content: they name `resource-routes`), files that use helpers
 * (`_path`/`_url`), for references and hovers, and controller modules (in the controllers folder
 * of a routing file). Other files are not kept.
 */
export async function indexFolder(
  workspace: RoutingWorkspace,
  folderUri: string,
  fs: FileSystem,
  progress?: IndexProgress,
): Promise<{ read: number; kept: number }> {
  const root = parseUri(folderUri);
  if (!root) return { read: 0, kept: 0 };
  const filter = new FileFilter(workspace.settings);
  const files = await listFiles(fs, root.fsPath, "", filter, progress);
  let kept = 0;
  const dropped: string[] = [];
  for (const [i, relative] of files.entries()) {
    if (progress?.isCancelled()) break;
    progress?.report(i, files.length);
    const uri = URI.file(`${root.fsPath}/${relative}`).toString();
    if (await indexFile(workspace, uri, fs)) kept++;
    else dropped.push(uri);
  }
  // Controller modules are known once every routing file (and so its controllers folder) is: read them then.
  const folders = controllerFolderPaths(workspace);
  for (const uri of dropped) {
    if (progress?.isCancelled()) break;
    if (inFolders(uri, folders) && (await indexFile(workspace, uri, fs, folders))) kept++;
  }
  return { read: files.length, kept };
}

/**
 * Reads one file into the workspace, or drops it when it is neither a routing file, nor uses
 * helpers, nor lies in one of `controllerFolders`. True when kept.
 */
export async function indexFile(workspace: RoutingWorkspace, uri: string, fs: FileSystem, controllerFolders: readonly string[] = []): Promise<boolean> {
  let text: string;
  try {
    text = await fs.readFile(URI.parse(uri).fsPath);
  } catch {
    // Gone or unreadable since it was listed: it simply is not part of the workspace.
    workspace.deleteFromDisk(uri);
    return false;
  }
  // Of the files `helpers` writes, a main module's head alone: its recipe is all the server reads of them (a split
  // module's thousands of files, megabytes of route data; an open one is the editor's whole text).
  const head = helpersModuleHead(uri, text);
  if ((head === undefined && isHelpersOutput(text)) || (!isWorthKeeping(uri, text) && !inFolders(uri, controllerFolders))) {
    workspace.deleteFromDisk(uri);
    return false;
  }
  const previous = workspace.document(uri);
  workspace.setFromDisk({ uri, version: (previous?.version ?? 0) + 1, text: head ?? text });
  return true;
}

/**
 * Routing files, files that use helpers or write URLs by hand, and what tells which route set a
 * file imports: modules that re-export from another (`export { default as routes } from
 * "./routes"`) and the project's tsconfig.json or jsconfig.json (its `paths`).
 */
function isWorthKeeping(uri: string, text: string): boolean {
  return (
    text.includes(PACKAGE_NAME) ||
    isRubyRoutes({ uri, text }) ||
    /_(?:path|url)\b/.test(text) ||
    RE_EXPORT.test(text) ||
    PROJECT_CONFIG.test(uri) ||
    // A URL written by hand (`"/products/1"`), in a file that imports nothing of the routes: references and rename count it.
    URL_LITERAL.test(text)
  );
}

/** A string or template that begins with `/` and a path's character: what a URL written by hand begins with. */
const URL_LITERAL = /["'`]\/[\w:$-]/;

const RE_EXPORT = /\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*from\s*["']\.\.?\//;
/** The project's configs (their `paths` resolve imports, their module resolution decides an added import's extension), indexed whatever the globs say, with the ones they extend (`tsconfig.base.json`). */
const PROJECT_CONFIG = /\/(?:tsconfig|jsconfig)(?:\.[\w-]+)*\.json$/;

async function listFiles(fs: FileSystem, root: string, relative: string, filter: FileFilter, progress?: IndexProgress): Promise<string[]> {
  const found: string[] = [];
  await collectFiles(fs, root, relative, filter, found, progress);
  return found;
}

async function collectFiles(fs: FileSystem, root: string, relative: string, filter: FileFilter, found: string[], progress?: IndexProgress): Promise<void> {
  let entries: Array<{ name: string; directory: boolean }>;
  try {
    entries = await fs.readDirectory(relative ? `${root}/${relative}` : root);
  } catch {
    return; // an unreadable folder holds nothing we can index
  }
  for (const entry of entries) {
    if (progress?.isCancelled()) break;
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.directory) {
      if (!filter.skipsFolder(path)) await collectFiles(fs, root, path, filter, found, progress);
    } else if (filter.includes(path) || PROJECT_CONFIG.test(`/${entry.name}`)) found.push(path);
  }
}

/** The file system of the machine the service runs on. */
export function nodeFileSystem(): FileSystem {
  // Loaded here so that the rest of the service stays usable where there is no `fs` (tests, browsers).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  const fs = require("fs/promises") as typeof import("fs/promises");
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  const { readRegularFile } = require("../files/regularFile") as typeof import("../files/regularFile");
  return {
    readDirectory: async (path) => (await fs.readdir(path, { withFileTypes: true })).map((e) => ({ name: e.name, directory: e.isDirectory() })),
    // Only regular files of a sane size: a FIFO named routes.ts would hold a file thread forever.
    readFile: (path) => readRegularFile(path),
  };
}
