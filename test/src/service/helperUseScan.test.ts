import * as assert from "assert";
import fc from "fast-check";

import { findHelperUses, scanAfterEdit, scanHelperUses } from "../../../server/out/service/helperUseScan";
import { textChange } from "../../../server/out/text/textChange";
import { runs } from "../support/runs";

describe("helper uses", () => {
  it("are found with the name's place and the use's extent, dotted or bracketed, across white space", () => {
    const text = `link(routes.helpers.post_path(1)); x = helpers [ "a$b_url" ];\nhelpers\n  .\n  tags_path; myhelpers.no_path; helpers[x];`;
    assert.deepStrictEqual(
      findHelperUses(text).map((use) => [use.helper, text.slice(use.start, use.start + use.helper.length), text.slice(use.from, use.to)]),
      [
        ["post_path", "post_path", "helpers.post_path"],
        ["a$b_url", "a$b_url", `helpers [ "a$b_url" ]`],
        ["tags_path", "tags_path", "helpers\n  .\n  tags_path"],
      ],
    );
  });

  it("follow a const alias of the helpers object and destructured helpers", () => {
    const text = [
      "const h = routes.helpers;",
      "h.post_commnet_path(1); h.toString(); x.h.tags_path; h [0];",
      "const { post_path, posts_path: list } = app.routes.helpers;",
      "let other = routes.helpers.tag_path;",
      "const helpers = routes.helpers; helpers.tags_path;",
    ].join("\n");
    assert.deepStrictEqual(
      scanHelperUses(text).uses.map((use) => [use.helper, text.slice(use.start, use.start + use.helper.length), text.slice(use.from, use.to)]),
      [
        ["post_commnet_path", "post_commnet_path", "h.post_commnet_path"],
        ["post_path", "post_path", "post_path"],
        ["posts_path", "posts_path", "posts_path"],
        ["tag_path", "tag_path", "helpers.tag_path"],
        ["tags_path", "tags_path", "helpers.tags_path"],
      ],
    );
    assert.deepStrictEqual(
      scanHelperUses(text).aliases.map((a) => a.name),
      ["h", "helpers"],
    );
  });

  it("property: the uses brought past an edit are those found in the new text", () => {
    // Whole uses, and the pieces they are made of, so that edits make, unmake, lengthen and cut them.
    const part = fc.constantFrom(
      "helpers.post_path",
      'helpers["a_url"]',
      "helpers .\n x",
      "helpers",
      "routes.",
      ".",
      "[",
      "]",
      '"',
      "'",
      " ",
      "\n",
      "post_path",
      "x",
      "(",
      ")",
      ";",
      "$",
      "é",
      "\u00a0",
      "const h = routes.helpers",
      "const",
      "h",
      "h.a_path",
      " = ",
      "{",
      "}",
      ",",
      ":",
      "const { post_path, b: c } = routes.helpers",
      "let {",
    );
    const piece = fc.array(part, { maxLength: 10 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(piece, fc.array(fc.record({ at: fc.nat(80), remove: fc.nat(8), insert: piece }), { minLength: 1, maxLength: 6 }), (start, edits) => {
        let text = start;
        let scan = scanHelperUses(text);
        for (const edit of edits) {
          const at = Math.min(edit.at, text.length);
          const next = text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
          scan = scanAfterEdit(scan, textChange(text, next), next);
          text = next;
          assert.deepStrictEqual(scan, scanHelperUses(text), JSON.stringify(text));
        }
      }),
      { numRuns: runs(1000) },
    );
  });
});
