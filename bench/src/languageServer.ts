import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";
import { LanguageClient } from "../../test/out/support/languageClient";
import { loadRoutingFile } from "../../server/out/analysis/routingFile";
import { generatedRoutingFile } from "./workloads";

/**
 * The language server over stdio on a workspace whose routing file has 10,000 lines: indexing time,
 * hover and completion latency, keystroke-to-diagnostics time, and the server's memory. Latencies
 * are also given as a multiple of a request the server answers without work (the protocol's own cost).
 */
export async function languageServer(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-bench-"));
  const text = generatedRoutingFile(10_000);
  const routesPath = path.join(root, "config", "routes.ts");
  fs.mkdirSync(path.dirname(routesPath));
  fs.writeFileSync(routesPath, text);
  fs.mkdirSync(path.join(root, "app"));
  const view = "link(things12);\n";
  fs.writeFileSync(path.join(root, "app", "view.ts"), view);
  const routesUri = URI.file(routesPath).toString();
  const viewUri = URI.file(path.join(root, "app", "view.ts")).toString();

  const client = new LanguageClient();
  try {
    const started = process.hrtime.bigint();
    await client.start(URI.file(root).toString());
    await client.waitFor(() => (client.progress.some((p) => p.kind === "end") ? true : undefined), "indexing never ended", 120_000);
    await client.waitForDiagnostics(routesUri, () => true, 120_000);
    const indexing = Number(process.hrtime.bigint() - started) / 1e6;

    await client.open(routesUri, text);
    await client.open(viewUri, view);
    // A hover makes sure the opened routing file has been analysed before memory is read.
    await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: routesUri }, position: { line: 3, character: 8 } });
    const rssOpened = rssOf(client.pid);
    const lines = text.split("\n");
    const declarationLines = lines.flatMap((l, i) => (l.includes("map.resources(") ? [i] : []));
    const at = (uri: string, line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

    const noop = await latencies(200, () => client.connection.sendRequest(rpc.HoverRequest.type, at(viewUri, 1, 0)));
    const hover = await latencies(200, (i) => client.connection.sendRequest(rpc.HoverRequest.type, at(routesUri, declarationLines[(i * 97) % declarationLines.length], 8)));
    const completion = await latencies(200, () => client.connection.sendRequest(rpc.CompletionRequest.type, at(viewUri, 0, 13)));

    // A keystroke that adds and then removes a diagnostic: `member` ↔ `memberx` in one declaration.
    let version = 1;
    const line = declarationLines[Math.floor(declarationLines.length / 2)] + 1;
    const column = lines[line].indexOf("member") + "member".length;
    const keystroke = await latencies(60, async (i) => {
      const insert = i % 2 === 0;
      const range = { start: { line, character: column }, end: { line, character: column + (insert ? 0 : 1) } };
      await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, { textDocument: { uri: routesUri, version: ++version }, contentChanges: [{ range, text: insert ? "x" : "" }] });
      await client.waitForDiagnostics(routesUri, (ds) => ds.some((d) => d.code === "unknown-option") === insert, 60_000);
    });
    if (process.env.BENCH_SAMPLES) console.log(`  keystroke samples (ms): ${keystroke.map((v) => v.toFixed(0)).join(" ")}`);
    const rss = rssOf(client.pid);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const rssIdle = rssOf(client.pid);

    const routes = loadRoutingFile(text, "routes.ts")!.routes.routes.length;
    console.log(`language server: a ${lines.length.toLocaleString("en-US")}-line routing file (${routes.toLocaleString("en-US")} routes), over stdio`);
    console.log(`  indexing the workspace, start to first diagnostics: ${indexing.toFixed(0)} ms`);
    for (const [name, sample] of [["hover on a declaration", hover], ["helper completion", completion]] as const) {
      console.log(`  ${name}: p50 ${ms(percentile(sample, 50))}, p95 ${ms(percentile(sample, 95))} (${(percentile(sample, 50) / percentile(noop, 50)).toFixed(1)}× an empty request's round trip, ${ms(percentile(noop, 50))})`);
    }
    console.log(`  one-character change to updated diagnostics: p50 ${ms(percentile(keystroke, 50))}, p95 ${ms(percentile(keystroke, 95))} (debounce included)`);
    console.log(`  server memory (RSS): ${rssOpened.toFixed(0)} MB with the workspace indexed and both files open, ${rss.toFixed(0)} MB after all of the above, ${rssIdle.toFixed(0)} MB 5 s later`);
    await client.stop();
  } finally {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** A process's resident memory in MB (Linux). */
function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
}

async function latencies(count: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
