import * as lsp from "vscode-languageserver/node";
import { TextChange } from "../analysis/fileSyntax";
import { LineIndex } from "../analysis/lineIndex";
import { ChunkedText } from "../text/sourceText";

/**
 * An open document as the server keeps it: its text in chunks, its line index, and where its last
 * update changed it, each brought past an edit at the edit's cost. The protocol library's own
 * document held the text as one string, which every edit copied whole (a megabyte per keystroke
 * on 100,000 routes, garbage for the next full collection), and the workspace then compared the
 * old and new texts to find the edit again.
 */
export class OpenDocument {
  constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    readonly text: ChunkedText,
    readonly lines: LineIndex,
    /** Where the update that made this version changed the one before; undefined when opened, or not told as one range. */
    readonly change?: TextChange,
  ) {}

  get lineCount(): number {
    return this.lines.lineCount;
  }

  getText(range?: lsp.Range): string {
    return range ? this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text.toString();
  }

  /** As the protocol library's documents count: between `\r` and `\n` is before the line break. */
  positionAt(offset: number): lsp.Position {
    const { line, character } = this.lines.positionAt(offset);
    const lineStart = this.lines.offsetAt({ line, character: 0 });
    return { line, character: beforeLineBreak(this.text, lineStart + character, lineStart) - lineStart };
  }

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
        lines = new LineIndex(event.text);
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
    return new OpenDocument(this.uri, this.languageId, version, text, lines, changes.length === 1 ? change : undefined);
  }
}

/** The offset of `position` as the protocol library's documents count it (clients' changes are made so): past a line's end is before its line break. */
function offsetIn(text: ChunkedText, lines: LineIndex, { line, character }: lsp.Position): number {
  if (line >= lines.lineCount) return text.length;
  if (line < 0) return 0;
  const lineStart = lines.offsetAt({ line, character: 0 });
  if (character <= 0) return lineStart;
  return beforeLineBreak(text, lines.offsetAt({ line, character }), lineStart);
}

/** `offset` moved back over the line break characters before it, not past `lineStart`. */
function beforeLineBreak(text: ChunkedText, offset: number, lineStart: number): number {
  while (offset > lineStart && isLineBreak(text.charCodeAt(offset - 1))) offset--;
  return offset;
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

/** The open documents' configuration (see `lsp.TextDocuments`): OpenDocuments. */
export const OPEN_DOCUMENTS: lsp.TextDocumentsConfiguration<OpenDocument> = {
  create: (uri, languageId, version, content) => new OpenDocument(uri, languageId, version, ChunkedText.of(content), new LineIndex(content)),
  update: (document, changes, version) => document.updated(changes, version),
};
