import * as assert from "assert";

import { explanationItems, firstKey, parseRequest } from "../../../client/out/requestLine";

describe("client: the request line of Recognize a Request…", () => {
  it("a method and a path, the method upper-cased, spaces around ignored", () => {
    assert.deepStrictEqual(parseRequest("  put /posts/1/publish "), { method: "PUT", path: "/posts/1/publish" });
    assert.deepStrictEqual(parseRequest("GET /"), { method: "GET", path: "/" });
  });
  it("a route's pattern prefilled: its first segment key is what is selected, for a value to be typed over it", () => {
    const line = "GET /posts/:post_id/comments/:id";
    const [start, end] = firstKey(line)!;
    assert.strictEqual(line.slice(start, end), ":post_id");
    assert.strictEqual("GET /files/*path".slice(...firstKey("GET /files/*path")!), "*path");
    assert.strictEqual(firstKey("GET /posts"), undefined);
  });
  it("anything else is refused: no method, a path without its slash, extra words", () => {
    for (const text of ["/posts", "GET posts", "GET /a /b", "", "G3T /x"]) assert.strictEqual(parseRequest(text), undefined, text);
  });
});

describe("client: the explanation of Recognize a Request…", () => {
  it("each route in order, numbered, with why it was passed over or that it recognises the request; how many more", () => {
    const location = { uri: "file:///app/routes.ts", range: { start: { line: 2, character: 2 }, end: { line: 2, character: 9 } } };
    const items = explanationItems(
      [
        { line: "GET /posts.:format posts#index", passedOver: "the number of segments", location },
        { line: "GET /posts/:id.:format posts#show", location },
      ],
      0,
    );
    assert.deepStrictEqual(
      items.map((i) => [i.label, i.description]),
      [
        ["1. GET /posts.:format posts#index", "passed over: the number of segments"],
        ["2. GET /posts/:id.:format posts#show", "✓ recognises the request"],
      ],
    );
    assert.strictEqual(items[1].location, location);
    assert.deepStrictEqual(
      explanationItems([], 3).map((i) => i.label),
      ["… 3 more routes"],
    );
  });
});
