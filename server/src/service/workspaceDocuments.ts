import { PACKAGE_NAME } from "../analysis/packageName";
import { parseUri } from "../files/uris";
import { KeptFor } from "../incremental/keptFor";
import { LineIndex } from "../text/lineIndex";
import { SourceText } from "../text/sourceText";
import { TextChange, textChange } from "../text/textChange";
import { EditHistory } from "./editHistory";

/** A text document as the service sees it: an identifier, a version and its text. */
export interface TextDocument {
  uri: string;
  version: number;
  /** A string, or an open document's chunks (read in parts; `toString()` joins them, for what needs the whole). */
  text: SourceText;
  /** Its line index, when whoever made the document keeps one (the server's open documents do). */
  lines?: LineIndex;
}

/**
 * The workspace's documents in two layers: what editors have open, over what was read from disk.
 * An open document hides its disk copy until it is closed. It keeps each open document's recent
 * edits, the folders asked about, and the caches of what others work out of each document, which
 * it clears for a document that goes.
 */
export class WorkspaceDocuments {
  private readonly open = new Map<string, TextDocument>();
  private readonly disk = new Map<string, TextDocument>();
  /** Every cache of what is worked out of a document, by its URI: a document that goes is forgotten in each (forget). */
  private readonly caches: Array<Map<string, unknown>> = [];
  /**
   * The recent edits of each open document: where each version differs from the one before (the
   * last one's end is where the user is typing; what was worked out of an earlier version is
   * brought past them).
   */
  private readonly edits = new Map<string, EditHistory>();
  /** Folders asked about: the documents under each (kept while none is added or removed) and a count of changes under it. */
  private readonly folders = new Map<string, { uris?: string[]; changes: number }>();
  /** Bumped whenever any document changes: what a document imports may lie in another. */
  changes = 0;
  /** Bumped whenever a document comes or goes: a module a routing file imports and did not find may have come. */
  members = 0;

  /** `routesMayChange`: a document that is or was a routing file changed, came or went. */
  constructor(private readonly routesMayChange: () => void) {}

  /** A cache of what is worked out of each document, by URI, cleared for a document that goes. */
  cache<T>(): Map<string, T> {
    const cache = new Map<string, T>();
    this.caches.push(cache);
    return cache;
  }

  /**
   * Adds or replaces an open document (opened or edited in an editor). `change`: where it differs
   * from the version before, when the editor said so; else found by comparing the two texts.
   */
  set(document: TextDocument, change?: TextChange): void {
    const before = this.document(document.uri);
    if (!before) this.members++;
    this.changedUnderFolders(document.uri, !before);
    this.open.set(document.uri, document);
    this.changes++;
    if (before) {
      let history = this.edits.get(document.uri);
      if (!history) this.edits.set(document.uri, (history = new EditHistory()));
      history.record(tokenOf(before), tokenOf(document), change ?? textChange(before.text.toString(), document.text.toString()));
    }
    // A document that neither was nor is a routing file changes no route.
    if (mayRoute(before) || mayRoute(document)) this.routesMayChange();
  }

  /** The editor closed the document: its disk copy, if any, counts again (analysed from the open version's analysis). */
  close(uri: string): void {
    this.open.delete(uri);
    this.edits.delete(uri);
    this.changes++;
    if (this.disk.has(uri)) {
      this.changedUnderFolders(uri, false); // its disk copy counts again
      this.routesMayChange();
    } else this.forget(uri);
  }

  /** Adds or replaces a file as read from disk (indexing, a watched change). */
  setFromDisk(document: TextDocument): void {
    const before = this.disk.get(document.uri);
    if (!before && !this.open.has(document.uri)) this.members++;
    if (!this.open.has(document.uri)) this.changedUnderFolders(document.uri, !before);
    this.disk.set(document.uri, document);
    this.changes++;
    if (!this.open.has(document.uri) && (mayRoute(before) || mayRoute(document))) this.routesMayChange();
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

  /**
   * Where `to` differs from `from`, if `to` is the newest version of `uri` and was made from `from`
   * by the edits since (see EditHistory). Versions are named by tokens, not the documents: what was
   * worked out of a version holds it while it is needed, and its text goes once nothing does. (A
   * `WeakRef` would hold it until the end of the current job, which a caller that edits in a loop
   * never reaches.)
   */
  editBetween(uri: string, from: TextDocument | undefined, to: TextDocument): TextChange | undefined {
    return from && this.edits.get(uri)?.between(tokenOf(from), tokenOf(to));
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

  private forget(uri: string): void {
    this.members++;
    this.changedUnderFolders(uri, true);
    for (const cache of this.caches) cache.delete(uri);
    this.changes++;
    this.routesMayChange();
  }
}

/** An object standing for a document version, which holds no text. */
function tokenOf(document: TextDocument): object {
  return documentTokens.get(document, () => ({}));
}

const documentTokens = new KeptFor<TextDocument, object>();

/** Only files that name the package can be routing files (or a Rails 2 routes.rb); the rest are never parsed. */
export function mayRoute(document: TextDocument | undefined): document is TextDocument {
  return document !== undefined && (document.text.includes(PACKAGE_NAME) || isRubyRoutes(document));
}

/** A routes.rb: a file of that name that draws Rails' routes, Rails 2's or modern Rails' (its text is not parsed here). */
export function isRubyRoutes(document: { uri: string; text: SourceText | string }): boolean {
  return document.uri.endsWith("/routes.rb") && (document.text.includes("Routing::Routes") || document.text.includes(".routes.draw"));
}
