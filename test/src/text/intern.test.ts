import * as assert from "assert";
import { interned } from "resource-routes/internal";

import { heldBy } from "../support/heap";

const COPIES = 200_000;

/** A string of its own with `text` in it (not one the engine shares with another literal or slice). */
function freshCopy(text: string): string {
  return String.fromCharCode(...Array.from(text, (c) => c.charCodeAt(0)));
}

describe("interned strings", () => {
  it("keeps one copy of a text met again and again: 200,000 equal strings hold what one does", () => {
    const text = "an_option_value_of_forty_characters_1234";
    const plain = heldBy(() => Array.from({ length: COPIES }, () => freshCopy(text)));
    const shared = heldBy(() => Array.from({ length: COPIES }, () => interned(freshCopy(text))));
    // The list alone is 8 bytes an entry; each copy of the text would add about 56.
    assert.ok(plain > COPIES * 40, `${plain} bytes for ${COPIES} copies`);
    assert.ok(shared < COPIES * 16, `${shared} bytes for ${COPIES} interned copies`);
  });

  it("keeps no long text: those over 64 characters are given back as they are and not held by the table", () => {
    const long = (i: number) => freshCopy(`${"x".repeat(200)}${i}`);
    assert.strictEqual(interned(long(1)), long(1));
    // Distinct long texts interned and then dropped leave nothing behind.
    const left = heldBy(() => {
      for (let i = 0; i < 5_000; i++) interned(long(i));
      return [];
    });
    assert.ok(left < 5_000 * 100, `${left} bytes left after interning 5,000 texts of 200 characters`);
  });
});
