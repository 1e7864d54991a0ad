import * as assert from "assert";

import { revived, RubyCode, RubyHash, RubySymbol, type RubyValue } from "../../../server/out/ruby/rubyValues";

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

  it("a constraint of the application's code stays code, its Ruby text and line kept", () => {
    const made = revived(structuredClone([new RubyHash([[new RubySymbol("constraints"), new RubyCode("->(r) { true }", 4)]])])) as RubyHash[];
    const code = made[0].entries[0][1];
    assert.ok(code instanceof RubyCode);
    assert.deepStrictEqual([code.code, code.line], ["->(r) { true }", 4]);
  });
});
