import * as assert from "assert";
import fc from "fast-check";
import ts = require("typescript");
import { tokenStart } from "../../../server/out/analysis/fileSyntax";
import { runs } from "../support/runs";

/** What TypeScript's scanner says from `pos` on: the token start a syntax node's getStart() gives. */
function scannerStart(text: string, pos: number, end: number): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text, undefined, pos, end - pos);
  scanner.scan();
  return scanner.getTokenStart();
}

describe("tokenStart", () => {
  const cases: Array<[string, string]> = [
    ["spaces and line breaks", ` \t\r\n  "posts"`],
    ["a line comment", `  // only: ["index"]\n  only`],
    ["a block comment", ` /* a */ /** b */{ x: 1 }`],
    ["a shebang at the start", `#!/usr/bin/env node\nmap`],
    ["conflict markers", `\n<<<<<<< HEAD\nmap\n=======\nx\n>>>>>>> b\n`],
    ["Unicode spaces and a byte order mark", `\u00a0\u2003\ufeff map`],
    ["no trivia", `map.resources("posts")`],
    ["a regular expression, not a comment", ` /[a-z]+/`],
  ];
  for (const [what, text] of cases) {
    it(`skips what the scanner skips: ${what}`, () => {
      for (let pos = 0; pos < text.length; pos++)
        assert.strictEqual(tokenStart(text, pos, text.length), scannerStart(text, pos, text.length), `${JSON.stringify(text)} from ${pos}`);
    });
  }

  it("a node the parser supplied as missing (no text) starts where it is", () => {
    assert.strictEqual(tokenStart("  x", 1, 1), 1);
  });

  it("agrees with the scanner on any text made of tokens and trivia", () => {
    const piece = fc.constantFrom(
      " ",
      "\t",
      "\n",
      "\r\n",
      "\u00a0",
      "\u2028",
      "// c\n",
      "/* c */",
      "/",
      "#",
      "#!x\n",
      "<<<<<<< a\n",
      "=======\n",
      ">>>>>>> b\n",
      "|",
      "<",
      "=",
      ">",
      "x",
      '"s"',
      "1",
      "{",
      "}",
      "é",
      "\ufeff",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.nat(), (pieces, seed) => {
        const text = pieces.join("");
        if (text.length === 0) return;
        const pos = seed % text.length;
        assert.strictEqual(tokenStart(text, pos, text.length), scannerStart(text, pos, text.length), `${JSON.stringify(text)} from ${pos}`);
      }),
      { numRuns: runs(2000) },
    );
  });
});
