import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { loadRoutingFile } from "../../server/out/analysis/routingFile";
import { ROOT } from "../../test/out/support/fixtures";
import { LanguageClient, ServerLaunch } from "../../test/out/support/languageClient";
import { elapsedMs, latencies, peakOf, percentile, rssOf, time } from "./measure";
import { generatedRoutingFile, generatedScopedFile, namespacedRoutingFile, realisticRoutingFile } from "./workloads";

/** A workspace to measure: a routing file, and a view that uses its helpers (and holds an unknown one). */
interface Workload {
  title: string;
  routing: string;
  /** Where an option key ends on a declaration line: a keystroke there adds and removes a diagnostic. */
  option: string;
  /** A helper prefix the view completes. */
  prefix: string;
  /**
   * The memory guard: the most resident memory (MB) the CLI's server, on a plain launch (Node's
   * defaults, no flags, no environment), may hold once the session's edits and requests are over
   * and the user has paused for the last of PAUSE_SAMPLES (the end of the burst itself is a moment
   * of V8's saw-tooth, printed beside it). The benchmark exits non-zero past it.
   */
  guardMegabytes?: number;
}

/**
 * The language server over stdio as users drive it: edits interleaved with requests. On two
 * workspaces (the generated 10,000-line file, and a realistic 400-line one), each with a view that
 * uses helpers and holds an unknown one: open to first diagnostics against ts.createSourceFile on
 * the same text, completion and hover right after an edit in either file, keystroke to updated
 * diagnostics, and the server's memory after opening and after a long interleaved session.
 * Latencies are also given against a request the server answers without work. The server is the
 * CLI's (`resource-routes lsp --stdio`), or with BENCH_SERVER=bundle the VS Code extension's
 * bundle (after `npm run bundle`).
 */
export async function languageServer(): Promise<void> {
  const session = Number(process.env.BENCH_SESSION_SECONDS ?? 60);
  const launch = serverLaunch(process.env.BENCH_SERVER);
  const chosen = (process.env.BENCH_WORKLOADS ?? WORKLOADS.map((w) => w.title).join(",")).split(",");
  for (const title of chosen) {
    const workload = WORKLOADS.find((w) => w.title === title);
    if (!workload) throw new Error(`BENCH_WORKLOADS names ${WORKLOADS.map((w) => w.title).join(", ")}, not ${JSON.stringify(title)}`);
    await measure(workload, session, launch);
  }
}

