import * as assert from "assert";
import fc from "fast-check";
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { ROOT } from "../support/fixtures";
import { runs } from "../support/runs";

/** The analyser never throws: every prefix of every example, random edits, deep nesting, huge files. */
const EXAMPLES = ["examples/blog/routes.ts", "examples/shop/routes.js"].map((f) => path.join(ROOT, f));

function tokenEnds(text: string): number[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const ends: number[] = [];
  while (scanner.scan() !== ts.SyntaxKind.EndOfFileToken) ends.push(scanner.getTokenEnd());
  return ends;
}

describe("analyser resilience", () => {
  for (const file of EXAMPLES) {
    it(`every token-boundary prefix of ${path.basename(path.dirname(file))}/${path.basename(file)} is analysed without throwing`, () => {
      const text = fs.readFileSync(file, "utf8");
      const ends = tokenEnds(text);
      assert.ok(ends.length > 100);
      let routed = 0;
      for (const end of ends) {
        const loaded = loadRoutingFile(text.slice(0, end), file);
        if (loaded && loaded.routes.routes.length) routed++;
      }
      assert.ok(routed > ends.length / 2, "most prefixes still yield routes");
    });
  }

  it("random deletions and insertions never throw", () => {
    const text = fs.readFileSync(EXAMPLES[0], "utf8");
    const edit = fc.record({
      at: fc.nat(text.length),
      remove: fc.nat(40),
      insert: fc.string({ maxLength: 12, unit: fc.constantFrom(..."(){}[],.:;\"'`/ mapresources=>\n") }),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 5 }), (edits) => {
        let current = text;
        for (const e of edits) current = current.slice(0, e.at) + e.insert + current.slice(e.at + e.remove);
        loadRoutingFile(current, "routes.ts");
      }),
      { numRuns: runs(300) },
    );
  });

  it("a half-written option object still yields the declarations before it", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("posts");\n  map.resources("tags", { only: [\n`;
    const loaded = loadRoutingFile(text, "routes.ts")!;
    assert.strictEqual(loaded.routes.routes[0].name, "posts");
    assert.ok(loaded.diagnostics.some((d) => d.code === "syntax-error"));
  });

  it("deep nesting and files of tens of thousands of lines", () => {
    const depth = 300;
    let body = `m${depth}.resources("leaves", { only: "index" });`;
    for (let i = depth; i > 0; i--) body = `m${i - 1}.resources("level${i}s", { only: [] }, (m${i}) => { ${body} });`;
    const deep = loadRoutingFile(`import { draw } from "resource-routes";\nexport default draw((m0) => { ${body} });`, "deep.ts")!;
    assert.strictEqual(deep.routes.routes.length, 1);
    const lines = Array.from({ length: 20000 }, (_, i) => `  map.resources("things${i}", { only: "index" });`);
    const big = loadRoutingFile(`import { draw } from "resource-routes";\nexport default draw((map) => {\n${lines.join("\n")}\n});`, "big.ts")!;
    assert.strictEqual(big.routes.routes.length, 20000);
  });
});
