import * as assert from "assert";
import fc from "fast-check";
import type { TextDocumentContentChangeEvent } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";

import { OPEN_DOCUMENTS } from "../../../server/out/lsp/openDocument";
import { runs } from "../support/runs";

/** Texts of a few short lines, with CRLF and lone CR line ends among them. */
const TEXT = fc.array(fc.constantFrom("a", "b", "\n", "\r\n", "\r", "é", "😀", "xyz"), { maxLength: 30 }).map((parts) => parts.join(""));
const POSITION = fc.record({ line: fc.integer({ min: -1, max: 8 }), character: fc.integer({ min: -1, max: 9 }) });
const CHANGE: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: POSITION, end: POSITION }), text: TEXT }) },
  { weight: 1, arbitrary: fc.record({ text: TEXT }) },
);

/** The server's open documents (text in chunks, line index kept per edit) against the protocol library's own. */
describe("OpenDocument", () => {
  it("applies any changes as the protocol library's document does, and finds the offset of a position as it does", () => {
    fc.assert(
      fc.property(TEXT, fc.array(fc.array(CHANGE, { minLength: 1, maxLength: 3 }), { maxLength: 6 }), (initial, updates) => {
        let ours = OPEN_DOCUMENTS.create("file:///r.ts", "typescript", 1, initial);
        for (const [i, changes] of updates.entries()) {
          const before = ours.text.toString();
          ours = OPEN_DOCUMENTS.update(ours, changes, i + 2);
          // The library's document made anew for each change: updated in place, its line starts go
          // wrong after a change at a line past the text's end (which no editor sends).
          const applied = changes.reduce(
            (text, change) => TextDocument.update(TextDocument.create("file:///r.ts", "typescript", 1, text), [change], 2).getText(),
            before,
          );
          const theirs = TextDocument.create("file:///r.ts", "typescript", i + 2, applied);
          const text = theirs.getText();
          assert.strictEqual(ours.text.toString(), text);
          assert.strictEqual(ours.lines.lineCount, theirs.lineCount);
          assert.strictEqual(ours.version, i + 2);
          for (let line = -1; line <= theirs.lineCount; line++) {
            for (let character = -1; character <= 10; character++)
              assert.strictEqual(ours.offsetAt({ line, character }), theirs.offsetAt({ line, character }), `offsetAt(${line}:${character})`);
          }
          // One change told as a range: where it was is noted, and it rebuilds the new text from the old.
          const change = ours.change;
          if (changes.length === 1 && "range" in changes[0]) {
            assert.ok(change);
            assert.strictEqual(before.slice(0, change.start) + text.slice(change.start, change.newEnd) + before.slice(change.oldEnd), text);
            assert.strictEqual(text.slice(change.start, change.newEnd), changes[0].text);
          } else assert.strictEqual(change, undefined);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
