import { KeptFor } from "../incremental/keptFor";
import { parseUri } from "./uris";
import { ControllerModuleInfo, readControllerModule } from "../analysis/controllerModule";
import { PACKAGE_NAME } from "../analysis/imports";
import { compacted } from "../analysis/rereading";
import { TextChange, textChange } from "../text/textChange";
import { LineIndex } from "../text/lineIndex";
import { SourceText } from "../text/sourceText";
import { HelperUse, HelperUseScan, scanAfterEdit, scanHelperUses } from "./helperUseScan";
import { importedRoutingFiles } from "./routeSets";
import { EditHistory } from "./editHistory";
import { LoadedRoutingFile, loadRoutingFile } from "../analysis/routingFile";
import { HelperInfo } from "./helperNames";
import { helperLists, helpersWithPrefix, nearestRouteName } from "./helperIndex";
import { Route, suggestionBound } from "resource-routes/internal";
import { DEFAULT_SETTINGS, ServiceSettings } from "./settings";

/** A text document as the service sees it: an identifier, a version and its text. */
export interface TextDocument {
  uri: string;
  version: number;
  /** A string, or an open document's chunks (read in parts; `toString()` joins them, for what needs the whole). */
  text: SourceText;
  /** Its line index, when whoever made the document keeps one (the server's open documents do). */
  lines?: LineIndex;
}

/** A named route and the routing file that declares it. */
export interface NamedRoute {
  uri: string;
  route: Route;
  file: LoadedRoutingFile;
}

/** Something computed from one document, kept while that very document (object) is current. */
interface Cached<T> {
  document: TextDocument;
  value: T;
}

/**
 * The workspace's documents in two layers: what editors have open, over what was read from disk.
 * An open document hides its disk copy until it is closed. Each routing file is analysed once per
 * document, each line index built once per document, and the named routes gathered once per change.
 */
export class RoutingWorkspace {
  private readonly open = new Map<string, TextDocument>();
  private readonly disk = new Map<string, TextDocument>();
  /** Every cache of what is worked out of a document, by its URI: a document that goes is forgotten in each (forget). */
  private readonly documentCaches: Array<Map<string, unknown>> = [];
  private readonly loaded = this.documentCache<Cached<LoadedRoutingFile | undefined>>();
  private readonly lineIndexes = this.documentCache<Cached<LineIndex>>();
  private readonly helperUseLists = this.documentCache<Cached<HelperUseScan>>();
  private readonly controllerModules = this.documentCache<Cached<ControllerModuleInfo>>();
  /**
   * The recent edits of each open document: where each version differs from the one before (the
   * last one's end is where the user is typing; what was worked out of an earlier version is
   * brought past them).
   */
  private readonly edits = new Map<string, EditHistory>();
  private routingList?: Array<{ uri: string; file: LoadedRoutingFile }>;
  /** Each open routing file's document when releaseSyntaxTrees() last ran. */
  private atLastRelease = new Map<string, TextDocument>();
  /** Folders asked about: the documents under each (kept while none is added or removed) and a count of changes under it. */
  private readonly folders = new Map<string, { uris?: string[]; changes: number }>();
  /** Bumped whenever a routing file may have changed (and the list of routing files is remade). */
  private routingChanges = 0;
  /** Bumped whenever any document changes: what a document imports may lie in another. */
  private documentChanges = 0;
  /** Each document's route sets (routeSetOf), as of a count of document changes. */
  private readonly routeSets = this.documentCache<{ changes: number; files: readonly string[] | undefined }>();
  /**
   * Nearest-name suggestions, valid until a routing file changes. Known by that count, not by the
   * list of routing files: kept from the last time a name was unknown, the list would hold that
   * version of every routing file (a whole second route table, once edits had replaced its
   * declarations) for as long as no name was unknown again.
   */
  private suggestions?: { changes: number; found: Map<string, string | undefined> };

  constructor(private currentSettings: ServiceSettings = DEFAULT_SETTINGS) {}

  get settings(): ServiceSettings {
    return this.currentSettings;
  }

  /** New settings re-analyse every routing file (the defaults may change their routes). */
  configure(settings: ServiceSettings): void {
    this.currentSettings = settings;
    this.loaded.clear();
    this.changed();
  }

  /**
   * Adds or replaces an open document (opened or edited in an editor). `change`: where it differs
   * from the version before, when the editor said so; else found by comparing the two texts.
   */
  set(document: TextDocument, change?: TextChange): void {
    const before = this.document(document.uri);
    this.changedUnderFolders(document.uri, !before);
    this.open.set(document.uri, document);
    this.documentChanges++;
    if (before) {
      let history = this.edits.get(document.uri);
      if (!history) this.edits.set(document.uri, (history = new EditHistory()));
      history.record(tokenOf(before), tokenOf(document), change ?? textChange(before.text.toString(), document.text.toString()));
    }
    // A document that neither was nor is a routing file changes no route.
    if (mayRoute(before) || mayRoute(document)) this.changed();
  }

