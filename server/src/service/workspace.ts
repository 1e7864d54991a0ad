import { LineIndex } from "../analysis/lineIndex";
import { LoadedRoutingFile, loadRoutingFile } from "../analysis/routingFile";
import { Behaviour } from "../routing/declarations";
import { Route } from "../routing/route";

/** A text document as the service sees it: an identifier, a version and its text. */
export interface TextDocument {
  uri: string;
  version: number;
  text: string;
}

export type NamedRoutes = Map<string, { uri: string; route: Route; file: LoadedRoutingFile }>;

/**
 * The workspace's documents. Each routing file is analysed once per version, each line index is
 * built once per version, and the workspace's named routes are gathered once per change.
 */
export class RoutingWorkspace {
  private readonly documents = new Map<string, TextDocument>();
  private readonly loaded = new Map<string, { version: number; file: LoadedRoutingFile | undefined }>();
  private readonly lineIndexes = new Map<string, { version: number; lines: LineIndex }>();
  private named?: NamedRoutes;

  constructor(private readonly defaultBehaviour?: Behaviour) {}

  /** Adds or replaces a document (open, changed, or read from disk). */
  set(document: TextDocument): void {
    this.documents.set(document.uri, document);
    this.named = undefined;
  }

  delete(uri: string): void {
    this.documents.delete(uri);
    this.loaded.delete(uri);
    this.lineIndexes.delete(uri);
    this.named = undefined;
  }

  /** Offsets to line/character positions of a document (empty for an unknown uri). */
  lines(uri: string): LineIndex {
    const document = this.documents.get(uri);
    if (!document) return new LineIndex("");
    const cached = this.lineIndexes.get(uri);
    if (cached && cached.version === document.version) return cached.lines;
    const lines = new LineIndex(document.text);
    this.lineIndexes.set(uri, { version: document.version, lines });
    return lines;
  }

  document(uri: string): TextDocument | undefined {
    return this.documents.get(uri);
  }

  /** The routing file at `uri`, or undefined when the document is not one. */
  routingFile(uri: string): LoadedRoutingFile | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const cached = this.loaded.get(uri);
    if (cached && cached.version === document.version) return cached.file;
    const file = loadRoutingFile(document.text, fileNameOf(uri), this.defaultBehaviour);
    this.loaded.set(uri, { version: document.version, file });
    return file;
  }

  /** Every routing file of the workspace with its uri. */
  routingFiles(): Array<{ uri: string; file: LoadedRoutingFile }> {
    const result: Array<{ uri: string; file: LoadedRoutingFile }> = [];
    for (const uri of this.documents.keys()) {
      const file = this.routingFile(uri);
      if (file) result.push({ uri, file });
    }
    return result;
  }

  /** Named routes of the whole workspace: route name → where it is declared (the first file holding it). */
  namedRoutes(): NamedRoutes {
    if (this.named) return this.named;
    const result: NamedRoutes = new Map();
    for (const { uri, file } of this.routingFiles()) {
      for (const [name, route] of file.routes.table.named) if (!result.has(name)) result.set(name, { uri, route, file });
    }
    this.named = result;
    return result;
  }
}

function fileNameOf(uri: string): string {
  return decodeURIComponent(uri.replace(/^[a-z]+:\/\//i, "").split(/[?#]/)[0]);
}
