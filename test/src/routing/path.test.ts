import * as assert from "assert";
import fc from "fast-check";
import { normalizePath, parsePath, PathParser, pathText, segmentKeys } from "../../../server/out/routing/path";

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

  it("property: the route builder's parser, which shares the parse of recent paths, parses each path of a sequence as parsePath does", () => {
    // Pieces that make paths sharing heads (`/posts`, `/posts/:id`), empty segments and format suffixes.
    const piece = fc.constantFrom("/", "/", "posts", ":id", ".", ":format", ".:format", "*rest", ":", "x:y", "é", "");
    const path = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 30 }), (paths) => {
        const parser = new PathParser();
        for (const text of paths) {
          const segments = parsePath(normalizePath(text));
          assert.deepStrictEqual(parser.parse(text), { segments, keys: segmentKeys(segments) }, text);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a resource's paths in the order its routes are built, nested resources after: each as parsePath gives it", () => {
    const parser = new PathParser();
    const paths = [
      "/posts", "/posts.:format", "/posts/search.:format", "/posts/new.:format", "/posts/:id/edit.:format", "/posts/:id.:format", "/posts/:id",
      "/posts/:post_id/comments.:format", "/posts/:post_id/comments/:id/edit.:format", "/posts/:post_id/comments/:id.:format",
      "/posts/:id.:format", "/", "//", "//x", "/a//b", "/posts/:post_id/comments/new.:format", "/files/*path", "/posts/:id/",
    ];
    for (const text of [...paths, ...paths.reverse()]) {
      const segments = parsePath(normalizePath(text));
      assert.deepStrictEqual(parser.parse(text), { segments, keys: segmentKeys(segments) }, text);
    }
  });

  it("the root, empty segments and a bare colon", () => {
    for (const path of ["/", "/posts", "/a//b", "/a/:id.:format", "/files/*path", "/x/:/y", "/:a:b"]) assert.strictEqual(pathText(parsePath(normalizePath(path))), normalizePath(path), path);
  });
});
