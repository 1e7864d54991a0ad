import * as lsp from "vscode-languageserver/node";

import { parseUri } from "../files/uris";
import { controllerFolderPaths, FileFilter, FileSystem, indexFile, indexFolder, inFolders, RoutingWorkspace } from "../service";

/**
 * Keeps the workspace's files from disk current: indexes the workspace folders (reporting
 * work-done progress when the client can show it) and applies watched-file changes.
 * A new indexing cancels the one still running.
 */
export class WorkspaceIndexing {
  private generation = 0;

  constructor(
    private readonly connection: lsp.Connection,
    private readonly workspace: RoutingWorkspace,
    private readonly fs: FileSystem,
    private readonly folders: () => string[],
    private readonly progressSupported: () => boolean,
  ) {}

  /** Re-reads every folder from scratch (at start, and when the globs change). */
  async indexAll(): Promise<void> {
    const generation = ++this.generation;
    const progress = this.progressSupported() ? await this.connection.window.createWorkDoneProgress() : undefined;
    progress?.begin("Resource Routes", 0, "Indexing routing files", false);
    const isCancelled = () => generation !== this.generation;
    for (const document of [...this.workspace.documents()]) if (!this.workspace.isOpen(document.uri)) this.workspace.deleteFromDisk(document.uri);
    let read = 0;
    let kept = 0;
    for (const folder of this.folders()) {
      const counts = await indexFolder(this.workspace, folder, this.fs, {
        isCancelled,
        report: (done, total) => progress?.report(Math.round((100 * done) / Math.max(total, 1)), `${done}/${total} files`),
      });
      read += counts.read;
      kept += counts.kept;
    }
    progress?.done();
    if (!isCancelled()) this.connection.console.log(indexSummary(this.workspace, read, kept));
  }

  /** Applies changes the client's file watcher reports. */
  async apply(changes: lsp.FileEvent[]): Promise<void> {
    const filter = new FileFilter(this.workspace.settings);
    const controllerFolders = controllerFolderPaths(this.workspace);
    for (const change of changes) {
      if (!this.isIndexed(change.uri, filter)) continue;
      if (change.type === lsp.FileChangeType.Deleted) this.workspace.deleteFromDisk(change.uri);
      else await indexFile(this.workspace, change.uri, this.fs, controllerFolders);
    }
  }

  /**
   * Reads a file closed in the editor from disk again: what it holds there now counts, though no
   * watcher event said so (a file created while open may have been read empty, or not at all).
   */
  async reread(uri: string): Promise<void> {
    await this.apply([{ uri, type: lsp.FileChangeType.Changed }]);
  }

  /** Whether a file lies in a workspace folder and the settings' globs include it. */
  private isIndexed(uri: string, filter: FileFilter): boolean {
    const path = parseUri(uri)?.path;
    if (path === undefined) return false;
    return this.folders().some((folder) => {
      const root = parseUri(folder)?.path.replace(/\/$/, "");
      if (root === undefined) return false;
      return path.startsWith(`${root}/`) && filter.includes(path.slice(root.length + 1));
    });
  }
}

/** The output line after indexing: what the index holds, each file counted once, by what it is kept for. */
export function indexSummary(workspace: RoutingWorkspace, read: number, kept: number): string {
  const routing = workspace.routingFiles().length;
  const folders = controllerFolderPaths(workspace);
  const controllers = [...workspace.documents()].filter((document) => !workspace.routingFile(document.uri) && inFolders(document.uri, folders)).length;
  const rest = Math.max(0, kept - routing - controllers);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Indexed ${count(read, "file", "files")}: kept ${count(routing, "routing file", "routing files")}, ${count(controllers, "controller module", "controller modules")} and ${count(rest, "file", "files")} that use helpers or tell which routes a file imports (re-exports, tsconfig.json); the other ${count(Math.max(0, read - kept), "file holds", "files hold")} none of these`;
}
