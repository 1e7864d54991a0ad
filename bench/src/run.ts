import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { RouteSet } from "resource-routes";
import { behaviourOf, BEHAVIOURS, expandDeclarations, Recognizer } from "resource-routes/internal";
import * as ts from "typescript";

import { analyzeRoutingFile } from "../../server/out/analysis/analyze";
import { compacted } from "../../server/out/analysis/rereading";
import { loadRoutingFile } from "../../server/out/analysis/routingFile";
import { documentDiagnostics } from "../../server/out/service/diagnostics";
import { RoutingWorkspace } from "../../server/out/service/workspace";
import { heldBy } from "../../test/out/support/heap";
import { adversarialRecognition, unreachablePass } from "./adversarial";
import { coverageRecording } from "./coverage";
import { dispatchInProcess } from "./dispatch";
import { generationAcrossBehaviours, generationFromOptions } from "./generation";
import { guardRails } from "./guardRails";
import { footprint, httpThroughput } from "./http";
import { benchRoutes, findMyWayRouter, modernBenchRoutes } from "./httpRoutes";
import { languageServer } from "./languageServer";
import { literalsBenchmark } from "./literals";
import { megabytes, rate, ratio, time, times } from "./measure";
import { startup } from "./startup";
import { routesTreeBenchmark } from "./tree";
import { typesBenchmark } from "./types";
import { generatedRoutingFile, generatedTree } from "./workloads";

/** `npm run bench`: throughput of the facility, each figure beside a same-process baseline. */

function expansion(): void {
  for (const behaviour of ["A", "B"] as const) {
    const tree = generatedTree(2500, behaviour);
    let routes = 0;
    const expand = time(() => (routes = expandDeclarations(tree).routes.length), { runs: 5 });
    const json = JSON.stringify(expandDeclarations(tree).routes);
    const baseline = time(() => JSON.parse(json), { runs: 5 });
    console.log(
      `expansion (${behaviour}): 2,500 declarations → ${routes.toLocaleString("en-US")} routes in ${(expand.seconds * 1000).toFixed(0)} ms, ` +
        `${rate(routes, expand)}; ${ratio(expand, baseline)} the time of JSON.parse on the resulting route list`,
    );
  }
}

function recognition(): void {
  recognitionOf(benchRoutes(), "B", ["GET", "PUT"]);
  recognitionOf(modernBenchRoutes(), "C", ["GET", "PATCH"]);
}

/** Recognition of 10,000 requests against find-my-way on the same routes: index, show, update (`update` its method), edit, a collection and a member action, JSON, destroy; in C also pages under an optional locale. */
function recognitionOf(routes: RouteSet, behaviour: string, [get, update]: [string, string]): void {
  const router = findMyWayRouter(routes, () => undefined);
  const resources = Math.ceil(1000 / 10);
  const requests: Array<[string, string]> = [];
  for (let i = 0; i < 10_000; i++) {
    const r = `resources${(i * 37) % resources}`;
    const id = 1000 + i;
    const shapes: Array<[string, string]> = [
      [get, `/${r}`],
      [get, `/${r}/${id}`],
      [update, `/${r}/${id}`],
      [get, `/${r}/${id}/edit`],
      [get, `/${r}/search`],
      ["PUT", `/${r}/${id}/publish`],
      [get, `/${r}/${id}.json`],
      ["DELETE", `/${r}/${id}`],
      ...(behaviour === "C"
        ? ([
            [get, `/fr/about`],
            [get, `/contact`],
          ] as Array<[string, string]>)
        : []),
    ];
    requests.push(shapes[i % shapes.length]);
  }
  routes.recognize("GET", "/resources0"); // compile once, outside the timing
  // Paired rounds, ours then theirs: the machine's noise falls on both sides of each ratio alike.
  const rounds = Array.from({ length: 7 }, () => {
    const ours = time(() => {
      for (const [method, path] of requests) routes.recognize(method, path);
    });
    const theirs = time(() => {
      for (const [method, path] of requests) router.find(method as "GET", path);
    });
    return { ours, theirs };
  }).sort((a, b) => a.ours.seconds / a.theirs.seconds - b.ours.seconds / b.theirs.seconds);
  const { ours, theirs } = rounds[Math.floor(rounds.length / 2)];
  console.log(
    `recognition, behaviour ${behaviour}: ${routes.routes.length} routes, ${requests.length.toLocaleString("en-US")} requests: ours ${rate(requests.length, ours)}, ` +
      `find-my-way ${rate(requests.length, theirs)}; ours takes ${ratio(ours, theirs)} find-my-way's time (median of 7 paired rounds; ordered first-match semantics kept)`,
  );
  // What recognition keeps once compiled, against the route list it is compiled from (a copy made
  // from the same routes, as a fresh draw() holds them); ten of each, as one is small beside the
  // garbage a collection may or may not have freed yet.
  const copies = 10;
  const recognizer = heldBy(() => Array.from({ length: copies }, () => new Recognizer(routes.routes, BEHAVIOURS[routes.behaviour]))) / copies;
  const list = heldBy(() => Array.from({ length: copies }, () => structuredClone(routes.routes))) / copies;
  console.log(
    `  heap held by the compiled recogniser: ${megabytes(recognizer)}, ${Math.round(recognizer / routes.routes.length)} bytes a route; ` +
      `${times(recognizer, list)} a structured copy of the route list (${megabytes(list)})`,
  );
}

