import * as assert from "assert";

import { applicationRootsOf, applicationRubyGlobs } from "../../../server/out/files/applicationRuby";

/** The application's own Ruby a routes.rb's reading reads: where an edit of one of its files sends the reading again, and what the editor is asked to watch. */
describe("the application's Ruby a routes.rb's reading depends on", () => {
  it("finds the application of a changed file among it, the innermost first, and none for any other file", () => {
    assert.deepStrictEqual(applicationRootsOf("file:///shop/app/models/user.rb"), ["file:///shop/"]);
    assert.deepStrictEqual(applicationRootsOf("file:///shop/config/initializers/auth/devise.rb"), ["file:///shop/"]);
    assert.deepStrictEqual(applicationRootsOf("file:///shop/config/environment.rb"), ["file:///shop/"]);
    assert.deepStrictEqual(applicationRootsOf("file:///shop/config/application.rb"), ["file:///shop/"]);
    // A folder of models named lib: the application around it too.
    assert.deepStrictEqual(applicationRootsOf("file:///shop/app/models/lib/price.rb"), ["file:///shop/app/models/", "file:///shop/"]);
    for (const other of [
      "file:///shop/app/models/user.ts",
      "file:///shop/config/routes.rb",
      "file:///shop/app/controllers/a.rb",
      "file:///shop/config/boot.rb",
    ])
      assert.deepStrictEqual(applicationRootsOf(other), [], other);
  });

  it("is watched as the folders and files it is", () => {
    assert.deepStrictEqual(applicationRubyGlobs(), [
      "**/config/environment.rb",
      "**/config/application.rb",
      "**/config/initializers/**/*.rb",
      "**/app/models/**/*.rb",
      "**/lib/**/*.rb",
    ]);
  });
});
