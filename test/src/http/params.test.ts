import * as assert from "assert";
import { findAction } from "resource-routes/http";
import { BadRequest, mergeParams, parseParams } from "resource-routes/internal/http";

/** Request parameters as Rails nested them (docs/serving.md), with no prototype reachable. */
describe("params", () => {
  const cases: Array<[string, unknown]> = [
    ["a=1&b=2", { a: "1", b: "2" }],
    ["q=a+b%20c&empty=&flag", { q: "a b c", empty: "", flag: "" }],
    ["post[title]=T&post[meta][x]=1", { post: { title: "T", meta: { x: "1" } } }],
    ["ids[]=1&ids[]=2", { ids: ["1", "2"] }],
    ["people[][name]=a&people[][age]=1&people[][name]=b", { people: [{ name: "a", age: "1" }, { name: "b" }] }],
    ["a[b=1", { "a[b": "1" }],
    ["a=1&a=2", { a: "2" }],
  ];
  for (const [query, expected] of cases) {
    it(`${query} → ${JSON.stringify(expected)}`, () => assert.deepStrictEqual(parseParams(query), expected));
  }

  it("__proto__, constructor and prototype are own keys, never a prototype", () => {
    const params = parseParams("__proto__[x]=1&constructor[prototype][y]=2&a[__proto__]=3");
    assert.deepStrictEqual(Object.keys(params), ["__proto__", "constructor", "a"]);
    assert.strictEqual(Object.getPrototypeOf(params), Object.prototype);
    assert.strictEqual(({} as { x?: unknown }).x, undefined);
    assert.deepStrictEqual(Object.getOwnPropertyDescriptor(params.a, "__proto__")?.value, "3");
  });

  it("a malformed escape is a BadRequest that names it", () => {
    assert.throws(
      () => parseParams("a=%E0%A4%A"),
      (error: Error) => error instanceof BadRequest && /"%E0%A4%A"/.test(error.message),
    );
  });

  it("merging: later wins, maps merge key by key", () => {
    assert.deepStrictEqual(mergeParams(parseParams("a[x]=1&a[y]=2&b=1"), parseParams("a[y]=3&b=2")), { a: { x: "1", y: "3" }, b: "2" });
  });
});

describe("controller actions", () => {
  class Base {
    inherited() {
      return "inherited";
    }
  }
  class Posts extends Base {
    show() {
      return "show";
    }
  }
  const controllers = { posts: { default: Posts }, tags: { index: () => "tags", notAFunction: 1 }, pages: { default: { about: () => "about" } } };

  it("exported functions, default object methods and class methods (own or inherited) are actions", () => {
    for (const [controller, action] of [
      ["posts", "show"],
      ["posts", "inherited"],
      ["tags", "index"],
      ["pages", "about"],
    ]) {
      assert.ok("action" in findAction(controllers, controller, action), `${controller}#${action}`);
    }
  });

  it("constructor, toString, hasOwnProperty and non-functions are never actions; unknown controllers are missing", () => {
    for (const [controller, action] of [
      ["posts", "constructor"],
      ["posts", "toString"],
      ["tags", "hasOwnProperty"],
      ["tags", "notAFunction"],
      ["pages", "toString"],
      ["tags", "constructor"],
    ]) {
      assert.deepStrictEqual(findAction(controllers, controller, action), { missing: "action" }, `${controller}#${action}`);
    }
    assert.deepStrictEqual(findAction(controllers, "constructor", "index"), { missing: "controller" });
    assert.deepStrictEqual(findAction(controllers, "missing", "index"), { missing: "controller" });
  });
});
