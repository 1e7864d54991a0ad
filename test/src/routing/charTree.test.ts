import * as assert from "assert";
import fc from "fast-check";
import { CharNode } from "resource-routes/internal";

import { runs } from "../support/runs";

/** Follows `text` from the root as recognition does: a child by first character, then the rest of its label. */
function lookup(root: CharNode<string>, text: string): string | undefined {
  let node = root;
  let at = 0;
  while (at < text.length) {
    const next = node.child(text.charCodeAt(at));
    if (!next || next.length !== next.label.length || !text.startsWith(next.label, at)) return undefined;
    node = next;
    at += next.length;
  }
  return node.value;
}

// Characters close together and far apart: a node's children are looked up in a table, or scanned when their first characters span too wide a range.
const character = fc.constantFrom("a", "b", "c", "m", "z", "0", "9", "-", ".", "é", "日", "本", "😀", "\u0000", "\uffff");
const key = fc.array(character, { maxLength: 6 }).map((chars) => chars.join(""));

describe("the character tree of static texts", () => {
  it("finds every key it holds and nothing else, whatever the spread of first characters", () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 40 }), fc.array(key, { maxLength: 40 }), (keys, probes) => {
        const root = new CharNode<string>("");
        for (const k of keys) root.ensure(k, () => `value of ${k}`);
        root.finish();
        for (const k of keys) assert.strictEqual(lookup(root, k), `value of ${k}`, JSON.stringify(k));
        for (const probe of probes) assert.strictEqual(lookup(root, probe), keys.includes(probe) ? `value of ${probe}` : undefined, JSON.stringify(probe));
      }),
      { numRuns: runs(300) },
    );
  });
});
