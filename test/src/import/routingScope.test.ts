import * as assert from "assert";

import { innerScope, TOP_SCOPE } from "../../../server/out/ruby/routingScope";
import { RubyHash, RubySymbol, type RubyValue } from "../../../server/out/ruby/rubyValues";

/** Ruby's `key: value` options. */
function options(entries: Record<string, RubyValue>): RubyHash {
  return new RubyHash(Object.entries(entries).map(([key, value]) => [new RubySymbol(key), value]));
}

/**
 * The mapper's scope as Rails 6.1 merges it (Mapper#scope's merge_path_scope, merge_as_scope and
 * merge_module_scope; #namespace's defaults), as far as devise_for reads it.
 */
describe("the mapper's scope where a statement of a modern routes.rb stands", () => {
  it("scope: its positional path (joined), else its path option; as and module joined to the scope's around", () => {
    const locale = innerScope(TOP_SCOPE, "scope", ["(:locale)", options({ locale: new RubySymbol("x") })]);
    assert.deepStrictEqual(locale, { path: "/(:locale)" });
    const staff = innerScope(locale, "scope", [options({ path: "backstage", as: "backstage", module: "staff" })]);
    assert.deepStrictEqual(staff, { path: "/(:locale)/backstage", as: "backstage", module: "staff" });
    assert.deepStrictEqual(innerScope(staff, "scope", ["a", new RubySymbol("b"), options({ path: "ignored", as: "team", module: "teams" })]), {
      path: "/(:locale)/backstage/a/b",
      as: "backstage_team",
      module: "staff/teams",
    });
    assert.deepStrictEqual(innerScope(TOP_SCOPE, "scope", ["/"]), { path: "" });
  });

  it("namespace: its name as the path, name and module, unless its options give theirs", () => {
    const admin = innerScope(TOP_SCOPE, "namespace", [new RubySymbol("admin")]);
    assert.deepStrictEqual(admin, { path: "/admin", as: "admin", module: "admin" });
    assert.deepStrictEqual(innerScope(admin, "namespace", ["api", options({ path: "v1", module: "api/v1" })]), {
      path: "/admin/v1",
      as: "admin_api",
      module: "admin/api/v1",
    });
  });

  it("blocks that change none of the three keep the scope around; a resource's block, a concern's or an option that is not a name is not followed", () => {
    const admin = innerScope(TOP_SCOPE, "namespace", ["admin"]);
    for (const method of ["constraints", "defaults", "controller", "shallow"])
      assert.strictEqual(innerScope(admin, method, [options({ subdomain: "x" })]), admin, method);
    for (const method of ["resources", "resource", "member", "collection", "concern", "nested"])
      assert.strictEqual(innerScope(admin, method, [new RubySymbol("posts")]), undefined, method);
    assert.strictEqual(innerScope(TOP_SCOPE, "scope", [options({ module: ["a"] })]), undefined);
    assert.strictEqual(innerScope(TOP_SCOPE, "namespace", [["a"]]), undefined);
    assert.strictEqual(innerScope(undefined, "scope", ["x"]), undefined);
  });
});
