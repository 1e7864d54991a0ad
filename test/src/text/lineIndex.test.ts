import * as assert from "assert";
import fc from "fast-check";

import { LineIndex } from "../../../server/out/text/lineIndex";
import { textChange } from "../../../server/out/text/textChange";
import { runs } from "../support/runs";

describe("line index", () => {
  for (const [name, end] of [
    ["\\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["\\r", "\r"],
  ] as const) {
    it(`lines ending in ${name}: every offset maps to its line and character and back`, () => {
      const text = ["first", "", "third line", "last"].join(end);
      const index = LineIndex.of(text);
      const lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) lineStarts.push(i + 1);
      for (let offset = 0; offset <= text.length; offset++) {
        const line = lineStarts.filter((start) => start <= offset).length - 1;
        const position = index.positionAt(offset);
        assert.deepStrictEqual(position, { line, character: offset - lineStarts[line] }, `offset ${offset}`);
        // Inside a \r\n pair is not a place of its own: it maps back to the line's end.
        if (!(text[offset - 1] === "\r" && text[offset] === "\n")) assert.strictEqual(index.offsetAt(position), offset);
      }
    });
  }
  it("clamps positions past a line's end or the text's end", () => {
    const index = LineIndex.of("ab\ncd");
    assert.strictEqual(index.offsetAt({ line: 0, character: 10 }), 3);
    assert.strictEqual(index.offsetAt({ line: 7, character: 0 }), 5);
    assert.deepStrictEqual(index.positionAt(99), { line: 1, character: 2 });
  });
  // Blocks of two lines make every edit cross, empty, split and merge blocks; 1,024 is the server's.
  for (const blockLines of [2, 3, 1024])
    it(`property: an index brought past an edit maps every offset and line as one made of the new text (blocks of ${blockLines} lines)`, () => {
      const piece = fc.array(fc.constantFrom("a", "b", "\n", "\n\n", "\r", "\r\n", "xy"), { maxLength: 12 }).map((parts) => parts.join(""));
      fc.assert(
        fc.property(piece, fc.array(fc.record({ at: fc.nat(40), remove: fc.nat(6), insert: piece }), { minLength: 1, maxLength: 12 }), (start, edits) => {
          let text = start;
          let index = LineIndex.of(text, blockLines);
          for (const [i, edit] of edits.entries()) {
            const at = Math.min(edit.at, text.length);
            const end = Math.min(text.length, at + edit.remove);
            const next = text.slice(0, at) + edit.insert + text.slice(end);
            // The change as the editor tells it, or as the workspace works it out (the common ends are not part of it).
            const told = { start: at, oldEnd: end, newEnd: at + edit.insert.length };
            index = index.edited(i % 2 === 0 ? told : textChange(text, next), next);
            text = next;
            const fresh = LineIndex.of(text);
            for (let offset = 0; offset <= text.length; offset++)
              assert.deepStrictEqual(index.positionAt(offset), fresh.positionAt(offset), `offset ${offset} of ${JSON.stringify(text)}`);
            const lines = fresh.positionAt(text.length).line;
            for (let line = 0; line <= lines + 1; line++)
              assert.strictEqual(index.offsetAt({ line, character: 1 }), fresh.offsetAt({ line, character: 1 }), `line ${line}`);
          }
        }),
        { numRuns: runs(300) },
      );
    });
});
