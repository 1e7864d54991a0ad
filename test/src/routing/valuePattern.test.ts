import * as assert from "assert";
import fc from "fast-check";
import { valuePattern } from "resource-routes/internal";

describe("requirement patterns as recognition tests them", () => {
  const requirements = [/\d+/, /\w+/, /[a-z0-9-]+/, /[-a]+/, /[a-z_]+/g, /[A-Fa-f0-9]+/, /[a-z]+/i, /\d{4}/, /[^/]+/, /\d+|new/, /[\d.]+/, /[a-z]+/m];
  const alphabet = fc.constantFrom("0", "7", "a", "Z", "_", "-", ".", "/", "é", "\n", " ", "f", "G");

  for (const requirement of requirements) {
    it(`/${requirement.source}/${requirement.flags} accepts exactly the whole values the anchored regular expression accepts`, () => {
      const ours = valuePattern(requirement);
      const anchored = new RegExp(`^(?:${requirement.source})$`, requirement.flags.replace(/[gy]/g, ""));
      fc.assert(
        fc.property(
          fc.array(alphabet, { maxLength: 6 }).map((chars) => chars.join("")),
          (value) => assert.strictEqual(ours.test(value), anchored.test(value), JSON.stringify(value)),
        ),
      );
    });
  }

  for (const requirement of [/en|fr|de/, /a|ab|b-c/, /new/, /x_1|Y|x_12/, /en|fr/i]) {
    it(`/${requirement.source}/${requirement.flags}: a list of words accepts exactly the whole values the anchored regular expression accepts`, () => {
      const ours = valuePattern(requirement);
      const anchored = new RegExp(`^(?:${requirement.source})$`, requirement.flags.replace(/[gy]/g, ""));
      const words = requirement.source.split("|");
      // The words themselves, each with a character more or less, in another case, and joined.
      const near = words.flatMap((word) => [
        word,
        word.slice(1),
        word.slice(0, -1),
        `${word}x`,
        `x${word}`,
        word.toUpperCase(),
        `${word}|${word}`,
        `${word}${words[0]}`,
      ]);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.constantFrom(...near, ""),
            fc.array(alphabet, { maxLength: 4 }).map((chars) => chars.join("")),
          ),
          (value) => assert.strictEqual(ours.test(value), anchored.test(value), JSON.stringify(value)),
        ),
      );
    });
  }

  it("tests the common shapes without the regular expression engine, and leaves the rest to it", () => {
    assert.ok(!(valuePattern(/en|fr|de/) instanceof RegExp));
    assert.ok(!(valuePattern(/\d+/) instanceof RegExp));
    assert.ok(!(valuePattern(/[a-z0-9-]+/) instanceof RegExp));
    assert.ok(valuePattern(/[a-z]+/i) instanceof RegExp, "the i flag changes what a class accepts");
    assert.ok(valuePattern(/\d+|new/) instanceof RegExp);
    assert.ok(valuePattern(/[^/]+/) instanceof RegExp);
  });
});
