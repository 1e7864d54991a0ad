import { pathToFileURL } from "url";

import { ControllerModuleInfo, readControllerModule } from "../analysis/controllerModule";
import { compacted } from "../analysis/rereading";
import { LoadedRoutingFile, loadRoutingFile } from "../analysis/routingFile";
import { modulesFrom } from "../files/moduleSources";
import { parseUri } from "../files/uris";
import type { RubyRoutesReader } from "../ruby/rubyReading";
import { LineIndex } from "../text/lineIndex";
import { SourceText } from "../text/sourceText";
import { TextChange } from "../text/textChange";
import { HelperUse, HelperUseScan, scanAfterEdit, scanHelperUses } from "./helperUseScan";
import { ServiceSettings } from "./settings";
import { isRubyRoutes, mayRoute, TextDocument, WorkspaceDocuments } from "./workspaceDocuments";

/* Ruby's front end loads with the first routes.rb: a workspace of TypeScript routing files never needs it. */
/* eslint-disable-next-line @typescript-eslint/no-require-imports */
const rubyRoutingFile = () => require("../ruby/rubyRoutingFile") as typeof import("../ruby/rubyRoutingFile");

/** Something computed from one document, kept while that very document (object) is current. */
interface Cached<T> {
  document: TextDocument;
  value: T;
}

/**
 * What is worked out of each document, once per version: a routing file's analysis (from the
 * previous version's when edited), line indexes, helper uses (searched again only around an edit),
 * what a controller module defines; and the list of the workspace's routing files, once per change.
 */
export class DocumentAnalyses {
  private readonly loaded: Map<string, Cached<LoadedRoutingFile | undefined>>;
  private readonly lineIndexes: Map<string, Cached<LineIndex>>;
  private readonly helperUseLists: Map<string, Cached<HelperUseScan>>;
  private readonly controllerModules: Map<string, Cached<ControllerModuleInfo>>;
  /**
   * Per analysis that read other modules: the documents' change count when their texts were last
   * found unchanged, and their membership count when it was first asked for (see modulesStale).
   */
  private readonly modulesSeen = new WeakMap<LoadedRoutingFile, { changes: number; members: number }>();
  private routingList?: Array<{ uri: string; file: LoadedRoutingFile }>;
  /** Each open routing file's document when releaseSyntaxTrees() last ran. */
  private atLastRelease = new Map<string, TextDocument>();

  constructor(
    private readonly documents: WorkspaceDocuments,
    private readonly settings: () => ServiceSettings,
    /** What an analysis replaced in place changes (releaseSyntaxTrees, withRoutingEdit): the routes may have. */
    private readonly routesChanged: () => void,
    /** None: a routes.rb is not a routing file. */
    private readonly ruby?: RubyRoutesReader,
    /** Each version of a routing file's routes as it is worked out (what is kept of earlier versions follows every one). */
    private readonly routesMade?: (uri: string, file: LoadedRoutingFile) => void,
  ) {
    this.loaded = documents.cache();
    this.lineIndexes = documents.cache();
    this.helperUseLists = documents.cache();
    this.controllerModules = documents.cache();
  }

  /** New settings: every routing file is analysed again (the defaults may change its routes). */
  reset(): void {
    this.loaded.clear();
  }

  /** The routing files may have changed: their list is gathered again when next asked. */
  routesMayHaveChanged(): void {
    this.routingList = undefined;
  }

  /** Offsets to line/character positions of a document (empty for an unknown uri). */
  lines(uri: string): LineIndex {
    const document = this.documents.document(uri);
    if (!document) return LineIndex.of("");
    if (document.lines) return document.lines;
    // After an edit, from the index of the version edited (whose lines before the edit stay, and after it move).
    return this.followingEdits(
      this.lineIndexes,
      uri,
      document,
      (text) => LineIndex.of(text),
      (previous, change, text) => previous.edited(change, text),
    );
  }

  /** The helper uses of the document at `uri`, in order: after an edit, searched for again only around it. */
  helperUses(uri: string): readonly HelperUse[] {
    const document = this.documents.document(uri);
    if (!document) return [];
    return this.followingEdits(this.helperUseLists, uri, document, scanHelperUses, scanAfterEdit).uses;
  }

