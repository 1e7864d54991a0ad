import * as assert from "assert";
import fc from "fast-check";

import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { runs } from "../support/runs";

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
const file = (variants: number[]) =>
  `import { draw } from "resource-routes";\nexport default draw((map) => {\n${variants.map((v, i) => declaration(i, v)).join("\n")}\n});\n`;

/** Every helper of the workspace spelled out and sorted: what the index must answer, by its definition. */
function expectedHelpers(names: readonly string[], prefix: string, limit: number): string[] {
  const helpers = [...new Set(names)].flatMap((n) => [`${n}_path`, `${n}_url`, `hash_for_${n}_path`, `hash_for_${n}_url`]);
  return helpers
    .filter((h) => h.startsWith(prefix))
    .sort()
    .slice(0, limit);
}

describe("helper index", () => {
  it("property: a lookup gives the first helpers, in string order, that start with the prefix, where names begin one another", () => {
    // Names that begin other names sort differently spelled with `_path` and with `_url` (`a_b_path` < `a_path`, `a_url` < `a_b_url`).
    const name = fc
      .array(fc.constantFrom("a", "b", "_", "p", "u", "hash_for_", "path", "url"), { minLength: 1, maxLength: 4 })
      .map((parts) => `n${parts.join("")}`);
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom("", "n", "na", "n_", "na_", "na_p", "na_u", "h", "hash_for_", "hash_for_n", "hash_for_na_p", "x"), { minLength: 1 }),
        fc.integer({ min: 1, max: 50 }),
        (names, prefixes, limit) => {
          const workspace = new RoutingWorkspace();
          const routes = names.map((n, i) => `  map.named_route("${n}", "/r${i}", { controller: "c", action: "a" });`).join("\n");
          workspace.set({ uri: URI, version: 1, text: `import { draw } from "resource-routes";\nexport default draw((map) => {\n${routes}\n});\n` });
          for (const prefix of ["", ...prefixes]) {
            assert.deepStrictEqual(
              workspace.helpersWithPrefix(prefix, limit).map((h) => h.helper),
              expectedHelpers(names, prefix, limit),
              `prefix ${JSON.stringify(prefix)}`,
            );
          }
        },
      ),
      { numRuns: runs(200) },
    );
  });

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
      { numRuns: runs(15) },
    );
  });

  it("property: after each declaration typed, deleted or changed, suggestions for unknown helpers equal those of a fresh workspace", () => {
    // Names one edit apart, so that answers tie across declarations (the first declaration's wins)
    // and move as declarations before them come and go.
    const near = ["post", "past", "pest", "pots", "pats", "spot", "stop", "posts", "pasta"];
    const words = ["pust_path", "pst_url", "hash_for_pist_path", "pests_path", "opst_path", "pasts", "stp_url", "zzzz_path"];
    const line = (name: string) => `  map.resource("${name}");`;
    const text = (lines: string[]) => `import { draw } from "resource-routes";\nexport default draw((map) => {\n${lines.join("\n")}\n});\n`;
    const edit = fc.record({ kind: fc.constantFrom("insert", "delete", "change"), at: fc.nat(30), name: fc.constantFrom(...near), ask: fc.nat(3) });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...near), { maxLength: 12 }), fc.array(edit, { minLength: 1, maxLength: 40 }), (start, edits) => {
        const lines = start.map(line);
        const workspace = new RoutingWorkspace();
        workspace.set({ uri: URI, version: 1, text: text(lines) });
        edits.forEach((e, version) => {
          const at = e.at % (lines.length + 1);
          if (e.kind === "insert") lines.splice(at, 0, line(e.name));
          else if (lines.length > 0 && e.kind === "delete") lines.splice(at % lines.length, 1);
          else if (lines.length > 0) lines[at % lines.length] = line(e.name);
          workspace.set({ uri: URI, version: version + 2, text: text(lines) });
          // Versions asked and versions skipped: an answer is brought forward only from the version before.
          if (e.ask === 0) return;
          const fresh = new RoutingWorkspace();
          fresh.set({ uri: URI, version: 1, text: text(lines) });
          for (const word of words)
            assert.strictEqual(workspace.suggestHelper(word), fresh.suggestHelper(word), `${word} after ${version + 1} edits: ${lines.join(" ")}`);
        });
      }),
      { numRuns: runs(100) },
    );
  });
});
