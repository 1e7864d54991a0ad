import * as assert from "assert";
import { hasUnprintable, printable } from "resource-routes/internal";

describe("text shown to people", () => {
  it("hasUnprintable holds exactly for the characters printable() escapes, each of the 65,536 code units", () => {
    const found: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      const escaped = printable(char) !== char;
      assert.strictEqual(hasUnprintable(char), escaped, `U+${code.toString(16)}`);
      if (escaped) found.push(code);
    }
    // Control characters, DEL and C1, line and paragraph separators, bidirectional overrides and isolates.
    assert.strictEqual(found.length, 32 + 33 + 2 + 5 + 4);
  });
  it("finds one anywhere in a text, and none in printable text", () => {
    assert.strictEqual(hasUnprintable("posts_path"), false);
    assert.strictEqual(hasUnprintable("/posts/:id.:format"), false);
    assert.strictEqual(hasUnprintable("admin\u202eusers"), true);
    assert.strictEqual(hasUnprintable("posts\n"), true);
    assert.strictEqual(printable("a\u001b[31mb"), "a\\x1b[31mb");
  });
});
