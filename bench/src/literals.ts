import * as ts from "typescript";

import { loadRoutingFile } from "../../server/out/analysis/routingFile";
import { rewriteLiterals } from "../../server/out/literals/literalRewrites";
import { time } from "./measure";
import { generatedRoutingFile } from "./workloads";

/**
 * The literal scan of `resource-routes literals` on a workspace of 10,000 TS files (about a million
 * lines, a URL literal in every tenth line) against the 87,500-route file, beside TypeScript's parse
 * alone of the same files in the same process: the scan must parse and never type-check. Goal:
 * within 2× the parse.
 */
export function literalsBenchmark(): void {
  const files = 10_000;
  const routing = generatedRoutingFile(17_499);
  const loaded = loadRoutingFile(routing, "/bench/routes.ts")!;
  const sets = [{ file: "/bench/routes.ts", routes: loaded.routes }];
  const texts: string[] = [];
  for (let f = 0; f < files; f++) {
    const lines = ['import { api } from "./api";', `export function view${f}(id: number, post: { id: number }) {`];
    for (let l = 0; l < 98; l++) {
      const resource = `things${(f * 7 + l) % 2500}`;
      lines.push(l % 10 === 0 ? `  api(\`/${resource}/\${id}/comments?page=${l}\`);` : `  const value${l} = post.id * ${l} + id; console.log(value${l});`);
    }
    lines.push("}");
    texts.push(lines.join("\n"));
  }
  const lineCount = texts.reduce((sum, text) => sum + text.split("\n").length, 0);
  let parsed = 0;
  const parse =
    time(
      () => {
        parsed = 0;
        for (const [i, text] of texts.entries())
          parsed += ts.createSourceFile(`/bench/view${i}.ts`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS).statements.length;
      },
      { warmup: 1, runs: 3 },
    ).seconds * 1000;
  let matched = 0;
  const scan =
    time(
      () => {
        matched = 0;
        for (const [i, text] of texts.entries()) matched += rewriteLiterals(`/bench/view${i}.ts`, text, sets).found.filter((f) => f.match).length;
      },
      { warmup: 1, runs: 3 },
    ).seconds * 1000;
  console.log(
    `literals: ${files.toLocaleString("en-US")} files (${lineCount.toLocaleString("en-US")} lines) against ${loaded.routes.routes.length.toLocaleString("en-US")} routes: ` +
      `scan ${scan.toFixed(0)} ms (${matched.toLocaleString("en-US")} literals matched), TypeScript's parse alone ${parse.toFixed(0)} ms (${parsed} statements): ` +
      `${(scan / parse).toFixed(2)}× the parse (goal: within 2×)`,
  );
}
