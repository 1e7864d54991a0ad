import * as assert from "assert";
import fc from "fast-check";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/**
 * The merged helper list shared by a file's versions (entries of removed declarations skipped,
 * added declarations searched on their own until merged again) answers every prefix lookup as a
 * workspace that sees the version for the first time does, across many edits of single
 * declarations (enough to merge again several times).
 */
const URI = "file:///app/config/routes.ts";
const NAMES = ["posts", "photos", "people", "pages", "tags", "teams", "users", "units"];
const PREFIXES = ["", "p", "po", "photo", "edit_", "new_t", "hash_for_p", "formatted_", "t", "units", "zz"];

const declaration = (i: number, variant: number) =>
  `  map.resources("${NAMES[(i + variant) % NAMES.length]}${i}"${variant % 3 === 0 ? `, { only: ["index", "show"] }` : variant % 3 === 1 ? `, { member: { publish: "put" } }` : ""});`;
const file = (variants: number[]) => `import { draw } from "resource-routes";\nexport default draw((map) => {\n${variants.map((v, i) => declaration(i, v)).join("\n")}\n});\n`;

describe("helper index", () => {
  it("property: after each edit of one declaration, prefix lookups equal those of a fresh workspace", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.nat(99), variant: fc.nat(5), ask: fc.nat(9) }), { minLength: 1, maxLength: 150 }), (edits) => {
        const variants = Array.from({ length: 100 }, () => 0);
        const workspace = new RoutingWorkspace();
        workspace.set({ uri: URI, version: 1, text: file(variants) });
        edits.forEach((edit, version) => {
          variants[edit.at] = edit.variant;
          const text = file(variants);
          workspace.set({ uri: URI, version: version + 2, text });
          // Most versions are never asked (their tables are skipped over): gaps of all sizes, so that lists are merged again too.
          if (edit.ask !== 0 && version !== edits.length - 1) return;
          const fresh = new RoutingWorkspace();
          fresh.set({ uri: URI, version: 1, text });
          for (const prefix of PREFIXES) {
            const names = (w: RoutingWorkspace) => w.helpersWithPrefix(prefix, 40).map((h) => h.helper);
            assert.deepStrictEqual(names(workspace), names(fresh), `${prefix} after ${version + 1} edits`);
          }
        });
      }),
      { numRuns: Number(process.env.INCREMENTAL_RUNS ?? 15) },
    );
  });
});
