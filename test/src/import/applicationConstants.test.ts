import * as assert from "assert";

import type { ParseRuby } from "../../../server/out/ruby/prism";
import { rubyParser } from "../../../server/out/ruby/prism";
import { applicationConstants } from "../../../server/out/ruby/routesRb";
import { RubyRegexp } from "../../../server/out/ruby/rubyValues";

describe("an application's own constants, read statically", () => {
  let parse: ParseRuby;
  before(async () => {
    parse = await rubyParser();
  });

  it("a module's constants name each other, in order; Regexp.escape of one; the first file's where two define a name", () => {
    const found = applicationConstants(
      parse,
      [
        { file: "lib/patterns.rb", text: 'module Patterns\n  CHARS = "[a-z#{Regexp.escape(".-")}]+".freeze\n  ROUTE = /#{CHARS}(?<!\\.gem)/\nend\n' },
        { file: "config/application.rb", text: "module Patterns\n  ROUTE = /other/\nend\nLATER = CHARS\n" },
      ],
      "production",
    );
    assert.deepStrictEqual(found.get("Patterns::CHARS"), { value: "[a-z\\.\\-]+", from: "lib/patterns.rb" });
    const route = found.get("Patterns::ROUTE")!;
    assert.deepStrictEqual([route.from, (route.value as RubyRegexp).source], ["lib/patterns.rb", "[a-z\\.\\-]+(?<!\\.gem)"]);
    // A module's bare names are its own: outside it, CHARS is no constant.
    assert.strictEqual(found.has("LATER"), false);
  });

  it("asked again with a memo, parses only the files whose text changed, and forgets a file that is gone", () => {
    let parsed = 0;
    const counting: ParseRuby = (text) => {
      parsed++;
      return parse(text);
    };
    const memo = new Map();
    const files = [
      { file: "config/application.rb", text: "module Shop\n  PAGES = %w[a b]\nend\n" },
      { file: "lib/limits.rb", text: "LIMIT = 10\n" },
    ];
    applicationConstants(counting, files, "production", memo);
    assert.strictEqual(parsed, 2);
    const edited = [files[0], { file: "lib/limits.rb", text: "LIMIT = 20\n" }];
    assert.strictEqual(applicationConstants(counting, edited, "production", memo).get("LIMIT")?.value, 20);
    assert.strictEqual(parsed, 3);
    applicationConstants(counting, [files[0]], "production", memo);
    assert.deepStrictEqual([...memo.keys()], ["config/application.rb"]);
    assert.strictEqual(parsed, 3);
  });
});
