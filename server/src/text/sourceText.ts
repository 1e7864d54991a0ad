import type { Span } from "resource-routes/internal";

/**
 * A text read in parts: what the analyser and the language service read of a document around an
 * edit or a cursor. A string is one; so is a ChunkedText, an open document's text that is never
 * joined into one string unless something asks for the whole (`toString()`).
 */
export interface SourceText {
  readonly length: number;
  /** From `start` to `end` (the text's end when not given); the whole text is the text as one string. */
  slice(start: number, end?: number): string;
  charCodeAt(index: number): number;
  includes(search: string): boolean;
  toString(): string;
}

/** Characters a chunk holds at most: an edit copies the chunk it falls in, not the whole text. */
const CHUNK = 8192;

/**
 * A text as a list of chunks, of which an edit replaces those it touches: a string would be copied
 * whole by each edit (V8 joins the pieces of a concatenated string when it is first read), a
 * megabyte per keystroke on a 100,000-route file, all of it garbage for the next full collection.
 * Immutable: each version shares the chunks an edit left alone with the one it came from.
 */
export class ChunkedText implements SourceText {
  /** The whole text as one string, once asked for. */
  private whole: string | undefined;

  private constructor(
    /** Characters a chunk holds at most (tests make it small). */
    private readonly chunkSize: number,
    private readonly chunks: readonly string[],
    /** Where each chunk begins. */
    private readonly starts: readonly number[],
    readonly length: number,
  ) {}

  static of(text: string, chunkSize = CHUNK): ChunkedText {
    const chunks: string[] = [];
    const starts: number[] = [];
    for (let at = 0; at < text.length; at += chunkSize) {
      starts.push(at);
      chunks.push(text.slice(at, at + chunkSize));
    }
    const result = new ChunkedText(chunkSize, chunks, starts, text.length);
    result.whole = text;
    return result;
  }

  /** The text with `start`..`end` replaced by `inserted` (offsets clamped into the text). */
  replaced(start: number, end: number, inserted: string): ChunkedText {
    start = clamp(start, this.length);
    end = clamp(Math.max(start, end), this.length);
    // The chunks from the one holding `start` to the one holding `end` become one piece, split again if long.
    const first = Math.max(0, this.chunkAt(start));
    const last = Math.max(first, this.chunkAt(end));
    const firstStart = this.starts[first] ?? 0;
    const lastChunk = this.chunks[last] ?? "";
    const lastStart = this.starts[last] ?? 0;
    const piece = (this.chunks[first] ?? "").slice(0, start - firstStart) + inserted + lastChunk.slice(end - lastStart);
    const pieces: string[] = [];
    for (let at = 0; at < piece.length; at += this.chunkSize) pieces.push(flat(piece.slice(at, at + this.chunkSize)));
    const chunks = [...this.chunks.slice(0, first), ...pieces, ...this.chunks.slice(last + 1)];
    const delta = inserted.length - (end - start);
    const starts = this.starts.slice(0, first);
    for (let i = 0, at = firstStart; i < pieces.length; at += pieces[i].length, i++) starts.push(at);
    for (let i = last + 1; i < this.starts.length; i++) starts.push(this.starts[i] + delta);
    return new ChunkedText(this.chunkSize, chunks, starts, this.length + delta);
  }

  slice(start: number, end = this.length): string {
    start = clamp(start, this.length);
    end = clamp(end, this.length);
    if (end <= start) return "";
    if (start === 0 && end === this.length) return this.toString();
    if (this.whole !== undefined) return this.whole.slice(start, end);
    let chunk = this.chunkAt(start);
    const from = start - this.starts[chunk];
    if (end <= this.starts[chunk] + this.chunks[chunk].length) return this.chunks[chunk].slice(from, end - this.starts[chunk]);
    let result = this.chunks[chunk].slice(from);
    for (chunk++; chunk < this.chunks.length && this.starts[chunk] < end; chunk++) result += this.chunks[chunk].slice(0, end - this.starts[chunk]);
    return result;
  }

  charCodeAt(index: number): number {
    if (index < 0 || index >= this.length) return NaN;
    const chunk = this.chunkAt(index);
    return this.chunks[chunk].charCodeAt(index - this.starts[chunk]);
  }

  includes(search: string): boolean {
    if (this.whole !== undefined) return this.whole.includes(search);
    const overlap = search.length - 1;
    for (let i = 0; i < this.chunks.length; i++) {
      if (this.chunks[i].includes(search)) return true;
      // A match may cross a chunk's end.
      if (overlap > 0 && i + 1 < this.chunks.length && this.slice(this.starts[i + 1] - overlap, this.starts[i + 1] + overlap).includes(search)) return true;
    }
    return false;
  }

  toString(): string {
    return (this.whole ??= flat(this.chunks.join("")));
  }

  /** The index of the chunk holding `offset` (the last chunk for the text's end). */
  private chunkAt(offset: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.starts[middle] <= offset) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }
}

/**
 * The run of characters `holds` takes around `start`..`end`: the range grown backwards and
 * forwards while the characters next to it pass (a word around the cursor, the run of
 * characters that may belong to a helper use around an edit).
 */
export function runAround(text: SourceText, start: number, end: number, holds: (code: number) => boolean): { start: number; end: number } {
  while (start > 0 && holds(text.charCodeAt(start - 1))) start--;
  while (end < text.length && holds(text.charCodeAt(end))) end++;
  return { start, end };
}

function clamp(offset: number, length: number): number {
  return Math.max(0, Math.min(offset, length));
}

/** The string joined now, while its parts are at hand (a concatenation is joined when first read, and holds its parts until then). */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKTICK = 96;

/** The content of the string literal written at `span` (without its quotes), or undefined when it is not one. */
export function stringContent(text: SourceText, span: Span): Span | undefined {
  if (span.end - span.start < 2) return undefined;
  const quote = text.charCodeAt(span.start);
  return (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE || quote === BACKTICK) && text.charCodeAt(span.end - 1) === quote
    ? { start: span.start + 1, end: span.end - 1 }
    : undefined;
}
