import { parseUri } from "./uris";
import { ControllerModuleInfo, readControllerModule } from "../analysis/controllerModule";
import { PACKAGE_NAME } from "../analysis/imports";
import { LineIndex } from "../analysis/lineIndex";
import { LoadedRoutingFile, loadRoutingFile } from "../analysis/routingFile";
import { HelperInfo, helpersOf } from "./helperNames";
import { Route } from "../routing/route";
import { DEFAULT_SETTINGS, ServiceSettings } from "./settings";

/** A text document as the service sees it: an identifier, a version and its text. */
export interface TextDocument {
  uri: string;
  version: number;
  text: string;
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
  private readonly loaded = new Map<string, Cached<LoadedRoutingFile | undefined>>();
  private readonly lineIndexes = new Map<string, Cached<LineIndex>>();
  private readonly controllerModules = new Map<string, Cached<ControllerModuleInfo>>();
  private routingList?: Array<{ uri: string; file: LoadedRoutingFile }>;
  private helperList?: HelperInfo[];

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

  /** Adds or replaces an open document (opened or edited in an editor). */
  set(document: TextDocument): void {
    this.open.set(document.uri, document);
    this.changed();
  }

  /** The editor closed the document: its disk copy, if any, counts again. */
  close(uri: string): void {
    this.open.delete(uri);
    this.forget(uri);
  }

  /** Adds or replaces a file as read from disk (indexing, a watched change). */
  setFromDisk(document: TextDocument): void {
    this.disk.set(document.uri, document);
    if (!this.open.has(document.uri)) this.changed();
  }

  /** The file is gone from disk (or is no longer indexed). */
  deleteFromDisk(uri: string): void {
    this.disk.delete(uri);
    if (!this.open.has(uri)) this.forget(uri);
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

  /** Offsets to line/character positions of a document (empty for an unknown uri). */
  lines(uri: string): LineIndex {
    const document = this.document(uri);
    if (!document) return new LineIndex("");
    return cachedFor(this.lineIndexes, document, () => new LineIndex(document.text));
  }

  /** The routing file at `uri`, or undefined when the document is not one. */
  routingFile(uri: string): LoadedRoutingFile | undefined {
    const document = this.document(uri);
    // Only files that name the package can be routing files; the rest are never parsed.
    if (!document?.text.includes(PACKAGE_NAME)) return undefined;
    const { defaultBehaviour, drawDefaults } = this.currentSettings;
    const defaults = { ...drawDefaults, behaviour: defaultBehaviour };
    // The same text (a file opened as it is on disk) keeps its analysis; an edited one hands the
    // previous analysis over, so that only what changed is parsed and expanded again.
    return cachedFor(this.loaded, document, (previous, before) =>
      previous && before?.text === document.text ? previous : loadRoutingFile(document.text, parseUri(uri)?.fsPath ?? uri, { defaults, previous }),
    );
  }

  /** What the document at `uri` defines as a controller module (read once per version), whether or not it is one. */
  controllerModule(uri: string): ControllerModuleInfo | undefined {
    const document = this.document(uri);
    if (!document) return undefined;
    return cachedFor(this.controllerModules, document, () => readControllerModule(document.text, parseUri(uri)?.fsPath ?? uri));
  }

  /** Every routing file of the workspace with its uri (gathered once per change). */
  routingFiles(): ReadonlyArray<{ uri: string; file: LoadedRoutingFile }> {
    if (this.routingList) return this.routingList;
    const list: Array<{ uri: string; file: LoadedRoutingFile }> = [];
    for (const { uri } of this.documents()) {
      const file = this.routingFile(uri);
      if (file) list.push({ uri, file });
    }
    this.routingList = list;
    return list;
  }

  /** The route of the workspace named `name`: the first routing file holding it wins. */
  namedRoute(name: string): NamedRoute | undefined {
    for (const { uri, file } of this.routingFiles()) {
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
      for (const [name, route] of file.routes.table.named) {
        // One file (the usual case) needs no bookkeeping of names already given.
        if (files.length > 1) {
          if (seen.has(name)) continue;
          seen.add(name);
        }
        yield [name, { uri, route, file }];
      }
    }
  }

  /** Every helper the workspace's routes give, sorted by name (completion looks prefixes up in it). */
  helpers(): readonly HelperInfo[] {
    if (this.helperList) return this.helperList;
    const named = [...this.namedRoutes()].map(([name, { route }]): [string, Route] => [name, route]);
    this.helperList = helpersOf(named).sort((a, b) => (a.helper < b.helper ? -1 : a.helper > b.helper ? 1 : 0));
    return this.helperList;
  }

  private forget(uri: string): void {
    this.loaded.delete(uri);
    this.lineIndexes.delete(uri);
    this.controllerModules.delete(uri);
    this.changed();
  }

  private changed(): void {
    this.routingList = undefined;
    this.helperList = undefined;
  }
}

/** The value computed for `document`, computing it (from the value and document it replaces, if any) when missing. */
function cachedFor<T>(cache: Map<string, Cached<T>>, document: TextDocument, compute: (previous: T | undefined, before: TextDocument | undefined) => T): T {
  const cached = cache.get(document.uri);
  if (cached && cached.document === document) return cached.value;
  const value = compute(cached?.value, cached?.document);
  cache.set(document.uri, { document, value });
  return value;
}
