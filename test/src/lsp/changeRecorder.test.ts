import * as assert from "assert";
import fc from "fast-check";
import { ChangeRecorder } from "../../../server/out/lsp/changeRecorder";

/** Texts of a few short lines, with CRLF and lone CR line ends among them. */
const TEXT = fc.array(fc.constantFrom("a", "b", "\n", "\r\n", "\r", "é", "😀"), { maxLength: 40 }).map((parts) => parts.join(""));
const POSITION = fc.record({ line: fc.nat(6), character: fc.nat(8) });

/** Where an editor's incremental change replaced a document's text, as the server notes it instead of comparing texts. */
describe("ChangeRecorder", () => {
  it("notes the range an incremental change replaced: the old text outside it and the inserted text inside give the result", () => {
    fc.assert(
      fc.property(TEXT, POSITION, POSITION, fc.string({ maxLength: 5 }), (text, start, end, inserted) => {
        const recorder = new ChangeRecorder();
        const before = recorder.create("file:///r.ts", "typescript", 1, text);
        const after = recorder.update(before, [{ range: { start, end }, text: inserted }], 2).getText();
        const change = recorder.take("file:///r.ts")!;
        assert.strictEqual(text.slice(0, change.start) + after.slice(change.start, change.newEnd) + text.slice(change.oldEnd), after);
        assert.strictEqual(after.slice(change.start, change.newEnd), inserted);
        assert.strictEqual(recorder.take("file:///r.ts"), undefined, "taken once");
      }),
    );
  });

  it("notes nothing it was not told exactly: a whole new text, several changes at once, a document opened again", () => {
    const recorder = new ChangeRecorder();
    const uri = "file:///r.ts";
    let document = recorder.create(uri, "typescript", 1, "ab\ncd");
    document = recorder.update(document, [{ text: "whole" }], 2);
    assert.strictEqual(recorder.take(uri), undefined);
    const at = { line: 0, character: 1 };
    document = recorder.update(document, [{ range: { start: at, end: at }, text: "x" }, { range: { start: at, end: at }, text: "y" }], 3);
    assert.strictEqual(recorder.take(uri), undefined);
    recorder.update(document, [{ range: { start: at, end: at }, text: "z" }], 4);
    recorder.create(uri, "typescript", 1, "again");
    assert.strictEqual(recorder.take(uri), undefined);
  });
});
