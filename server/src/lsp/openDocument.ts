import * as lsp from "vscode-languageserver/node";

import { LineIndex } from "../text/lineIndex";
import { ChunkedText } from "../text/sourceText";
import type { TextChange } from "../text/textChange";

/**
 * An open document as the server keeps it: its text in chunks, its line index, and where its last
 * update changed it, each brought past an edit at the edit's cost. The protocol library's own
 * document holds the text as one string, which every edit copies whole, and the workspace would
 * then compare the old and new texts to find the edit again.
 */
export class OpenDocument {
  constructor(
    readonly uri: string,
    readonly version: number,
    readonly text: ChunkedText,
    readonly lines: LineIndex,
    /** Where the update that made this version changed the one before; undefined when opened, or not told as one range. */
    readonly change?: TextChange,
  ) {}

  offsetAt(position: lsp.Position): number {
    return offsetIn(this.text, this.lines, position);
  }

  /** This document with `changes` made, in order (each given in the text the ones before it made). */
  updated(changes: readonly lsp.TextDocumentContentChangeEvent[], version: number): OpenDocument {
    let { text, lines } = this;
    let change: TextChange | undefined;
    for (const event of changes) {
      if (!lsp.TextDocumentContentChangeEvent.isIncremental(event)) {
        text = ChunkedText.of(event.text);
        lines = LineIndex.of(event.text);
        change = undefined;
        continue;
      }
      const from = offsetIn(text, lines, event.range.start);
      const to = offsetIn(text, lines, event.range.end);
      const start = Math.min(from, to);
      change = { start, oldEnd: Math.max(from, to), newEnd: start + event.text.length };
      text = text.replaced(change.start, change.oldEnd, event.text);
      lines = lines.edited(change, text);
    }
    return new OpenDocument(this.uri, version, text, lines, changes.length === 1 ? change : undefined);
  }
}

/** The offset of `position` as the protocol library's documents count it (clients' changes are made so): past a line's end is before its line break. */
function offsetIn(text: ChunkedText, lines: LineIndex, { line, character }: lsp.Position): number {
  if (line >= lines.lineCount) return text.length;
  if (line < 0) return 0;
  const lineStart = lines.offsetAt({ line, character: 0 });
  if (character <= 0) return lineStart;
  let offset = lines.offsetAt({ line, character });
  while (offset > lineStart && isLineBreak(text.charCodeAt(offset - 1))) offset--;
  return offset;
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

/** The open documents' configuration (see `lsp.TextDocuments`): OpenDocuments. */
export const OPEN_DOCUMENTS: lsp.TextDocumentsConfiguration<OpenDocument> = {
  create: (uri, _languageId, version, content) => new OpenDocument(uri, version, ChunkedText.of(content), LineIndex.of(content)),
  update: (document, changes, version) => document.updated(changes, version),
};
