import * as assert from "assert";
import fc from "fast-check";
import { normalizePath, parsePath, pathText } from "../../../server/out/routing/path";

describe("route paths", () => {
  it("property: a parsed path written out again is the normalised path (routes keep only the segments)", () => {
    const piece = fc.constantFrom("/", "posts", ":id", ".", ":format", "*rest", "(", ")", ":", "*", "-", "1", "é", "%20", "_x", ":a.:b", "");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = normalizePath(pieces.join(""));
        assert.strictEqual(pathText(parsePath(path)), path);
      }),
      { numRuns: 2000 },
    );
  });

  it("the root, empty segments and a bare colon", () => {
    for (const path of ["/", "/posts", "/a//b", "/a/:id.:format", "/files/*path", "/x/:/y", "/:a:b"]) assert.strictEqual(pathText(parsePath(normalizePath(path))), normalizePath(path), path);
  });
});
