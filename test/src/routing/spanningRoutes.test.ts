import * as assert from "assert";
import fc from "fast-check";
import { mayTakeSlash } from "resource-routes/internal";

/** Behaviour C matches a route by its whole path where a constraint may take a slash: whether one may is read from its text. */
describe("a constraint that may take a slash (behaviour C's routes matched by their whole path)", () => {
  // Escapes as real applications write them (rubygems.org's `[A-Za-z0-9\.\-_]+`), which the reading must take as they are.
  /* eslint-disable no-useless-escape */
  const may = [/.+/, /[^.]+/, /(.+)(?=\.json|$|\/)/, /[a-z\/]+/, /\S+/, /\W/, /\D+/, /[!-~]+/, /a\x2fb/, /[\s\S]+/];
  const mayNot = [/\d+/, /[a-z0-9-]+/, /[A-Za-z0-9\.\-_]+(?<!\.gem)/, /json|yaml/, /[a-f]{8}/, /\w+/, /\s/, /about|faq\-x/];
  /* eslint-enable no-useless-escape */

  it("says yes for patterns that take a slash, or may", () => {
    for (const pattern of may) assert.strictEqual(mayTakeSlash(pattern), true, String(pattern));
  });

  it("says no only where no text with a slash matches (checked on random texts)", () => {
    for (const pattern of mayNot) assert.strictEqual(mayTakeSlash(pattern), false, String(pattern));
    const text = fc.array(fc.constantFrom("a", "1", "-", ".", "/", "_", "x", "j", "s", "o", "n"), { maxLength: 8 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(fc.constantFrom(...mayNot), text, (pattern, value) => {
        if (value.includes("/")) assert.ok(!new RegExp(`^(?:${pattern.source})$`).test(value), `${pattern} took ${value}`);
      }),
    );
  });
});