function analysis(): void {
  const text = generatedRoutingFile(10_000);
  let routes = 0;
  const parse = time(() => ts.createSourceFile("routes.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS), { runs: 5 });
  const whole = time(() => (routes = loadRoutingFile(text, "routes.ts")!.routes.routes.length), { runs: 5 });
  console.log(
    `analysis: ${text.split("\n").length.toLocaleString("en-US")} lines → ${routes.toLocaleString("en-US")} routes in ${(whole.seconds * 1000).toFixed(0)} ms ` +
      `(parse, read, expand, diagnostics); ${ratio(whole, parse)} the time of ts.createSourceFile alone (${(parse.seconds * 1000).toFixed(0)} ms)`,
  );
  // Where the time goes, each phase against the same parse: parse and read (the analyser), then
  // the facility's expansion of the declarations read; and a walk of every node of the syntax
  // tree, the least any reading of the tree costs.
  const tree = analyzeRoutingFile(text, "routes.ts").tree!;
  const read = time(() => analyzeRoutingFile(text, "routes.ts"), { runs: 5 });
  const expanded = time(() => expandDeclarations({ settings: { ...tree.settings, behaviour: behaviourOf(tree.settings) }, body: tree.body }), { runs: 5 });
  const syntax = ts.createSourceFile("routes.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const walk = time(() =>
    ts.forEachChild(syntax, function visit(node): void {
      ts.forEachChild(node, visit);
    }),
  );
  console.log(
    `  of which parse and read ${ratio(read, parse)}, expansion ${ratio(expanded, parse)}; a walk of every node of the syntax tree ${ratio(walk, parse)}`,
  );
  const cold = firstInProcess(text);
  console.log(
    `  the first analysis in a fresh process (what a language server does when it starts): ${cold.analysis.toFixed(0)} ms, ` +
      `${times(cold.analysis, cold.parse)} the first ts.createSourceFile in a fresh process (${cold.parse.toFixed(0)} ms; medians of 3 processes each)`,
  );
  // What the analysed file keeps in memory, open (with its syntax tree) and closed (without, as
  // the workspace keeps closed files), against the syntax tree alone.
  const parsed = heldBy(() => ts.createSourceFile("routes.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  const open = heldBy(() => loadRoutingFile(text, "routes.ts"));
  const closed = heldBy(() => {
    const file = loadRoutingFile(text, "routes.ts")!;
    return { ...file, analysis: compacted(file.analysis) };
  });
  console.log(
    `heap held by the analysed file: open ${megabytes(open)}, ${times(open, parsed)} the syntax tree alone (${megabytes(parsed)}); ` +
      `closed (no syntax tree) ${megabytes(closed)}, ${times(closed, parsed)}, ${Math.round(closed / routes)} bytes a route`,
  );
  // Re-analysis after typing one character into an option key (and deleting it again), from the previous version.
  const at = text.indexOf("member", text.length / 2) + "member".length;
  const versions = [text.slice(0, at) + "x" + text.slice(at), text];
  let previous = loadRoutingFile(text, "routes.ts");
  let turn = 0;
  const again = time(() => (previous = loadRoutingFile(versions[turn++ % 2], "routes.ts", { previous })), { runs: 21 });
  console.log(
    `re-analysis after a one-character edit: ${(again.seconds * 1000).toFixed(1)} ms; ${ratio(again, parse)} the time of ts.createSourceFile on the whole file`,
  );
  // The same edits in an application: every controller has its module (an object of its actions),
  // and each edit is followed by the routing file's diagnostics, as the language server publishes them.
  const workspace = new RoutingWorkspace();
  const uri = "file:///app/routes.ts";
  workspace.set({ uri, version: 0, text });
  const actions = new Map<string, Set<string>>();
  for (const route of workspace.routingFile(uri)!.routes.routes) {
    if (route.controller === null || route.action === null) continue;
    if (!actions.has(route.controller)) actions.set(route.controller, new Set());
    actions.get(route.controller)!.add(route.action);
  }
  for (const [controller, names] of actions) {
    workspace.setFromDisk({
      uri: `file:///app/controllers/${controller}.ts`,
      version: 1,
      text: `export default { ${[...names].map((a) => `${a}() {}`).join(", ")} };\n`,
    });
  }
  documentDiagnostics(workspace, uri);
  let version = 1;
  const published = time(
    () => {
      workspace.set({ uri, version, text: versions[version++ % 2] });
      documentDiagnostics(workspace, uri);
    },
    { runs: 21 },
  );
  console.log(
    `the same edit, then the routing file's diagnostics, with a controllers folder of ${actions.size.toLocaleString("en-US")} modules: ${(published.seconds * 1000).toFixed(1)} ms; ` +
      `${ratio(published, parse)} the time of ts.createSourceFile on the whole file`,
  );
}

/**
 * The first parse, and the first whole analysis, of `text` in fresh Node processes (one each, so
 * neither warms the other's code): the median of three of each, in milliseconds.
 */
function firstInProcess(text: string): { parse: number; analysis: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-bench-")), "routes.ts");
  fs.writeFileSync(file, text);
  const root = path.join(__dirname, "..", "..");
  // A script that loads what `call` needs, reads the file, and prints how long `call` takes on its text.
  const timed = (load: string, call: string): string =>
    `${load}; const text = require("fs").readFileSync(${JSON.stringify(file)}, "utf8"); const start = process.hrtime.bigint(); ${call}; ` +
    `console.log(Number(process.hrtime.bigint() - start) / 1e6);`;
  const median = (script: string): number => {
    const samples = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" })));
    return samples.sort((a, b) => a - b)[1];
  };
  const runs = {
    parse: timed(`const ts = require("typescript")`, `ts.createSourceFile("routes.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)`),
    analysis: timed(
      `const { loadRoutingFile } = require(${JSON.stringify(path.join(root, "server", "out", "analysis", "routingFile"))})`,
      `loadRoutingFile(text, "routes.ts")`,
    ),
  };
  const result = { parse: median(runs.parse), analysis: median(runs.analysis) };
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return result;
}

/** Every benchmark, or those named on the command line (`npm run bench -- recognition http`). */
const SECTIONS: Record<string, () => void | Promise<void>> = {
  expansion,
  recognition,
  analysis,
  footprint,
  dispatch: dispatchInProcess,
  http: httpThroughput,
  "language-server": languageServer,
  "guard-rails": guardRails,
  tree: routesTreeBenchmark,
  adversarial: adversarialRecognition,
  unreachable: unreachablePass,
  startup,
  literals: literalsBenchmark,
  types: typesBenchmark,
  coverage: coverageRecording,
  generation: () => {
    generationFromOptions();
    generationAcrossBehaviours();
  },
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(SECTIONS).join(", ")}`);
  process.exit(2);
}
void (async () => {
  for (const [name, run] of Object.entries(SECTIONS)) if (chosen.length === 0 || chosen.includes(name)) await run();
})().catch((error) => {
  console.error(`benchmark failed: ${error.message}`);
  process.exitCode = 1;
});
