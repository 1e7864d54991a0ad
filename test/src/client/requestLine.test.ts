import * as assert from "assert";
import { parseRequest } from "../../../client/out/requestLine";

describe("client: the request line of Recognize a Request…", () => {
  it("a method and a path, the method upper-cased, spaces around ignored", () => {
    assert.deepStrictEqual(parseRequest("  put /posts/1/publish "), { method: "PUT", path: "/posts/1/publish" });
    assert.deepStrictEqual(parseRequest("GET /"), { method: "GET", path: "/" });
  });
  it("anything else is refused: no method, a path without its slash, extra words", () => {
    for (const text of ["/posts", "GET posts", "GET /a /b", "", "G3T /x"]) assert.strictEqual(parseRequest(text), undefined, text);
  });
});