  /** The routing file at `uri`, or undefined when the document is not one. */
  routingFile(uri: string): LoadedRoutingFile | undefined {
    const document = this.documents.document(uri);
    if (!mayRoute(document)) return undefined;
    if (isRubyRoutes(document)) return cachedFor(this.loaded, document, () => this.loadRuby(uri, document));
    // The same text (a file opened as it is on disk, or closed unchanged) keeps its analysis; an
    // edited one hands the previous analysis over, so that only what changed is parsed and expanded
    // again.
    const file = cachedFor(this.loaded, document, (previous, before) => {
      const change = this.documents.editBetween(uri, before, document);
      if (previous && before && sameText(before.text, document.text, change)) return this.kept(uri, previous);
      return this.made(uri, this.load(uri, document.text, previous, change));
    });
    if (!file || !this.modulesStale(file)) return file;
    const fresh = this.made(uri, this.load(uri, document.text));
    this.loaded.set(uri, { document, value: fresh });
    this.routesChanged();
    return fresh;
  }

  /**
   * Whether a file that calls functions of other modules is to be read again: one of their texts is
   * not the one read, or a document came where a module was not found. Asked once per change of the documents.
   */
  private modulesStale(file: LoadedRoutingFile): boolean {
    const { modules, modulesMissing } = file.analysis;
    if (!modules && !modulesMissing) return false;
    const seen = this.modulesSeen.get(file);
    if (seen?.changes === this.documents.changes) return false;
    const came = modulesMissing === true && seen !== undefined && seen.members !== this.documents.members;
    if (came || (modules && modulesChanged(modules, (uri) => this.documents.document(uri)?.text))) return true;
    this.modulesSeen.set(file, { changes: this.documents.changes, members: seen?.members ?? this.documents.members });
    return false;
  }

  /** A routing file's new analysis, said to whoever follows each version, and kept as the workspace keeps it. */
  private made(uri: string, file: LoadedRoutingFile | undefined): LoadedRoutingFile | undefined {
    if (file) this.routesMade?.(uri, file);
    return this.kept(uri, file);
  }

  /** `text` analysed as the routing file at `uri` would be, from scratch; nothing is kept (none for a routes.rb). */
  routingFileWith(uri: string, text: string): LoadedRoutingFile | undefined {
    return isRubyRoutes({ uri, text }) ? undefined : this.load(uri, text);
  }

  /** The reading of the routes.rb at `uri` arrived: it is a routing file (again) as of now. */
  rubyReadingArrived(uri: string): void {
    this.loaded.delete(uri);
    this.routesChanged();
  }

  /** A routes.rb's reading, once the reader has it: a routing file the service reads but never edits. */
  private loadRuby(uri: string, document: TextDocument): LoadedRoutingFile | undefined {
    const reading = this.ruby?.read(uri, document.text.toString());
    if (!reading) return undefined;
    const { defaultBehaviour, drawDefaults } = this.settings();
    return rubyRoutingFile().loadRubyRoutingFile(reading, document.text, { defaults: { ...drawDefaults, behaviour: defaultBehaviour } });
  }

  /** See RoutingWorkspace.withRoutingEdit. */
  withRoutingEdit<T>(
    uri: string,
    text: string,
    change: TextChange,
    inspect: (current: LoadedRoutingFile, edited: LoadedRoutingFile | undefined) => T,
  ): T | undefined {
    const document = this.documents.document(uri);
    const current = this.routingFile(uri);
    // A routes.rb is never edited by the service: its edits are Ruby's.
    if (!document || !current || isRubyRoutes(document)) return undefined;
    const edited = this.load(uri, text, current, change);
    try {
      return inspect(current, edited);
    } finally {
      const back = edited && { start: change.start, oldEnd: change.newEnd, newEnd: change.oldEnd };
      this.loaded.set(uri, { document, value: this.kept(uri, this.load(uri, document.text, edited, back)) });
      // What was worked out of the version used up is worked out again, of the restored one.
      this.routesChanged();
    }
  }

