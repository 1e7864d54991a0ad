import * as assert from "assert";
import fc from "fast-check";

import { EditHistory } from "../../../server/out/service/editHistory";

const TEXT = fc.array(fc.constantFrom("a", "b", "\n", "xyz"), { maxLength: 20 }).map((parts) => parts.join(""));
const EDIT = fc.record({ at: fc.nat(40), remove: fc.nat(5), insert: TEXT });

/** The edits of an open document, composed: a cache several versions behind is brought past all of them at once. */
describe("EditHistory", () => {
  it("from any version it kept to the newest, the composed change rebuilds the newest text from that version's", () => {
    fc.assert(
      fc.property(TEXT, fc.array(EDIT, { minLength: 1, maxLength: 10 }), (initial, edits) => {
        const history = new EditHistory();
        const versions = [{ token: {}, text: initial }];
        for (const { at, remove, insert } of edits) {
          const before = versions[versions.length - 1];
          const start = Math.min(at, before.text.length);
          const end = Math.min(before.text.length, start + remove);
          const after = { token: {}, text: before.text.slice(0, start) + insert + before.text.slice(end) };
          history.record(before.token, after.token, { start, oldEnd: end, newEnd: start + insert.length });
          versions.push(after);
        }
        const newest = versions[versions.length - 1];
        for (const version of versions.slice(0, -1)) {
          const change = history.between(version.token, newest.token)!;
          assert.ok(change, "known");
          assert.strictEqual(
            version.text.slice(0, change.start) + newest.text.slice(change.start, change.newEnd) + version.text.slice(change.oldEnd),
            newest.text,
          );
        }
        // Only to the newest version.
        if (versions.length > 2) assert.strictEqual(history.between(versions[0].token, versions[1].token), undefined);
      }),
    );
  });

  it("an edit from a version that is not the newest starts it anew; the oldest go past 64 edits", () => {
    const history = new EditHistory();
    const [a, b, c, d] = [{}, {}, {}, {}];
    history.record(a, b, { start: 0, oldEnd: 0, newEnd: 1 });
    history.record(c, d, { start: 2, oldEnd: 2, newEnd: 3 });
    assert.strictEqual(history.between(a, d), undefined);
    assert.deepStrictEqual(history.between(c, d), { start: 2, oldEnd: 2, newEnd: 3 });
    const tokens = [d];
    for (let i = 0; i < 64; i++) {
      tokens.push({});
      history.record(tokens[i], tokens[i + 1], { start: 0, oldEnd: 0, newEnd: 1 });
    }
    assert.strictEqual(history.between(c, tokens[64]), undefined);
    assert.deepStrictEqual(history.between(d, tokens[64]), { start: 0, oldEnd: 0, newEnd: 64 });
    assert.deepStrictEqual(history.last, { start: 0, oldEnd: 0, newEnd: 1 });
  });
});