  /** The editor closed the document: its disk copy, if any, counts again (analysed from the open version's analysis). */
  close(uri: string): void {
    this.open.delete(uri);
    this.edits.delete(uri);
    this.documentChanges++;
    if (this.disk.has(uri)) {
      this.changedUnderFolders(uri, false); // its disk copy counts again
      this.changed();
    } else this.forget(uri);
  }

  /** Adds or replaces a file as read from disk (indexing, a watched change). */
  setFromDisk(document: TextDocument): void {
    const before = this.disk.get(document.uri);
    if (!this.open.has(document.uri)) this.changedUnderFolders(document.uri, !before);
    this.disk.set(document.uri, document);
    this.documentChanges++;
    if (!this.open.has(document.uri) && (mayRoute(before) || mayRoute(document))) this.changed();
  }

  /** The file is gone from disk (or is no longer indexed). */
  deleteFromDisk(uri: string): void {
    this.disk.delete(uri);
    if (!this.open.has(uri)) this.forget(uri);
  }

  /** The offset in the open document's text where its last edit ended, if it was edited. */
  lastEditEnd(uri: string): number | undefined {
    return this.edits.get(uri)?.last?.newEnd;
  }

  /** Whether an editor has the document open. */
  isOpen(uri: string): boolean {
    return this.open.has(uri);
  }

  document(uri: string): TextDocument | undefined {
    return this.open.get(uri) ?? this.disk.get(uri);
  }

  /** Every document, open or read from disk, once each. */
  *documents(): Iterable<TextDocument> {
    yield* this.open.values();
    for (const [uri, document] of this.disk) if (!this.open.has(uri)) yield document;
  }

  /**
   * The documents whose path (as URIs write it) lies under `folder`: found by one walk of the
   * workspace, which is walked again only once a document under it was added or removed (a
   * routing file's controllers folder is asked for on each of its publishes and code lenses).
   */
  documentsUnder(folder: string): readonly string[] {
    const entry = this.folder(folder);
    if (!entry.uris) {
      entry.uris = [];
      for (const { uri } of this.documents()) if (parseUri(uri)?.path.startsWith(`${folder}/`)) entry.uris.push(uri);
    }
    return entry.uris;
  }

  /** A number that changes whenever a document under `folder` is added, removed or changed: what is worked out of them can be kept until then. */
  changesUnder(folder: string): number {
    return this.folder(folder).changes;
  }

  private folder(path: string): { uris?: string[]; changes: number } {
    let entry = this.folders.get(path);
    if (!entry) this.folders.set(path, (entry = { changes: 0 }));
    return entry;
  }

  /** The document at `uri` changed (`membership`: it was added or removed): so did the folders above it that were asked about. */
  private changedUnderFolders(uri: string, membership: boolean): void {
    if (this.folders.size === 0) return;
    const path = parseUri(uri)?.path;
    if (path === undefined) return;
    for (const [folder, entry] of this.folders) {
      if (!path.startsWith(`${folder}/`)) continue;
      entry.changes++;
      if (membership) entry.uris = undefined;
    }
  }