  /**
   * Open routing files not edited since the last call give up their syntax trees (the largest
   * thing a file keeps), as closed ones keep none. A file being edited keeps its tree from one call
   * to the next: an edit across statements updates it incrementally, where one without it parses
   * and reads the whole file again; an edit inside one statement needs no tree either way. Meant
   * for the moments the user is idle.
   */
  releaseSyntaxTrees(): void {
    const now = new Map<string, TextDocument>();
    let released = false;
    for (const [uri, cached] of this.loaded) {
      if (!cached.value || !this.documents.isOpen(uri)) continue;
      now.set(uri, cached.document);
      if (this.atLastRelease.get(uri) !== cached.document) continue;
      const file = compact(cached.value);
      if (file === cached.value) continue;
      this.loaded.set(uri, { document: cached.document, value: file });
      released = true;
    }
    this.atLastRelease = now;
    if (released) this.routesChanged();
  }

  /** What the document at `uri` defines as a controller module (read once per version), whether or not it is one. */
  controllerModule(uri: string): ControllerModuleInfo | undefined {
    const document = this.documents.document(uri);
    if (!document) return undefined;
    return cachedFor(this.controllerModules, document, () => readControllerModule(document.text.toString(), parseUri(uri)?.fsPath ?? uri));
  }

  /** Every routing file of the workspace with its uri (gathered once per change). */
  routingFiles(): ReadonlyArray<{ uri: string; file: LoadedRoutingFile }> {
    if (this.routingList) return this.routingList;
    const list: Array<{ uri: string; file: LoadedRoutingFile }> = [];
    for (const { uri } of this.documents.documents()) {
      const file = this.routingFile(uri);
      if (file) list.push({ uri, file });
    }
    // By path, whatever order the files were indexed or opened in: views and tables list them alike every time.
    list.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    this.routingList = list;
    return list;
  }

  /** The value `make` gives for `document`, kept per document version; after an edit, the previous version's brought past it by `pastEdit`. */
  private followingEdits<T>(
    cache: Map<string, Cached<T>>,
    uri: string,
    document: TextDocument,
    make: (text: SourceText) => T,
    pastEdit: (previous: T, change: TextChange, text: SourceText) => T,
  ): T {
    return cachedFor(cache, document, (previous, before) => {
      const edit = this.documents.editBetween(uri, before, document);
      return previous !== undefined && edit ? pastEdit(previous, edit, document.text) : make(document.text);
    });
  }

  /** `text` analysed as the routing file at `uri`, with the workspace's settings; from `previous` (used up) where given. */
  private load(uri: string, text: SourceText, previous?: LoadedRoutingFile, change?: TextChange): LoadedRoutingFile | undefined {
    const { defaultBehaviour, drawDefaults } = this.settings();
    const modules = modulesFrom((module) => this.documents.document(module)?.text);
    return loadRoutingFile(text, parseUri(uri)?.fsPath ?? uri, { defaults: { ...drawDefaults, behaviour: defaultBehaviour }, previous, change, modules });
  }

  /** An analysis as the workspace keeps it: a file that is not open keeps no syntax tree (only an open one is completed in). */
  private kept(uri: string, file: LoadedRoutingFile | undefined): LoadedRoutingFile | undefined {
    return file && !this.documents.isOpen(uri) ? compact(file) : file;
  }
}

/** Whether a module an analysis read (file name → text read) now has another text, or is gone. */
function modulesChanged(modules: ReadonlyMap<string, string>, text: (uri: string) => SourceText | undefined): boolean {
  for (const [fileName, read] of modules) if (text(pathToFileURL(fileName).toString())?.toString() !== read) return true;
  return false;
}

/** A routing file without its syntax tree (a closed file's): see compacted(). */
function compact(file: LoadedRoutingFile): LoadedRoutingFile {
  const analysis = compacted(file.analysis);
  return analysis === file.analysis ? file : { ...file, analysis };
}

/** Whether two versions of a document have the same text; `change`, where they differ if known (outside it they are the same). */
function sameText(before: SourceText, after: SourceText, change: TextChange | undefined): boolean {
  if (change) return change.oldEnd === change.newEnd && before.slice(change.start, change.oldEnd) === after.slice(change.start, change.newEnd);
  return before === after || (before.length === after.length && before.toString() === after.toString());
}

/** The value computed for `document`, computing it (from the value and document it replaces, if any) when missing. */
function cachedFor<T>(cache: Map<string, Cached<T>>, document: TextDocument, compute: (previous: T | undefined, before: TextDocument | undefined) => T): T {
  const cached = cache.get(document.uri);
  if (cached && cached.document === document) return cached.value;
  const value = compute(cached?.value, cached?.document);
  cache.set(document.uri, { document, value });
  return value;
}
