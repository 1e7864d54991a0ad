import * as lsp from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { TextChange } from "../analysis/fileSyntax";

/**
 * The open documents' configuration (see `lsp.TextDocuments`) that notes where each update
 * changed a document, as the client said it: the workspace then does not compare the old and new
 * texts to find the edit (a megabyte each on 100,000 routes, on every keystroke).
 */
export class ChangeRecorder implements lsp.TextDocumentsConfiguration<TextDocument> {
  private readonly changes = new Map<string, TextChange | undefined>();

  create(uri: string, languageId: string, version: number, content: string): TextDocument {
    this.changes.delete(uri);
    return TextDocument.create(uri, languageId, version, content);
  }

  update(document: TextDocument, changes: lsp.TextDocumentContentChangeEvent[], version: number): TextDocument {
    this.changes.set(document.uri, changeOf(document, changes));
    return TextDocument.update(document, changes, version);
  }

  /** Where the last update of `uri` changed it, once; undefined when not told (a whole new text, or several changes at once). */
  take(uri: string): TextChange | undefined {
    const change = this.changes.get(uri);
    this.changes.delete(uri);
    return change;
  }
}

/** The range one incremental change replaced in `document`, and where its text ends in the result. */
export function changeOf(document: TextDocument, changes: readonly lsp.TextDocumentContentChangeEvent[]): TextChange | undefined {
  if (changes.length !== 1 || !lsp.TextDocumentContentChangeEvent.isIncremental(changes[0])) return undefined;
  const { range, text } = changes[0];
  // As TextDocument.update places it: a position past a line's end is its end, and a range given end first is turned round.
  const from = document.offsetAt(range.start);
  const to = document.offsetAt(range.end);
  const start = Math.min(from, to);
  return { start, oldEnd: Math.max(from, to), newEnd: start + text.length };
}
