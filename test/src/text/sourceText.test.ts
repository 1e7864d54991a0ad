import * as assert from "assert";
import fc from "fast-check";

import { ChunkedText } from "../../../server/out/text/sourceText";

const TEXT = fc.array(fc.constantFrom("a", "b", "\n", "resource-routes", "é", "😀"), { maxLength: 60 }).map((parts) => parts.join(""));
const EDIT = fc.record({ start: fc.integer({ min: -2, max: 400 }), length: fc.integer({ min: -3, max: 30 }), inserted: TEXT });

/** A document's text kept in chunks that edits replace: every reading gives what the same text as one string gives. */
describe("ChunkedText", () => {
  it("after any edits, its length, slices, characters, searches and whole text are the string's", () => {
    fc.assert(
      fc.property(TEXT, fc.array(EDIT, { maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (initial, edits, chunkSize) => {
        let text = initial;
        let chunked = ChunkedText.of(initial, chunkSize);
        for (const { start, length, inserted } of edits) {
          const from = Math.max(0, Math.min(start, text.length));
          const to = Math.max(from, Math.min(start + length, text.length));
          text = text.slice(0, from) + inserted + text.slice(to);
          chunked = chunked.replaced(start, start + length, inserted);
          assert.strictEqual(chunked.length, text.length);
          for (let i = -1; i <= text.length; i++) assert.strictEqual(chunked.charCodeAt(i), text.charCodeAt(i), `charCodeAt(${i})`);
          for (let a = -1; a <= text.length + 1; a += 3)
            for (let b = a; b <= text.length + 2; b += 2)
              assert.strictEqual(chunked.slice(a, b), text.slice(Math.max(0, a), Math.max(0, b)), `slice(${a}, ${b})`);
          for (const search of ["resource-routes", "\n", "ab", "zz"]) assert.strictEqual(chunked.includes(search), text.includes(search), search);
        }
        assert.strictEqual(chunked.toString(), text);
        assert.strictEqual(String(chunked), text);
      }),
    );
  });

  it("an edit leaves the previous version as it was", () => {
    const before = ChunkedText.of("0123456789", 3);
    const after = before.replaced(2, 5, "x");
    assert.strictEqual(before.toString(), "0123456789");
    assert.strictEqual(after.toString(), "01x56789");
  });
});
