import type { DirectHelper } from "resource-routes/internal";

import type { ControllerModuleInfo } from "../analysis/controllerModule";
import type { LoadedRoutingFile } from "../analysis/routingFile";
import type { CoverageSource } from "../coverage/source";
import type { RubyRoutesReader } from "../ruby/rubyReading";
import type { LineIndex } from "../text/lineIndex";
import type { TextChange } from "../text/textChange";
import type { HelperInfo } from "./helperNames";
import type { HelperUse } from "./helperUseScan";
import { NamedRoute, RouteIndex } from "./routeIndex";
import { DEFAULT_SETTINGS, ServiceSettings } from "./settings";
import { DocumentAnalyses } from "./workspaceAnalyses";
import { TextDocument, WorkspaceDocuments } from "./workspaceDocuments";

export type { NamedRoute } from "./routeIndex";
export type { TextDocument } from "./workspaceDocuments";

/**
 * What the language service works on: the workspace's documents (open over read from disk:
 * workspaceDocuments.ts), what is worked out of each of them once per version (workspaceAnalyses.ts)
 * and the routes by name (routeIndex.ts), behind one object in editor terms.
 */
export class RoutingWorkspace {
  /** Bumped whenever a routing file may have changed (and the list of routing files is remade). */
  private routingChanges = 0;
  private readonly files = new WorkspaceDocuments(() => this.changed());
  private readonly analyses: DocumentAnalyses;
  /** The routes by name, and the helper index they are searched in. */
  readonly index: RouteIndex;
  /** Recorded test coverage, where the editor reads some (the language server: coverageFolder.ts). */
  coverage: CoverageSource | undefined;

  /** `ruby`: what reads routes.rb files (none: they are not routing files). */
  constructor(
    private currentSettings: ServiceSettings = DEFAULT_SETTINGS,
    ruby?: RubyRoutesReader,
  ) {
    this.analyses = new DocumentAnalyses(
      this.files,
      () => this.currentSettings,
      () => this.changed(),
      ruby,
      (uri, file) => this.routesListeners.forEach((listener) => listener(uri, file)),
    );
    this.index = new RouteIndex(this.files, this.analyses, () => this.routingChanges);
  }

  get settings(): ServiceSettings {
    return this.currentSettings;
  }

  /** New settings re-analyse every routing file (the defaults may change their routes). */
  configure(settings: ServiceSettings): void {
    this.currentSettings = settings;
    this.analyses.reset();
    this.changed();
  }

  /**
   * Adds or replaces an open document (opened or edited in an editor). `change`: where it differs
   * from the version before, when the editor said so; else found by comparing the two texts.
   */
  set(document: TextDocument, change?: TextChange): void {
    this.files.set(document, change);
  }

  /** The editor closed the document: its disk copy, if any, counts again (analysed from the open version's analysis). */
  close(uri: string): void {
    this.files.close(uri);
  }

  /** Adds or replaces a file as read from disk (indexing, a watched change). */
  setFromDisk(document: TextDocument): void {
    this.files.setFromDisk(document);
  }

  /** The file is gone from disk (or is no longer indexed). */
  deleteFromDisk(uri: string): void {
    this.files.deleteFromDisk(uri);
  }

  /** The offset in the open document's text where its last edit ended, if it was edited. */
  lastEditEnd(uri: string): number | undefined {
    return this.files.lastEditEnd(uri);
  }

  /** Whether an editor has the document open. */
  isOpen(uri: string): boolean {
    return this.files.isOpen(uri);
  }

  document(uri: string): TextDocument | undefined {
    return this.files.document(uri);
  }

  /** Every document, open or read from disk, once each. */
  documents(): Iterable<TextDocument> {
    return this.files.documents();
  }

  /** The documents whose path (as URIs write it) lies under `folder` (see WorkspaceDocuments.documentsUnder). */
  documentsUnder(folder: string): readonly string[] {
    return this.files.documentsUnder(folder);
  }

  /** A number that changes whenever a document under `folder` is added, removed or changed. */
  changesUnder(folder: string): number {
    return this.files.changesUnder(folder);
  }

  /** Offsets to line/character positions of a document (empty for an unknown uri). */
  lines(uri: string): LineIndex {
    return this.analyses.lines(uri);
  }

  /** The helper uses of the document at `uri`, in order. */
  helperUses(uri: string): readonly HelperUse[] {
    return this.analyses.helperUses(uri);
  }

  /** The routing file at `uri`, or undefined when the document is not one. */
  routingFile(uri: string): LoadedRoutingFile | undefined {
    return this.analyses.routingFile(uri);
  }

