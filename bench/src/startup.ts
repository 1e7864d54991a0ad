import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../../test/out/support/languageClient";
import { realisticRoutingFile } from "./workloads";

/**
 * The language server's start-up as an editor lives it: from the server's launch to the first
 * hover answered with the routes on the routing file just opened, on the example blog and on a realistic workspace of
 * about 3,000 routes; the median of three fresh servers each. Goals: 1 s and 3 s. The first hover
 * waits for the server's start (loading its code), the analysis of the opened file, and the
 * indexing of the workspace folder where it runs first; the index's own time is given apart
 * (from initialize to its "Indexed" progress end).
 */
export async function startup(): Promise<void> {
  const root = path.join(__dirname, "..", "..");
  const workspaces = [
    { title: "the example blog", dir: path.join(root, "examples", "blog"), file: "routes.ts", goal: 1_000 },
    { title: "a realistic workspace", dir: realisticWorkspace(), file: "config/routes.ts", goal: 3_000 },
  ];
  for (const { title, dir, file, goal } of workspaces) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const routes = (text.match(/resources?\(/g) ?? []).length;
    const runs: Array<{ hover: number; indexed: number | undefined }> = [];
    for (let i = 0; i < 3; i++) runs.push(await firstHover(dir, file, text));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const hover = median(runs.map((r) => r.hover));
    const indexed = runs.every((r) => r.indexed !== undefined) ? median(runs.map((r) => r.indexed!)) : undefined;
    console.log(
      `startup: ${title} (${routes} declarations): first hover ${hover} ms after initialize (goal ${goal} ms)${indexed !== undefined ? `; the workspace indexed at ${indexed} ms` : ""}`,
    );
  }
}

async function firstHover(dir: string, file: string, text: string): Promise<{ hover: number; indexed: number | undefined }> {
  const started = Date.now();
  const client = new LanguageClient();
  try {
    await client.start(URI.file(dir).toString());
    const uri = URI.file(path.join(dir, file)).toString();
    await client.open(uri, text);
    const line = text.split("\n").findIndex((l) => /map\.resources?\(/.test(l));
    const character = text.split("\n")[line].indexOf("resources");
    const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line, character: character + 2 } });
    const answered = Date.now() - started;
    // It must list the routes, whatever indexing is doing: a hover of a diagnostic alone is not the first impression the goal is for.
    if (!/\bGET\b/.test(JSON.stringify(hover?.contents ?? "")))
      throw new Error(`the first hover on ${file} lists no route: ${JSON.stringify(hover?.contents).slice(0, 200)}`);
    await client.waitFor(() => client.progress.find((p) => p.kind === "end"), "the index's end", 60_000).catch(() => undefined);
    const end = client.progress.find((p) => p.kind === "end");
    return { hover: answered, indexed: end ? Date.now() - started : undefined };
  } finally {
    await client.stop();
  }
}

/** A folder with a realistic routing file of 400 lines (about 3,000 routes). */
function realisticWorkspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-startup-"));
  fs.mkdirSync(path.join(dir, "config"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", private: true }));
  fs.writeFileSync(path.join(dir, "config", "routes.ts"), realisticRoutingFile(400));
  return dir;
}
