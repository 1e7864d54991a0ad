import * as assert from "assert";
import fc from "fast-check";
import type { RouteSet } from "resource-routes";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { runRoutingFile } from "../support/runRoutingFile";
import { runs } from "../support/runs";

/**
 * Static against runtime on generated files with shadowing: file-level consts, and blocks that
 * declare the same names again (const or let), use them before or after their declaration, and
 * nest. Each declaration has its own value, so a guess (an outer value where an inner binding
 * rules) shows as a route the application does not have. The analyser may leave routes out (with
 * not-static), never add one; with no not-static its routes are the application's.
 */
const NAMES = ["a", "b", "c"];

interface Block {
  items: Item[];
}
type Item = { use: string } | { declare: string; kind: "const" | "let" } | { block: Block };

const block: fc.Arbitrary<Block> = fc.letrec<{ block: Block }>((tie) => ({
  block: fc
    .tuple(
      fc
        .subarray(NAMES)
        .chain((names) =>
          fc.tuple(
            ...names.map((name) => fc.constantFrom<Item>({ declare: name, kind: "const" }, { declare: name, kind: "const" }, { declare: name, kind: "let" })),
          ),
        ),
      fc.array(
        fc.constantFrom(...NAMES).map((name): Item => ({ use: name })),
        { maxLength: 4 },
      ),
      fc.option(tie("block"), { depthSize: "small" }),
    )
    .chain(([declarations, uses, inner]) =>
      fc.shuffledSubarray([...declarations, ...uses, ...(inner ? [{ block: inner }] : [])], { minLength: declarations.length + uses.length + (inner ? 1 : 0) }),
    )
    .map((items) => ({ items })),
})).block;

function emit(b: Block, counter: { n: number }): string {
  return b.items
    .map((item) => {
      if ("use" in item) return `map.resources(${item.use}, { only: "index" });`;
      if ("declare" in item) return `${item.kind} ${item.declare} = "v${counter.n++}";`;
      return `{ ${emit(item.block, counter)} }`;
    })
    .join(" ");
}

const program = fc.tuple(fc.subarray(NAMES), block).map(([fileConsts, body]) => {
  const counter = { n: 0 };
  const consts = fileConsts.map((name) => `const ${name} = "f${counter.n++}";`).join("\n");
  return `import { draw } from "resource-routes";\n${consts}\nexport default draw((map) => { ${emit(body, counter)} });\n`;
});

describe("lexical scope: the analyser against the runtime on generated files", () => {
  it("never a route the application does not have; every route when nothing is not static", () => {
    fc.assert(
      fc.property(program, (source) => {
        const loaded = loadRoutingFile(source, "routes.ts")!;
        const statics = loaded.routes.routes.map((r) => r.controller);
        const notStatic = loaded.diagnostics.some((d) => d.code === "not-static");
        let runtime: string[];
        try {
          runtime = runRoutingFile<RouteSet>(source).routes.map((r) => r.controller!);
        } catch (error) {
          // A use in its temporal dead zone throws when run: the analyser must have said not-static.
          assert.ok(error instanceof ReferenceError, String(error));
          assert.ok(notStatic, `the runtime throws ${error}, the analyser said nothing\n${source}`);
          return;
        }
        const left = [...runtime];
        for (const controller of statics) {
          const at = left.indexOf(controller!);
          assert.ok(at >= 0, `the analyser guessed ${controller}: the application has ${JSON.stringify(runtime)}\n${source}`);
          left.splice(at, 1);
        }
        if (!notStatic) assert.deepStrictEqual(statics, runtime, source);
      }),
      { numRuns: runs(500) },
    );
  });
});
