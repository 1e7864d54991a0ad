/** Where an edit replaced text: `start` to `oldEnd` in the previous text, `start` to `newEnd` in the new one. */
export interface TextChange {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** The one range where two texts differ: what is common at both ends is not the edit. */
export function textChange(before: string, after: string): TextChange {
  const most = Math.min(before.length, after.length);
  // Whole blocks first (comparing two slices is the engine's memory compare), then characters.
  let start = 0;
  while (start + BLOCK <= most && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK;
  while (start < most && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  const room = most - start;
  let common = 0;
  while (
    common + BLOCK <= room &&
    before.slice(before.length - common - BLOCK, before.length - common) === after.slice(after.length - common - BLOCK, after.length - common)
  )
    common += BLOCK;
  while (common < room && before.charCodeAt(before.length - 1 - common) === after.charCodeAt(after.length - 1 - common)) common++;
  return { start, oldEnd: before.length - common, newEnd: after.length - common };
}

const BLOCK = 4096;

/** The one change that makes `first` then `second` (made to the text `first` gave). */
export function composeChanges(first: TextChange, second: TextChange): TextChange {
  // The run both touched, in the text between them: before it nothing moved, after it each moved by its own length.
  const end = Math.max(first.newEnd, second.oldEnd);
  return { start: Math.min(first.start, second.start), oldEnd: end - (first.newEnd - first.oldEnd), newEnd: end + (second.newEnd - second.oldEnd) };
}