/** A line that declares a resource, on the mapper of any workload (`map`, a namespace's `api`, behaviour C's `r`). */
const DECLARATION = /\b(map|api|r)\.resources?\(/;

/** When the server's memory is read after the session (seconds of the user's pause); the guard reads the last. */
const PAUSE_SAMPLES = [4, 10, 20];

/** The workspaces measured (BENCH_WORKLOADS chooses some, by title, comma-separated). */
const WORKLOADS: Workload[] = [
  { title: "generated", routing: generatedRoutingFile(10_000), option: "member", prefix: "things1" },
  { title: "realistic", routing: realisticRoutingFile(400), option: "member", prefix: "product", guardMegabytes: 130 },
  // The generated file under one namespace: the unreachable pass and its edits must cost what the flat file's do.
  { title: "namespaced", routing: namespacedRoutingFile(10_000), option: "member", prefix: "api_things1" },
  // Twice the generated file: 100,000 routes.
  { title: "generated-100k", routing: generatedRoutingFile(20_000), option: "member", prefix: "things1", guardMegabytes: 230 },
  // Behaviour C, 88,296 routes: its edits re-read and re-expand what they touched, as A's and B's do.
  { title: "generated-c", routing: generatedScopedFile(3_400), option: "except", prefix: "things1", guardMegabytes: 230 },
  // A file past the analyser's budgets (500,000 routes written, 250,000 read): edits must cost what the CLI's reading costs, never minutes.
  { title: "over-budget", routing: generatedRoutingFile(100_000), option: "member", prefix: "things1" },
];

function serverLaunch(chosen: string | undefined): ServerLaunch {
  if (chosen === undefined || chosen === "cli") return "cli";
  if (chosen !== "bundle") throw new Error(`BENCH_SERVER must be cli or bundle, not ${JSON.stringify(chosen)}`);
  if (!fs.existsSync(path.join(ROOT, "client", "dist", "server.js")))
    throw new Error("BENCH_SERVER=bundle measures client/dist/server.js: run `npm run bundle` first");
  return "bundle";
}

async function measure(workload: Workload, sessionSeconds: number, launch: ServerLaunch): Promise<void> {
  const text = workload.routing;
  const { root, view, routesUri, viewUri } = editorWorkspace(text, workload.prefix);
  const parse = time(() => ts.createSourceFile("routes.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS), { runs: 5 });

  const client = new LanguageClient((process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean), launch);
  try {
    const started = process.hrtime.bigint();
    await client.start(URI.file(root).toString());
    await client.waitFor(() => (client.progress.some((p) => p.kind === "end") ? true : undefined), "indexing never ended", 120_000);
    await client.waitForDiagnostics(routesUri, () => true, 120_000);
    const cold = Number(process.hrtime.bigint() - started) / 1e6;
    // Indexed: once the server answers again after its first diagnostics (it collects indexing's
    // garbage right after publishing them), and the pages its collection freed had a moment to go
    // back to the system (V8 unmaps them on a background thread).
    await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: viewUri }, position: { line: 1, character: 0 } });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rssIndexed = rssOf(client.pid);

    // Opening the routing file as it is on disk, to the first answer that needs its analysis: a
    // hover on a declaration (diagnostics that did not change are not published again, so they
    // cannot tell); then the first keystroke in it, to a completion's answer.
    const lines = text.split("\n");
    const firstDeclaration = lines.findIndex((l) => DECLARATION.test(l));
    const opened = process.hrtime.bigint();
    await client.open(routesUri, text);
    await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: routesUri }, position: { line: firstDeclaration, character: 8 } });
    const open = Number(process.hrtime.bigint() - opened) / 1e6;
    await client.open(viewUri, view);
    await client.waitForDiagnostics(
      viewUri,
      (ds) => ds.some((d) => d.code === "unknown-helper") && (VIEW_LITERALS === 0 || ds.some((d) => d.code === "url-literal")),
      60_000,
    );
    const rssOpened = rssOf(client.pid);

    const declarationLines = lines.flatMap((l, i) => (DECLARATION.test(l) ? [i] : []));
    const optionLines = lines.flatMap((l, i) => (l.includes(`${workload.option}:`) ? [i] : []));
    const at = (uri: string, line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
    const versions = new Map([
      [routesUri, 1],
      [viewUri, 1],
    ]);
    const change = (uri: string, line: number, character: number, insert: string, remove: number) =>
      client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: (versions.set(uri, versions.get(uri)! + 1), versions.get(uri)!) },
        contentChanges: [{ range: { start: { line, character }, end: { line, character: character + remove } }, text: insert }],
      });
    const complete = () => client.connection.sendRequest(rpc.CompletionRequest.type, at(viewUri, 0, 5 + workload.prefix.length));
    const hoverOn = (i: number) => client.connection.sendRequest(rpc.HoverRequest.type, at(routesUri, declarationLines[(i * 97) % declarationLines.length], 8));
    const noop = await latencies(100, () => client.connection.sendRequest(rpc.HoverRequest.type, at(viewUri, 1, 0)));
    // The first keystroke after opening: a character typed into a resource's name, and removed.
    const nameAt = lines[firstDeclaration].indexOf('"') + 2;
    const typed = process.hrtime.bigint();
    await change(routesUri, firstDeclaration, nameAt, "x", 0);
    await complete();
    const firstEdit = Number(process.hrtime.bigint() - typed) / 1e6;
    await change(routesUri, firstDeclaration, nameAt, "", 1);

    // The session: rounds of an edit in the routing file, an edit in the view, each followed at once by requests.
    const samples = {
      completionAfterRoutingEdit: [] as number[],
      optionCompletion: [] as number[],
      completionAfterViewEdit: [] as number[],
      hoverAfterEdit: [] as number[],
      keystroke: [] as number[],
    };
    const sessionEnd = Date.now() + sessionSeconds * 1000;
    for (let round = 0; Date.now() < sessionEnd || round < 40; round++) {
      const line = optionLines[(Math.floor(round / 2) * 31) % optionLines.length]; // each line gets its character back in the next round
      const column = lines[line].indexOf(workload.option) + workload.option.length;
      const insert = round % 2 === 0;
      // Keystroke to diagnostics: `member` ↔ `memberx` adds and removes an unknown-option diagnostic.
      const keyed = process.hrtime.bigint();
      await change(routesUri, line, column, insert ? "x" : "", insert ? 0 : 1);
      samples.completionAfterRoutingEdit.push(await elapsedMs(complete));
      // The option key just typed into, completed (the options a declaration may still take).
      samples.optionCompletion.push(
        await elapsedMs(() => client.connection.sendRequest(rpc.CompletionRequest.type, at(routesUri, line, column + (insert ? 1 : 0)))),
      );
      samples.hoverAfterEdit.push(await elapsedMs(() => hoverOn(round)));
      await client.waitForDiagnostics(routesUri, (ds) => ds.some((d) => d.code === "unknown-option") === insert, 60_000);
      samples.keystroke.push(Number(process.hrtime.bigint() - keyed) / 1e6);
      // Typing in the view: a character added to (and then removed from) a comment line.
      await change(viewUri, 2, 0, insert ? "/" : "", insert ? 0 : 1);
      samples.completionAfterViewEdit.push(await elapsedMs(complete));
    }
    const rssSession = rssOf(client.pid);
    // The user pauses: the server collects once it has been idle (lsp/idleCollection.ts, after 2 s),
    // and V8's own memory reducer shrinks the heap some seconds after allocation slows down.
    const pausedAt: Array<[number, number]> = [];
    for (const seconds of PAUSE_SAMPLES) {
      await new Promise((resolve) => setTimeout(resolve, (seconds - (pausedAt.at(-1)?.[0] ?? 0)) * 1000));
      pausedAt.push([seconds, rssOf(client.pid)]);
    }
    const rssPaused = pausedAt[pausedAt.length - 1][1];

    const routes = loadRoutingFile(text, "routes.ts")!.routes.routes.length;
    console.log(
      `language server, ${workload.title}: a ${lines.length.toLocaleString("en-US")}-line routing file (${routes.toLocaleString("en-US")} routes) and a view with an unknown helper and ${VIEW_LITERALS} URLs written by hand, over stdio, ${launch === "cli" ? "the CLI's server" : "the VS Code extension's bundled server"}`,
    );
    console.log(
      `  cold start (server start, indexing, analysis) to the routing file's first diagnostics: ${cold.toFixed(0)} ms, ${(cold / (parse.seconds * 1000)).toFixed(1)}× ts.createSourceFile on the same text (${(parse.seconds * 1000).toFixed(0)} ms); ` +
        `opening it after indexing, to a hover's answer: ${open.toFixed(0)} ms; its first keystroke to a completion's answer: ${firstEdit.toFixed(0)} ms`,
    );
    const row = (name: string, sample: number[]) =>
      console.log(
        `  ${name}: p50 ${ms(percentile(sample, 50))}, p95 ${ms(percentile(sample, 95))}, max ${ms(Math.max(...sample))} (${sample.length} samples; an empty request ${ms(percentile(noop, 50))})`,
      );
    row("completion right after an edit of the routing file", samples.completionAfterRoutingEdit);
    row("completion of the option key just edited in the routing file", samples.optionCompletion);
    row("completion right after an edit of the view", samples.completionAfterViewEdit);
    row("hover on a declaration right after an edit", samples.hoverAfterEdit);
    row("keystroke to updated diagnostics (debounce included)", samples.keystroke);
    console.log(
      `  server memory (RSS): ${rssIndexed.toFixed(0)} MB indexed, ${rssOpened.toFixed(0)} MB with both files open, ${rssSession.toFixed(0)} MB at the end of a ${sessionSeconds} s session of edits and requests, ` +
        `after a pause of ${pausedAt.map(([seconds, rss]) => `${seconds} s ${rss.toFixed(0)}`).join(", ")} MB; the most at any moment ${peakOf(client.pid).toFixed(0)} MB`,
    );
    const plain = launch === "cli" && (process.env.BENCH_SERVER_FLAGS ?? "").trim() === "";
    if (workload.guardMegabytes !== undefined && plain) {
      const within = rssPaused < workload.guardMegabytes;
      console.log(`  memory guard (plain launch, after the session): ${rssPaused.toFixed(0)} MB ${within ? "within" : "OVER"} ${workload.guardMegabytes} MB`);
      if (!within) process.exitCode = 1;
    }
    await client.stop();
  } finally {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** How many URLs written by hand the view holds (BENCH_VIEW_LITERALS, default 30; 0 for the view without): each a url-literal hint, worked out again whenever the routes change. */
const VIEW_LITERALS = Number(process.env.BENCH_VIEW_LITERALS ?? 30);

/**
 * A folder as a user's project holds them: `config/routes.ts` with `routing`, and a view that
 * completes helpers starting with `prefix`, holds an unknown helper the whole time, as a
 * half-finished view does, and fetches URLs written by hand (the paths of the first named GET
 * routes, a segment's value being 1), each a url-literal hint.
 */
export function editorWorkspace(routing: string, prefix: string): { root: string; view: string; routesUri: string; viewUri: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-bench-"));
  const routesPath = path.join(root, "config", "routes.ts");
  fs.mkdirSync(path.dirname(routesPath));
  fs.writeFileSync(routesPath, routing);
  fs.mkdirSync(path.join(root, "app"));
  const urls = loadRoutingFile(routing, "routes.ts")!
    .routes.routes.filter((route) => route.name && route.verb === "GET")
    .slice(0, VIEW_LITERALS)
    .map((route) => route.path.replace(/\(?\.:format\)?$/, "").replace(/:\w+/g, "1"));
  // Line 2 is the comment the session types into.
  const view = `link(${prefix});\nroutes.helpers.widget_pth();\n// notes\n${urls.map((url) => `fetch(${JSON.stringify(url)});\n`).join("")}`;
  fs.writeFileSync(path.join(root, "app", "view.ts"), view);
  return { root, view, routesUri: URI.file(routesPath).toString(), viewUri: URI.file(path.join(root, "app", "view.ts")).toString() };
}

/** How long the benchmark leaves the server after indexing before it reads the memory indexed. */
const SETTLE_MS = 500;

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
