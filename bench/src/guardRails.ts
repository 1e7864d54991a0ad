import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { ROOT } from "../../test/out/support/fixtures";
import { LanguageClient, ServerLaunch } from "../../test/out/support/languageClient";
import { editorWorkspace } from "./languageServer";
import { elapsedMs, latencies, median, percentile, rssOf } from "./measure";
import { generatedRoutingFile, realisticRoutingFile } from "./workloads";

/**
 * The language server's guard rails and `check`'s, measured as a user meets them and side by side
 * with another build in the same run (BENCH_BASELINE: a checkout of another commit, installed and
 * built), the two alternating so that the machine's load falls on both alike:
 * - a fresh server, the workspace opened (indexing, the routing file and a view open), then 200
 *   hovers, 200 completions and 60 keystrokes whose diagnostics are each waited for; resident
 *   memory after the session and a pause (the idle collection has run), and the p95 latencies;
 * - `check` on a 10,000-line routing file as a whole process, against a process that only loads
 *   TypeScript and parses the same file.
 * Guards (this build): the realistic workspace within 130 MB and a keystroke's p95 within 30 ms,
 * the 87,500-route file within 230 MB and 50 ms, `check` within 2.3× the parse. Past any, the
 * benchmark exits non-zero.
 */
export async function guardRails(): Promise<void> {
  const builds: Build[] = [{ name: `this build (${commitOf(ROOT)})`, root: ROOT, launch: "cli" }];
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) {
    const root = path.resolve(baseline);
    if (!fs.existsSync(path.join(root, "server", "bin", "resource-routes.js")))
      throw new Error(`BENCH_BASELINE names a built checkout (server/bin/resource-routes.js), not ${JSON.stringify(baseline)}`);
    builds.push({ name: `baseline (${commitOf(root)})`, root, launch: { cli: path.join(root, "server", "bin", "resource-routes.js"), cwd: root } });
  }
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  for (const workload of WORKLOADS) {
    const results = new Map<Build, Session[]>(builds.map((build) => [build, []]));
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) results.get(build)!.push(await session(workload, build.launch));
    }
    console.log(`guard rails, ${workload.title} (${workload.routes}): medians of ${rounds} sessions each, builds alternating`);
    for (const build of builds) {
      const sessions = results.get(build)!;
      const of = (pick: (s: Session) => number) => median(sessions.map(pick));
      console.log(
        `  ${build.name}: memory ${of((s) => s.rssSession).toFixed(0)} MB after the session, ${of((s) => s.rssPaused).toFixed(0)} MB after a ${PAUSE_SECONDS} s pause; ` +
          `p95 keystroke → diagnostics ${of((s) => s.keystroke).toFixed(1)} ms, hover ${of((s) => s.hover).toFixed(1)} ms, completion ${of((s) => s.completion).toFixed(1)} ms; ` +
          `initialize to the first hover's routes ${of((s) => s.firstHover).toFixed(0)} ms`,
      );
    }
    const own = results.get(builds[0])!;
    guard(`${workload.title}: memory after the pause`, median(own.map((s) => s.rssPaused)), workload.megabytes, "MB");
    guard(`${workload.title}: keystroke p95`, median(own.map((s) => s.keystroke)), workload.keystrokeMs, "ms");
  }
  checkAgainstParse(builds, rounds);
}

interface Build {
  name: string;
  root: string;
  launch: ServerLaunch;
}

interface Workload {
  title: string;
  routes: string;
  text: string;
  megabytes: number;
  keystrokeMs: number;
}

const WORKLOADS: Workload[] = [
  { title: "realistic", routes: "3,120 routes", text: realisticRoutingFile(400), megabytes: 130, keystrokeMs: 30 },
  { title: "generated", routes: "87,500 routes", text: generatedRoutingFile(17_500), megabytes: 230, keystrokeMs: 50 },
];

/** How long the user pauses after the session before the memory guard reads. */
const PAUSE_SECONDS = 10;

interface Session {
  rssSession: number;
  rssPaused: number;
  keystroke: number;
  hover: number;
  completion: number;
  firstHover: number;
}