  /** Offsets to line/character positions of a document (empty for an unknown uri). */
  lines(uri: string): LineIndex {
    const document = this.document(uri);
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

  /** The value `make` gives for `document`, kept per document version; after an edit, the previous version's brought past it by `pastEdit`. */
  private followingEdits<T>(
    cache: Map<string, Cached<T>>,
    uri: string,
    document: TextDocument,
    make: (text: SourceText) => T,
    pastEdit: (previous: T, change: TextChange, text: SourceText) => T,
  ): T {
    return cachedFor(cache, document, (previous, before) => {
      const edit = this.editBetween(uri, before, document);
      return previous !== undefined && edit ? pastEdit(previous, edit, document.text) : make(document.text);
    });
  }

  /**
   * Where `to` differs from `from`, if `to` is the newest version of `uri` and was made from `from`
   * by the edits since (see EditHistory). Versions are named by tokens, not the documents: what was
   * worked out of a version holds it while it is needed, and its text goes once nothing does. (A `WeakRef` would hold it until the end of the current job, which a
   * caller that edits in a loop never reaches.)
   */
  private editBetween(uri: string, from: TextDocument | undefined, to: TextDocument): TextChange | undefined {
    return from && this.edits.get(uri)?.between(tokenOf(from), tokenOf(to));
  }

  /** The helper uses of the document at `uri`, in order: after an edit, searched for again only around it. */
  helperUses(uri: string): readonly HelperUse[] {
    const document = this.document(uri);
    if (!document) return [];
    return this.followingEdits(this.helperUseLists, uri, document, scanHelperUses, scanAfterEdit).uses;
  }

  /** The routing file at `uri`, or undefined when the document is not one. */
  routingFile(uri: string): LoadedRoutingFile | undefined {
    const document = this.document(uri);
    if (!mayRoute(document)) return undefined;
    // The same text (a file opened as it is on disk, or closed unchanged) keeps its analysis; an
    // edited one hands the previous analysis over, so that only what changed is parsed and expanded
    // again.
    return cachedFor(this.loaded, document, (previous, before) => {
      const change = this.editBetween(uri, before, document);
      return this.kept(uri, previous && before && sameText(before.text, document.text, change) ? previous : this.load(uri, document.text, previous, change));
    });
  }

  /** `text` analysed as the routing file at `uri`, with the workspace's settings; from `previous` (used up) where given. */
  private load(uri: string, text: SourceText, previous?: LoadedRoutingFile, change?: TextChange): LoadedRoutingFile | undefined {
    return loadRoutingFile(text, parseUri(uri)?.fsPath ?? uri, { defaults: this.drawDefaults(), previous, change });
  }

  /** An analysis as the workspace keeps it: a file that is not open keeps no syntax tree (only an open one is completed in). */
  private kept(uri: string, file: LoadedRoutingFile | undefined): LoadedRoutingFile | undefined {
    return file && !this.open.has(uri) ? compact(file) : file;
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
      if (!cached.value || !this.open.has(uri)) continue;
      now.set(uri, cached.document);
      if (this.atLastRelease.get(uri) !== cached.document) continue;
      const file = compact(cached.value);
      if (file === cached.value) continue;
      this.loaded.set(uri, { document: cached.document, value: file });
      released = true;
    }
    this.atLastRelease = now;
    if (released) this.changed();
  }

  /**
   * Merges each routing file's helper names now, with every declaration edited since the last
   * merge (see helperLists): the first completion after a file was opened or changed much would
   * do it otherwise, and a burst of edits merges again after fewer declarations. Meant
   * for the moments the user is idle.
   */
  prepareHelperIndex(): void {
    for (const { file } of this.routingFiles()) helperLists(file.routes.table, true);
  }

  /** The routing file `uri` would be with `text` instead (a quick fix's preview), analysed from scratch as the workspace analyses it; nothing is kept. */
  routingFileWith(uri: string, text: string): LoadedRoutingFile | undefined {
    return this.load(uri, text);
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
    const document = this.document(uri);
    const current = this.routingFile(uri);
    if (!document || !current) return undefined;
    const edited = this.load(uri, text, current, change);
    try {
      return inspect(current, edited);
    } finally {
      const back = edited && { start: change.start, oldEnd: change.newEnd, newEnd: change.oldEnd };
      this.loaded.set(uri, { document, value: this.kept(uri, this.load(uri, document.text, edited, back)) });
      // What was worked out of the version used up is worked out again, of the restored one.
      this.changed();
    }
  }

  private drawDefaults() {
    const { defaultBehaviour, drawDefaults } = this.currentSettings;
    return { ...drawDefaults, behaviour: defaultBehaviour };
  }

  /** What the document at `uri` defines as a controller module (read once per version), whether or not it is one. */
  controllerModule(uri: string): ControllerModuleInfo | undefined {
    const document = this.document(uri);
    if (!document) return undefined;
    return cachedFor(this.controllerModules, document, () => readControllerModule(document.text.toString(), parseUri(uri)?.fsPath ?? uri));
  }

  /** Every routing file of the workspace with its uri (gathered once per change). */
  routingFiles(): ReadonlyArray<{ uri: string; file: LoadedRoutingFile }> {
    if (this.routingList) return this.routingList;
    const list: Array<{ uri: string; file: LoadedRoutingFile }> = [];
    for (const { uri } of this.documents()) {
      const file = this.routingFile(uri);
      if (file) list.push({ uri, file });
    }
    // By path, whatever order the files were indexed or opened in: views and tables list them alike every time.
    list.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    this.routingList = list;
    return list;
  }

  /**
   * The routing files whose helpers the document at `uri` uses: those it imports a route set from
   * (see routeSets.ts), or undefined (every routing file) where it imports none, is a routing file
   * itself, or the workspace has one route set.
   */
  routeSetOf(uri: string): readonly string[] | undefined {
    if (this.routingFiles().length < 2 || this.routingFile(uri)) return undefined;
    const cached = this.routeSets.get(uri);
    if (cached?.changes === this.documentChanges) return cached.files;
    const found = importedRoutingFiles({ text: (u) => this.document(u)?.text, isRoutingFile: (u) => this.routingFile(u) !== undefined }, uri);
    const files = found.length ? found : undefined;
    this.routeSets.set(uri, { changes: this.documentChanges, files });
    return files;
  }

