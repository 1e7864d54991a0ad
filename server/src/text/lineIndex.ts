import type { SourceText } from "./sourceText";
import type { TextChange } from "./textChange";

/** A 0-based line/character position, as LSP counts them (UTF-16 code units). */
export interface Position {
  line: number;
  character: number;
}

/** Lines a block of the index holds at most: an edit copies the block it falls in, not every line start. */
const BLOCK_LINES = 1024;

/**
 * Converts offsets of a text to line/character positions and back. The line starts are kept in
 * blocks, each with a shift added to its entries: an edit makes the blocks it touches again and
 * shifts those after it, rather than copying an array of every start on each keystroke.
 */
export class LineIndex {
  private constructor(
    /** Lines a block holds at most (tests make it small). */
    private readonly blockLines: number,
    /** The line starts, in blocks of consecutive lines, none empty; an entry plus its block's shift is the start. */
    private readonly blocks: readonly Uint32Array[],
    private readonly shifts: readonly number[],
    /** The index of each block's first line. */
    private readonly firstLines: readonly number[],
    readonly lineCount: number,
    private readonly length: number,
  ) {}

  /** The index of `text`, its line starts found in the whole text. */
  static of(text: SourceText, blockLines = BLOCK_LINES): LineIndex {
    const whole = text.toString();
    const starts = whole.includes("\r") ? startsOfLines(whole) : startsOfLinesLf(whole);
    const blocks = inBlocks(starts, blockLines);
    return new LineIndex(
      blockLines,
      blocks,
      blocks.map(() => 0),
      blocks.map((_, b) => b * blockLines),
      starts.length,
      whole.length,
    );
  }

  /**
   * The index of `text`, which is this index's text with `change` made: the line starts before
   * the change kept, those from its start to the end of the text it put in found, those after it
   * moved, instead of searching the whole text again. Whether an
   * offset starts a line depends on the characters before and at it (`\r` before `\n` is one line
   * break): those in the change and on either side of it are read. Only the blocks holding the
   * lines the change removed or added are made again (with the next one when they would be small).
   */
  edited(change: TextChange, text: SourceText): LineIndex {
    const before = this.countUpTo(change.start - 1);
    const after = this.countUpTo(change.oldEnd);
    const from = Math.max(1, change.start);
    // The characters from just before the first offset looked at to just after the last.
    const around = text.slice(from - 1, change.newEnd + 1);
    const added: number[] = change.start === 0 ? [0] : [];
    for (let at = from; at <= change.newEnd; at++) {
      const previous = around.charCodeAt(at - from);
      if (previous === 10 || (previous === 13 && around.charCodeAt(at - from + 1) !== 10)) added.push(at);
    }
    const delta = change.newEnd - change.oldEnd;
    // The blocks from the one holding line `before` to the one holding the last line removed.
    const first = this.blockOfLine(Math.min(before, this.lineCount - 1));
    let last = Math.max(first, this.blockOfLine(Math.min(after - 1, this.lineCount - 1)));
    let end = this.firstLines[last] + this.blocks[last].length;
    // Blocks made small by deletions take in the next one, so that edits do not leave many.
    while (before - this.firstLines[first] + added.length + end - after < this.blockLines / 2 && last + 1 < this.blocks.length)
      end += this.blocks[++last].length;
    const starts: number[] = [];
    /** Puts in the starts of block `b`'s lines from `fromLine` to before `toLine`, moved by `move`. */
    const keep = (b: number, fromLine: number, toLine: number, move: number) => {
      const block = this.blocks[b];
      const shift = this.shifts[b] + move;
      const base = this.firstLines[b];
      for (let i = Math.max(0, fromLine - base), stop = Math.min(block.length, toLine - base); i < stop; i++) starts.push(block[i] + shift);
    };
    keep(first, 0, before, 0);
    for (const start of added) starts.push(start);
    for (let b = first; b <= last; b++) keep(b, after, end, delta);

    const blocks = this.blocks.slice(0, first);
    const shifts = this.shifts.slice(0, first);
    for (const block of inBlocks(Uint32Array.from(starts), this.blockLines)) {
      blocks.push(block);
      shifts.push(0);
    }
    for (let b = last + 1; b < this.blocks.length; b++) {
      blocks.push(this.blocks[b]);
      shifts.push(this.shifts[b] + delta);
    }
    const firstLines: number[] = [];
    let lineCount = 0;
    for (const block of blocks) {
      firstLines.push(lineCount);
      lineCount += block.length;
    }
    return new LineIndex(this.blockLines, blocks, shifts, firstLines, lineCount, text.length);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.length));
    // The last line starting at or before the offset (the first starts at 0).
    const line = this.countUpTo(clamped) - 1;
    return { line, character: clamped - this.startOf(line) };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineCount) return this.length;
    const line = Math.max(0, position.line);
    const next = line + 1 < this.lineCount ? this.startOf(line + 1) : this.length;
    return Math.min(this.startOf(line) + Math.max(0, position.character), next);
  }

  private startOf(line: number): number {
    const block = this.blockOfLine(line);
    return this.blocks[block][line - this.firstLines[block]] + this.shifts[block];
  }

  /** The block holding `line` (0 ≤ line < lineCount). */
  private blockOfLine(line: number): number {
    return firstAbove(this.firstLines, line) - 1;
  }

  /** How many lines start at or before `offset`. */
  private countUpTo(offset: number): number {
    // The last block whose first line starts at or before the offset; none when the offset is before the text.
    let low = -1;
    let high = this.blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.blocks[middle][0] + this.shifts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    if (low < 0) return 0;
    return this.firstLines[low] + firstAbove(this.blocks[low], offset - this.shifts[low]);
  }
}

/** The index of the first value above `offset` (the values are ascending). */
export function firstAbove(values: ArrayLike<number>, offset: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `starts` cut into blocks of `blockLines` (views of it, not copies). */
function inBlocks(starts: Uint32Array, blockLines: number): Uint32Array[] {
  const blocks: Uint32Array[] = [];
  for (let line = 0; line < starts.length; line += blockLines) blocks.push(starts.subarray(line, line + blockLines));
  return blocks;
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
