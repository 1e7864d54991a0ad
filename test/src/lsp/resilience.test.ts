import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";

import { ROOT } from "../support/fixtures";
import { LanguageClient } from "../support/languageClient";

/** Pieces of routing-file syntax, so that random edits make half-typed code rather than noise alone. */
const PIECES = [
  'map.resources("',
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
  '"',
  "'",
  "`",
  ",",
  ":",
  "only: [",
  "=>",
  "\n",
  " ",
  "shallow: true",
  "/\\d+/",
  "${",
  "//",
  "/*",
  "x",
  "0",
];
const URI = "file:///app/config/routes.ts";
const ORIGINAL = fs.readFileSync(path.join(ROOT, "examples", "blog", "routes.ts"), "utf8");
const EDITS = Number(process.env.RESILIENCE_EDITS ?? 3_000);

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function positionAt(text: string, offset: number): rpc.Position {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, character: before[before.length - 1].length };
}

describe("language server resilience: random incremental edits", function () {
  this.timeout(120_000);

  it("a routing file edited change by change (each told as a range) answers as the same text opened afresh", async () => {
    const client = new LanguageClient();
    try {
      await client.start(null);
      await client.open(URI, ORIGINAL);
      const edit = validEdit(random(20261123));
      let text = ORIGINAL;
      for (let i = 0; i < 300; i++) {
        const { start, end, inserted } = edit(text, i);
        const range = { start: positionAt(text, start), end: positionAt(text, end) };
        text = text.slice(0, start) + inserted + text.slice(end);
        await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
          textDocument: { uri: URI, version: i + 2 },
          contentChanges: [{ range, text: inserted }],
        });
        // Asked after most edits, as an editor asks for the outline: each version is analysed from
        // the one before through the change told, or (every third edit left unasked, as when
        // typing outruns the editor) from the one before that, through both changes.
        if (i % 3 === 1) continue;
        const symbols = await client.connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri: URI } });
        if (i % 15 === 14) await answersAsFresh(client, URI, text, `after edit ${i + 1}`);
        else assert.ok(symbols?.length, `after edit ${i + 1}`);
      }
      assert.deepStrictEqual(client.errors, []);
    } finally {
      client.kill();
    }
  });

  it(`survives ${EDITS} random insertions, deletions and truncations, then answers correctly again`, async () => {
    const client = new LanguageClient();
    try {
      await survive(client);
    } finally {
      client.kill();
    }
  });
});

async function survive(client: LanguageClient): Promise<void> {
  const uri = URI;
  const original = ORIGINAL;
  const { connection } = client;
  await client.start(null);
  await client.open(uri, original);
  const next = random(20261121);
  let text = original;
  let version = 1;
  for (let i = 0; i < EDITS; i++) {
    // Mostly insertions and short deletions, sometimes a truncation; a text grown too short gets the original appended.
    const refill = text.length < 200;
    const start = refill ? text.length : Math.floor(next() * (text.length + 1));
    const kind = refill ? 0 : next();
    const end = kind < 0.45 ? start : kind < 0.95 ? Math.min(text.length, start + Math.floor(next() * 12)) : text.length;
    const inserted = refill ? original : kind < 0.45 ? PIECES[Math.floor(next() * PIECES.length)] : "";
    const range = { start: positionAt(text, start), end: positionAt(text, end) };
    text = text.slice(0, start) + inserted + text.slice(end);
    await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: ++version },
      contentChanges: [{ range, text: inserted }],
    });
    if (i % 100 === 99) {
      const position = positionAt(text, Math.floor(next() * text.length));
      const at = { textDocument: { uri }, position };
      await Promise.all([
        connection.sendRequest(rpc.HoverRequest.type, at),
        connection.sendRequest(rpc.CompletionRequest.type, at),
        connection.sendRequest(rpc.SignatureHelpRequest.type, at),
        connection.sendRequest(rpc.ReferencesRequest.type, { ...at, context: { includeDeclaration: true } }),
        connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri } }),
        connection.sendRequest(rpc.CodeLensRequest.type, { textDocument: { uri } }),
        connection.sendRequest(rpc.CodeActionRequest.type, { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } }),
      ]);
    }
  }
  // Restore the document in one change and check the answers are the original's.
  await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: ++version },
    contentChanges: [{ text: original }],
  });
  await client.waitForDiagnostics(uri, (ds) => ds.length === 0);
  const line = original.split("\n").findIndex((l) => l.includes(`article.resources("comments"`));
  const hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line, character: 25 } });
  assert.match((hover!.contents as rpc.MarkupContent).value, /`comments`: 7 routes/);
  assert.strictEqual(await client.stop(), 0);
  assert.deepStrictEqual(client.errors, []);
}

/**
 * Edits that keep the blog's routing file valid, so that every answer has routes in it, in ranges
 * that moved: a declaration added after a line of the draw() callback or removed again, a letter
 * typed at the start of a declared name, a space after a comma.
 */
function validEdit(next: () => number): (text: string, i: number) => { start: number; end: number; inserted: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const inCallback = (text: string, pattern: RegExp) => {
    const [from, to] = [text.indexOf("(map) => {") + 10, text.lastIndexOf("});")];
    return [...text.matchAll(pattern)].map((m) => m.index! + m[0].length).filter((at) => at >= from && at <= to);
  };
  return (text, i) => {
    const kind = next();
    const added = [...text.matchAll(/\n {2}map\.resources\("n\d+"[^\n]*/g)];
    if (kind < 0.3) {
      const at = pick(inCallback(text, /\n/g)) - 1;
      return { start: at, end: at, inserted: `\n  map.resources("n${i}", { only: ["index", "show"] });` };
    }
    if (kind < 0.45 && added.length > 0) {
      const line = pick(added);
      return { start: line.index!, end: line.index! + line[0].length, inserted: "" };
    }
    const at = pick(inCallback(text, kind < 0.8 ? /\.resources?\("/g : /, /g));
    return { start: at, end: at, inserted: kind < 0.8 ? "x" : " " };
  };
}

/** The document edited change by change answers as the same text opened afresh (analysed from nothing) does. */
async function answersAsFresh(client: LanguageClient, uri: string, text: string, when: string): Promise<void> {
  const fresh = uri.replace(/routes\.ts$/, "fresh/routes.ts");
  await client.open(fresh, text);
  const answers = async (of: string) => {
    const textDocument = { uri: of };
    const found = await Promise.all([
      client.connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument }),
      client.connection.sendRequest(rpc.CodeLensRequest.type, { textDocument }),
    ]);
    return JSON.stringify(found).split(of).join("<uri>");
  };
  const edited = await answers(uri);
  assert.ok(edited.length > 100, `${when}: still a routing file`);
  assert.strictEqual(edited, await answers(fresh), when);
  await client.connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri: fresh } });
}