  private readonly routesListeners: Array<(uri: string, file: LoadedRoutingFile) => void> = [];

  /** Calls `listener` with each version of a routing file's routes as it is worked out (what is kept of the routes follows every version). */
  onNewRoutes(listener: (uri: string, file: LoadedRoutingFile) => void): void {
    this.routesListeners.push(listener);
  }

  /** The RubyRoutesReader has the reading of the routes.rb at `uri`. */
  rubyReadingArrived(uri: string): void {
    this.analyses.rubyReadingArrived(uri);
  }

  /** Open routing files not edited since the last call give up their syntax trees (see DocumentAnalyses.releaseSyntaxTrees). */
  releaseSyntaxTrees(): void {
    this.analyses.releaseSyntaxTrees();
  }

  /** Merges each routing file's helper names now (see RouteIndex.prepare): for the moments the user is idle. */
  prepareHelperIndex(): void {
    this.index.prepare();
  }

  /** The routing file `uri` would be with `text` instead (a quick fix's preview), analysed from scratch as the workspace analyses it; nothing is kept. */
  routingFileWith(uri: string, text: string): LoadedRoutingFile | undefined {
    return this.analyses.routingFileWith(uri, text);
  }

  /**
   * What `inspect` makes of the routing file at `uri` as it is and as it would be with `text`, its
   * text with the one range `change` replaced (a rename's preview). The second version is worked
   * out from the first as an edit is, at the cost of the edit rather than of the file (on 100,000
   * routes, a version made from scratch took most of a second). That uses the first version up:
   * `inspect` may list its routes, nothing more, and keeps neither. The reverse edit then brings
   * the analysis back to the document's text, and that analysis stands for it from then on.
   */
  withRoutingEdit<T>(
    uri: string,
    text: string,
    change: TextChange,
    inspect: (current: LoadedRoutingFile, edited: LoadedRoutingFile | undefined) => T,
  ): T | undefined {
    return this.analyses.withRoutingEdit(uri, text, change, inspect);
  }

  /** What the document at `uri` defines as a controller module (read once per version), whether or not it is one. */
  controllerModule(uri: string): ControllerModuleInfo | undefined {
    return this.analyses.controllerModule(uri);
  }

  /** Every routing file of the workspace with its uri (gathered once per change). */
  routingFiles(): ReadonlyArray<{ uri: string; file: LoadedRoutingFile }> {
    return this.analyses.routingFiles();
  }

  /** The routing files whose helpers the document at `uri` uses (see RouteIndex.routeSetOf). */
  routeSetOf(uri: string): readonly string[] | undefined {
    return this.index.routeSetOf(uri);
  }

  /** Whether the document at `uri` uses the route set of the routing file `routingFile`: it imports it, or imports none. */
  usesRouteSet(uri: string, routingFile: string): boolean {
    const scope = this.routeSetOf(uri);
    return !scope || scope.includes(routingFile);
  }

  /** The route named `name` among the routing files of `scope` (every one when undefined). */
  namedRoute(name: string, scope?: readonly string[]): NamedRoute | undefined {
    return this.index.namedRoute(name, scope);
  }

  /** The custom helper (behaviour C's `direct`) a helper name (`homepage_url`) stands for among the routing files of `scope`, if one does. */
  directHelper(helper: string, scope?: readonly string[]): { uri: string; direct: DirectHelper } | undefined {
    return this.index.directHelper(helper, scope);
  }

  /** The custom helpers' names (`homepage_path`, `homepage_url`) that start with `prefix`, in name order. */
  directHelperNames(prefix: string, scope?: readonly string[]): string[] {
    return this.index.directHelperNames(prefix, scope);
  }

  /** Every named route of the workspace once, as `namedRoute` resolves it. */
  namedRoutes(): Iterable<[string, NamedRoute]> {
    return this.index.namedRoutes();
  }

  /** The first `limit` helpers of the routing files of `scope`, by name, that start with `prefix`. */
  helpersWithPrefix(prefix: string, limit: number, scope?: readonly string[]): HelperInfo[] {
    return this.index.helpersWithPrefix(prefix, limit, scope);
  }

  /** The helper name nearest to an unknown one, or undefined (see RouteIndex.suggestHelper). */
  suggestHelper(helper: string, scope?: readonly string[]): string | undefined {
    return this.index.suggestHelper(helper, scope);
  }

  /** A routing file may have changed: what is worked out of the list of routing files is worked out again. */
  private changed(): void {
    this.analyses.routesMayHaveChanged();
    this.routingChanges++;
  }
}
