import * as assert from "assert";

import { deviseSettings } from "../../../server/out/ruby/deviseSettings";
import type { ParseRuby } from "../../../server/out/ruby/prism";
import { rubyParser } from "../../../server/out/ruby/prism";

describe("an application's Devise settings, read statically", () => {
  let parse: ParseRuby;
  before(async () => {
    parse = await rubyParser();
  });

  it("asked again with a memo, parses only the model and initializer files whose text changed, and forgets a file that is gone", () => {
    let parsed = 0;
    const counting: ParseRuby = (text) => {
      parsed++;
      return parse(text);
    };
    const memo = new Map();
    const files = [
      { file: "app/models/user.rb", text: "class User < ApplicationRecord\n  devise :database_authenticatable\nend\n" },
      { file: "config/initializers/devise.rb", text: "Devise.setup do |config|\n  config.sign_out_via = :get\nend\n" },
      // Neither a model nor an initializer: never parsed here.
      { file: "lib/limits.rb", text: "LIMIT = 10\n" },
    ];
    assert.deepStrictEqual(deviseSettings(counting, files, memo)?.models.get("User")?.modules, ["database_authenticatable"]);
    assert.strictEqual(parsed, 2);
    const edited = [
      { file: "app/models/user.rb", text: "class User < ApplicationRecord\n  devise :database_authenticatable, :registerable\nend\n" },
      ...files.slice(1),
    ];
    assert.deepStrictEqual(deviseSettings(counting, edited, memo)?.models.get("User")?.modules, ["database_authenticatable", "registerable"]);
    assert.strictEqual(parsed, 3);
    assert.strictEqual(deviseSettings(counting, [files[1]], memo), undefined);
    assert.deepStrictEqual([...memo.keys()], ["config/initializers/devise.rb"]);
    assert.strictEqual(parsed, 3);
  });
});