/** One fresh server through the whole session. */
async function session(workload: Workload, launch: ServerLaunch): Promise<Session> {
  const { root, view, routesUri, viewUri } = editorWorkspace(workload.text, "product");
  const lines = workload.text.split("\n");
  const declarations = lines.flatMap((line, i) => (/\bmap\.resources?\(/.test(line) ? [i] : []));
  const options = lines.flatMap((line, i) => (line.includes("member:") ? [i] : []));
  const client = new LanguageClient([], launch);
  const at = (uri: string, line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
  try {
    // From initialize to the answer of a hover sent right after opening the routing file: it must list the routes, whatever indexing is doing.
    const started = process.hrtime.bigint();
    await client.start(URI.file(root).toString());
    await client.open(routesUri, workload.text);
    const hovered = await client.connection.sendRequest(rpc.HoverRequest.type, at(routesUri, declarations[0], 8));
    const firstHover = Number(process.hrtime.bigint() - started) / 1e6;
    if (!/\bGET\b/.test(JSON.stringify(hovered?.contents ?? "")))
      throw new Error(`the first hover lists no route: ${JSON.stringify(hovered?.contents).slice(0, 200)}`);
    await client.waitFor(() => (client.progress.some((p) => p.kind === "end") ? true : undefined), "indexing never ended", 120_000);
    await client.open(viewUri, view);
    await client.waitForDiagnostics(viewUri, (ds) => ds.some((d) => d.code === "unknown-helper"), 60_000);
    const keystrokes: number[] = [];
    const hovers = await latencies(200, (i) =>
      client.connection.sendRequest(rpc.HoverRequest.type, at(routesUri, declarations[(i * 97) % declarations.length], 8)),
    );
    const completions = await latencies(200, () => client.connection.sendRequest(rpc.CompletionRequest.type, at(viewUri, 0, 12)));
    let version = 1;
    for (let i = 0; i < 60; i++) {
      const line = options[(Math.floor(i / 2) * 31) % options.length];
      const column = lines[line].indexOf("member") + "member".length;
      const insert = i % 2 === 0;
      keystrokes.push(
        await elapsedMs(async () => {
          await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
            textDocument: { uri: routesUri, version: ++version },
            contentChanges: [{ range: { start: { line, character: column }, end: { line, character: column + (insert ? 0 : 1) } }, text: insert ? "x" : "" }],
          });
          await client.waitForDiagnostics(routesUri, (ds) => ds.some((d) => d.code === "unknown-option") === insert, 60_000);
        }),
      );
    }
    const rssSession = rssOf(client.pid);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS * 1000));
    const rssPaused = rssOf(client.pid);
    await client.stop();
    return { rssSession, rssPaused, keystroke: percentile(keystrokes, 95), hover: percentile(hovers, 95), completion: percentile(completions, 95), firstHover };
  } finally {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** `check` on a 10,000-line routing file, a whole process, against a process that loads TypeScript and parses the file alone; alternating, medians. */
function checkAgainstParse(builds: readonly Build[], rounds: number): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-check-"));
  const file = path.join(dir, "routes.ts");
  fs.writeFileSync(file, generatedRoutingFile(9_999));
  const wall = (args: string[], cwd: string) => {
    const start = process.hrtime.bigint();
    const run = cp.spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
    if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(" ")}: ${run.stderr}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const parse = `const ts = require("typescript"); ts.createSourceFile("routes.ts", require("fs").readFileSync(${JSON.stringify(file)}, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);`;
  const times = new Map<Build, number[]>(builds.map((build) => [build, []]));
  const parses: number[] = [];
  for (let round = 0; round < Math.max(5, rounds); round++) {
    parses.push(wall(["-e", parse], ROOT));
    for (const build of builds) times.get(build)!.push(wall([path.join(build.root, "server", "bin", "resource-routes.js"), "check", file], build.root));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const parsed = median(parses);
  console.log(
    `guard rails, check on a 10,000-line routing file (whole processes, medians of ${parses.length}): TypeScript's parse alone ${parsed.toFixed(0)} ms`,
  );
  for (const build of builds) {
    const took = median(times.get(build)!);
    console.log(`  ${build.name}: ${took.toFixed(0)} ms, ${(took / parsed).toFixed(2)}× the parse`);
  }
  guard("check against the parse", median(times.get(builds[0])!) / parsed, 2.3, "×");
}

function guard(what: string, value: number, limit: number, unit: string): void {
  const within = value <= limit;
  console.log(`  guard ${what}: ${value.toFixed(unit === "×" ? 2 : 1)} ${unit} ${within ? "within" : "OVER"} ${limit} ${unit}`);
  if (!within) process.exitCode = 1;
}

function commitOf(root: string): string {
  return cp.execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
}
