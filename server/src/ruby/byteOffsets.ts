import type { Span } from "resource-routes/internal";

import { firstAbove } from "../text/lineIndex";

/**
 * Prism places nodes by UTF-8 byte; the editor and the declaration tree count UTF-16 units. Built
 * once per file: a line is a binary search over line starts, an offset one over the places where a
 * character of more than one byte ends (none in an ASCII file, where both counts agree).
 */
export class ByteOffsets {
  private readonly lineStarts: number[] = [0];
  /** Byte offsets just past each multi-byte character, with the UTF-16 offset there. */
  private readonly bytesAfter: number[] = [];
  private readonly unitsAfter: number[] = [];

  constructor(bytes: Uint8Array) {
    let units = 0;
    for (let i = 0; i < bytes.length;) {
      const byte = bytes[i];
      if (byte === 10) this.lineStarts.push(i + 1);
      if (byte < 0x80) {
        i++;
        units++;
        continue;
      }
      // A lead byte says how long its character is; four bytes stand for a surrogate pair.
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      i += length;
      units += length === 4 ? 2 : 1;
      this.bytesAfter.push(i);
      this.unitsAfter.push(units);
    }
  }

  /** The line (from 1) of a byte offset. */
  line(byte: number): number {
    return firstAbove(this.lineStarts, byte);
  }

  /** The UTF-16 offset of a byte offset (at a character's start). */
  utf16(byte: number): number {
    const at = firstAbove(this.bytesAfter, byte) - 1;
    return at < 0 ? byte : this.unitsAfter[at] + (byte - this.bytesAfter[at]);
  }

  /** A Prism location as a span of UTF-16 offsets. */
  span(location: { startOffset: number; length: number }): Span {
    return { start: this.utf16(location.startOffset), end: this.utf16(location.startOffset + location.length) };
  }
}
