import * as assert from "assert";
import fc from "fast-check";
import { hasKey, normalizePath, parsePath, PathParser, PathSpec, pathText, segmentKeys, specText } from "resource-routes/internal";

import { heldBy } from "../support/heap";
import { runs } from "../support/runs";

describe("route paths", () => {
  it("property: a parsed path written out again is the normalised path (routes keep only the segments)", () => {
    const piece = fc.constantFrom("/", "posts", ":id", ".", ":format", "*rest", "(", ")", ":", "*", "-", "1", "é", "%20", "_x", ":a.:b", "");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = normalizePath(pieces.join(""));
        assert.strictEqual(pathText(parsePath(path)), path);
      }),
      { numRuns: runs(2000) },
    );
  });

  it("property: the route builder's parser, which parses a base once and shares the parse of recent paths, parses each path of a sequence as parsePath does", () => {
    // Pieces that make bases sharing heads (`/posts`, `/posts/:id`), empty segments and format
    // suffixes; actions and separators that are one more segment, text added to the last, or
    // several segments.
    const piece = fc.constantFrom("/", "/", "posts", ":id", ".", ":format", ".:format", "*rest", ":", "x:y", "é", "");
    const base = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(""));
    const spec = fc.record({
      base,
      separator: fc.constantFrom("/", "/", ";", ".", "", "/x/"),
      action: fc.option(fc.constantFrom("edit", "", "a/b", ":id", "publish", "/", ".:format"), { nil: undefined }),
      format: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 30 }), (specs) => {
        const parser = new PathParser();
        for (const spec of specs) {
          const segments = parsePath(normalizePath(specText(spec)));
          assert.deepStrictEqual(parser.parse(spec), segments, JSON.stringify(spec));
        }
      }),
      { numRuns: runs(1000) },
    );
  });

  it("a resource's paths in the order its routes are built, nested resources after: each as parsePath gives it", () => {
    const parser = new PathParser();
    const path = (base: string, action?: string, format = false, separator = "/"): PathSpec => ({ base, separator, action, format });
    const specs = [
      path("/posts"),
      path("/posts", undefined, true),
      path("/posts", "search", true),
      path("/posts/new", undefined, true),
      path("/posts/:id", "edit", true),
      path("/posts/:id", undefined, true),
      path("/posts/:id"),
      path("/posts/:id", "edit", false, ";"),
      path("/posts/:post_id/comments", undefined, true),
      path("/posts/:post_id/comments/:id", "edit", true),
      path("/posts/:post_id/comments/:id", undefined, true),
      path("/posts/:id", undefined, true),
      path("/"),
      path("/", "edit"),
      path("//"),
      path("//x", undefined, true),
      path("/a//b", "c"),
      path("/posts/:post_id/comments/new", undefined, true),
      path("/files/*path"),
      path("/posts/:id/"),
      path("/posts/:id/", "edit"),
      path("/posts", "a/b", true),
    ];
    for (const spec of [...specs, ...specs.reverse()]) {
      const segments = parsePath(normalizePath(specText(spec)));
      assert.deepStrictEqual(parser.parse(spec), segments, JSON.stringify(spec));
    }
  });

  it("a parsed list holds its segments and no room for more (routes keep one each: 100,000 in a large file)", () => {
    // Three specs in turn: each parse makes a new list (the parser remembers two), of segments already made.
    const specs: PathSpec[] = ["edit", "preview", "publish"].map((action) => ({ base: "/posts/:id", separator: "/", action, format: true }));
    const parser = new PathParser();
    for (const spec of specs) parser.parse(spec);
    const count = 30_000;
    const perList = heldBy(() => Array.from({ length: count }, (_, i) => parser.parse(specs[i % 3]))) / count;
    // A list of three: its object, 32 bytes, and its three slots with their header, 40 (a list grown by push: 200).
    assert.ok(perList < 100, `${perList.toFixed(0)} bytes per list of three segments`);
  });

  it("hasKey finds a dynamic key of a path (param or glob), never a static text", () => {
    for (const path of ["/posts/:id", "/:controller/:action/:id.:format", "/files/*path", "/static/id", "/a:id", "/"]) {
      const segments = parsePath(path);
      for (const key of ["id", "action", "path", "format", "static"])
        assert.strictEqual(hasKey(segments, key), segmentKeys(segments).includes(key), `${path} ${key}`);
    }
  });

  it("the root, empty segments and a bare colon", () => {
    for (const path of ["/", "/posts", "/a//b", "/a/:id.:format", "/files/*path", "/x/:/y", "/:a:b"])
      assert.strictEqual(pathText(parsePath(normalizePath(path))), normalizePath(path), path);
  });
});
