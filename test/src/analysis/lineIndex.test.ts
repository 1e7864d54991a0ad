import * as assert from "assert";
import { LineIndex } from "../../../server/out/analysis/lineIndex";

describe("line index", () => {
  for (const [name, end] of [["\\n", "\n"], ["\\r\\n", "\r\n"], ["\\r", "\r"]] as const) {
    it(`lines ending in ${name}: every offset maps to its line and character and back`, () => {
      const text = ["first", "", "third line", "last"].join(end);
      const index = new LineIndex(text);
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
    const index = new LineIndex("ab\ncd");
    assert.strictEqual(index.offsetAt({ line: 0, character: 10 }), 3);
    assert.strictEqual(index.offsetAt({ line: 7, character: 0 }), 5);
    assert.deepStrictEqual(index.positionAt(99), { line: 1, character: 2 });
  });
});