  /** The routing files of `scope` (a document's route sets), or every one. */
  private routingFilesIn(scope: readonly string[] | undefined): ReadonlyArray<{ uri: string; file: LoadedRoutingFile }> {
    const files = this.routingFiles();
    return scope ? files.filter((f) => scope.includes(f.uri)) : files;
  }

  /** The route named `name` among the routing files of `scope` (every one when undefined): the first routing file holding it wins. */
  namedRoute(name: string, scope?: readonly string[]): NamedRoute | undefined {
    for (const { uri, file } of this.routingFilesIn(scope)) {
      const route = file.routes.table.named.get(name);
      if (route) return { uri, route, file };
    }
    return undefined;
  }

  /** Every named route of the workspace once, as `namedRoute` resolves it. */
  *namedRoutes(): Iterable<[string, NamedRoute]> {
    const files = this.routingFiles();
    const seen = new Set<string>();
    for (const { uri, file } of files) {
      for (const [name, route] of file.routes.table.namedRoutes()) {
        // One file (the usual case) needs no bookkeeping of names already given.
        if (files.length > 1) {
          if (seen.has(name)) continue;
          seen.add(name);
        }
        yield [name, { uri, route, file }];
      }
    }
  }

  /** The first `limit` helpers of the routing files of `scope` (every one when undefined), by name, that start with `prefix` (see helperIndex). */
  helpersWithPrefix(prefix: string, limit: number, scope?: readonly string[]): HelperInfo[] {
    const files = this.routingFilesIn(scope);
    const lists = files.flatMap(({ file }) => helperLists(file.routes.table));
    // With several routing files, a name belongs to the first file that has it.
    const accept = files.length > 1 ? (info: HelperInfo) => this.namedRoute(info.route.name ?? "", scope)?.route === info.route : () => true;
    return helpersWithPrefix(lists, prefix, limit, accept);
  }

  /**
   * The helper name nearest to an unknown one (`pots_path` → `posts_path`, `post_pth` →
   * `post_path`), or undefined: for a name that ends in `_path`/`_url`, among route names (a
   * quarter as many as helper names), else among the `_path`/`_url` helper names; once per name
   * until the routes change, and then only in the declarations that changed (see nearestRouteName).
   */
  suggestHelper(helper: string, scope?: readonly string[]): string | undefined {
    const files = this.routingFilesIn(scope);
    if (this.suggestions?.changes !== this.routingChanges) this.suggestions = { changes: this.routingChanges, found: new Map() };
    const cache = this.suggestions;
    const key = scope ? `${scope.join("\n")}\n${helper}` : helper;
    if (cache.found.has(key)) return cache.found.get(key);
    const tables = files.map(({ file }) => file.routes.table);
    const parts = /^((?:hash_for_)?(?:formatted_)?)(.+)(_(?:path|url))$/.exec(helper);
    const found = parts
      ? mapDefined(nearestRouteName(tables, parts[2], suggestionBound(parts[2])), (name) => `${parts[1]}${name}${parts[3]}`)
      : nearestRouteName(tables, helper, suggestionBound(helper), "helper");
    cache.found.set(key, found);
    return found;
  }

  /** A cache of what is worked out of each document, by URI, that forget() clears with the others. */
  private documentCache<T>(): Map<string, T> {
    const cache = new Map<string, T>();
    this.documentCaches.push(cache);
    return cache;
  }

  private forget(uri: string): void {
    this.changedUnderFolders(uri, true);
    for (const cache of this.documentCaches) cache.delete(uri);
    this.documentChanges++;
    this.changed();
  }

  private changed(): void {
    this.routingList = undefined;
    this.routingChanges++;
  }
}

/** An object standing for a document version, which holds no text. */
function tokenOf(document: TextDocument): object {
  return documentTokens.get(document, () => ({}));
}

const documentTokens = new KeptFor<TextDocument, object>();

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

/** Only files that name the package can be routing files; the rest are never parsed. */
function mayRoute(document: TextDocument | undefined): document is TextDocument {
  return document !== undefined && document.text.includes(PACKAGE_NAME);
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

/** The value computed for `document`, computing it (from the value and document it replaces, if any) when missing. */
function cachedFor<T>(cache: Map<string, Cached<T>>, document: TextDocument, compute: (previous: T | undefined, before: TextDocument | undefined) => T): T {
  const cached = cache.get(document.uri);
  if (cached && cached.document === document) return cached.value;
  const value = compute(cached?.value, cached?.document);
  cache.set(document.uri, { document, value });
  return value;
}
