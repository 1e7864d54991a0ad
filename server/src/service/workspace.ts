import { LoadedRoutingFile, loadRoutingFile } from "../analysis/routingFile";
import { Behaviour } from "../routing/declarations";
import { Route } from "../routing/route";

/** A text document as the service sees it: an identifier, a version and its text. */
export interface TextDocument {
  uri: string;
  version: number;
  text: string;
}

/** The workspace's routing files, each analysed once per version. */
export class RoutingWorkspace {
  private readonly documents = new Map<string, TextDocument>();
  private readonly loaded = new Map<string, { version: number; file: LoadedRoutingFile | undefined }>();

  constructor(private readonly defaultBehaviour?: Behaviour) {}

  /** Adds or replaces a document (open, changed, or read from disk). */
  set(document: TextDocument): void {
    this.documents.set(document.uri, document);
  }

  delete(uri: string): void {
    this.documents.delete(uri);
    this.loaded.delete(uri);
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

  /** Named routes of the whole workspace: route name → where it is declared. */
  namedRoutes(): Map<string, { uri: string; route: Route; file: LoadedRoutingFile }> {
    const result = new Map<string, { uri: string; route: Route; file: LoadedRoutingFile }>();
    for (const { uri, file } of this.routingFiles()) {
      for (const [name, route] of file.routes.table.named) if (!result.has(name)) result.set(name, { uri, route, file });
    }
    return result;
  }
}

function fileNameOf(uri: string): string {
  return decodeURIComponent(uri.replace(/^[a-z]+:\/\//i, "").split(/[?#]/)[0]);
}
