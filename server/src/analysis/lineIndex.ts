/** A 0-based line/character position, as LSP counts them (UTF-16 code units). */
export interface Position {
  line: number;
  character: number;
}

/** Converts offsets of a text to line/character positions and back. */
export class LineIndex {
  /** Where each line starts. */
  private readonly starts: Uint32Array;

  constructor(readonly text: string) {
    this.starts = text.includes("\r") ? startsOfLines(text) : startsOfLinesLf(text);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.starts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.text.length;
    const start = this.starts[Math.max(0, position.line)];
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1] : this.text.length;
    return Math.min(start + Math.max(0, position.character), next);
  }
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
