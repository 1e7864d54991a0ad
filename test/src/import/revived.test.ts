import * as assert from "assert";

import { revived, RubyHash, RubySymbol, type RubyValue } from "../../../server/out/ruby/rubyValues";

describe("values crossing from the Ruby reader's worker", () => {
  it("stay shared where the worker shared them: a list holding one list a million times over costs its distinct parts", () => {
    let value: unknown = [new RubySymbol("x")];
    for (let i = 0; i < 20; i++) value = [value, value, new RubyHash([[new RubySymbol("k"), value as RubyValue]])];
    // What structured clone hands over: plain objects, sharing kept.
    const crossed = structuredClone(value) as unknown[];
    const made = revived(crossed) as unknown[];
    assert.strictEqual(made[0], made[1]);
    assert.strictEqual(((made[2] as RubyHash).entries[0][1] as unknown[])[0], (made[0] as unknown[])[0]);
    assert.ok(((made[2] as RubyHash).entries[0][0] as RubySymbol) instanceof RubySymbol);
  });
});
