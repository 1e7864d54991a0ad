import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";

import { ROUTES_TABLE, RoutesTableResult } from "../../../server/out/lsp/customRequests";
import { indexFolder, nodeFileSystem } from "../../../server/out/service/indexer";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { ROOT } from "../support/fixtures";
import { LanguageClient } from "../support/languageClient";
import { sharedStructureFile } from "../support/sharedStructure";

/** The real server over stdio against hostile files and a careless client: it answers every other file, and never dies. */

const HEAD = `import { draw } from "resource-routes";\n`;
const GOOD_URI = "file:///app/config/routes.ts";
const VIEW_URI = "file:///app/views/posts.ts";
const GOOD = `${HEAD}export default draw((map) => { map.resources("posts"); });\n`;
const VIEW = "routes.helpers.post_path(1);\n";

const nested = (depth: number, open: string, inner: string, close: string) => open.repeat(depth) + inner + close.repeat(depth);
const namespaces = (depth: number) => {
  let body = `m.resources("x")`;
  for (let i = 0; i < depth; i++) body = `m.namespace("n${i}", (m) => { ${body} })`;
  return body;
};

/** Each hostile file that once took the server down, hung it or fooled it. */
const HOSTILE: Array<[string, string]> = [
  ["a null inflection", `${HEAD}export default draw({ inflections: { irregular: { cactus: null } } }, (map) => { map.resources("cacti"); });`],
  ["a __proto__ requirement", `${HEAD}export default draw((map) => { map.resources("posts", { requirements: { id: { "__proto__": /\\d+/ } } }); });`],
  ["3,000 nested parentheses", `${HEAD}export default draw((map) => { ${nested(3000, "(", 'map.resources("x")', ")")}; });`],
  ["2,000 nested namespaces", `${HEAD}export default draw((m) => { ${namespaces(2000)}; });`],
  [
    "40 doubling consts",
    `${HEAD}const a0 = "ab";\n${Array.from({ length: 40 }, (_, i) => `const a${i + 1} = \`\${a${i}}\${a${i}}\`;`).join("\n")}\nexport default draw((map) => { map.resources(a40); });`,
  ],
  [
    "nested loops over 256 values",
    `${HEAD}const L = ${JSON.stringify(Array.from({ length: 256 }, (_, i) => `r${i}`))};\nexport default draw((map) => { for (const a of L) for (const b of L) for (const c of L) map.resources(a + b + c); });`,
  ],
  [
    "a spread of 100,000 names",
    `${HEAD}const a = ${JSON.stringify(Array.from({ length: 100_000 }, (_, i) => `r${i}`))};\nexport default draw((map) => { map.resources(...a, { foo: 1 }); });`,
  ],
  ["22 doubling lists used as one condition", sharedStructureFile({ shape: "list", place: "conditions", depth: 22, uses: 1 })],
  ["has_many hashes doubling 30 times", sharedStructureFile({ shape: "has_many", place: "has_many", depth: 30, uses: 3 })],
  ["with_options of a large value over 300 declarations", sharedStructureFile({ shape: "object", place: "with_options", depth: 12, uses: 300 })],
  [
    "names made to break Markdown and terminals",
    `${HEAD}export default draw((map) => { map.resources("a\`b|c](command:x)"); map.resources("line\\nbreak"); map.connect(":constructor/:__proto__"); });`,
  ],
];

describe("language server: hostile routing files", function () {
  this.timeout(120_000);
  let client: LanguageClient;

  before(async () => {
    client = new LanguageClient();
    await client.start(null);
    await client.open(GOOD_URI, GOOD);
    await client.open(VIEW_URI, VIEW);
  });

  after(() => client.kill());

  HOSTILE.forEach(([what, text], i) => {
    // The analysis of each file is bounded by its budget (asserted by counts in the analyser's tests); here, the server goes on answering.
    it(`${what}: a hover on another file is still answered`, async () => {
      await client.open(`file:///app/hostile/routes${i}.ts`, text);
      const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: VIEW_URI }, position: { line: 0, character: 17 } });
      assert.match((hover!.contents as rpc.MarkupContent).value, /post_path/);
      assert.strictEqual(client.errors.filter((e) => !/failed: /.test(e)).length, 0, client.errors.join("\n"));
    });
  });

  it("names that hold Markdown stay inside code spans in the hover table", async () => {
    const uri = `file:///app/hostile/routes${HOSTILE.length - 1}.ts`;
    const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 46 } });
    const value = (hover!.contents as rpc.MarkupContent).value;
    assert.ok(value.startsWith("**resources** ``a`b|c](command:x)``: 7 routes"), value);
    assert.ok(value.includes("| GET | ``/a`b\\|c](command:x).:format`` | ``a`b\\|c](command:x)_index_path`` | ``a`b\\|c](command:x)#index`` |"), value);
  });

  it("every hostile file got its diagnostics and the server is alive after them all", async () => {
    const diagnostics = await client.waitForDiagnostics(`file:///app/hostile/routes2.ts`, (ds) => ds.length > 0);
    assert.deepStrictEqual(
      diagnostics.map((d) => d.code),
      ["too-deep"],
    );
    const table = await client.connection.sendRequest(new rpc.RequestType<object, RoutesTableResult | null, void>(ROUTES_TABLE), {});
    assert.ok(table && table.text.includes("/posts.:format"));
    // One row per line: the table's rows point at lines that hold routes.
    const lines = table!.text.split("\n");
    for (const row of table!.rows) assert.match(lines[row.line], /(GET|POST|PUT|DELETE|ANY)/);
  });

  it("a document whose URI is malformed costs only itself: the routes table is still answered", async () => {
    await client.open("fi le://bad/routes.ts", GOOD);
    const table = await client.connection.sendRequest(new rpc.RequestType<object, RoutesTableResult | null, void>(ROUTES_TABLE), {});
    assert.ok(table && table.text.includes("/posts.:format"));
  });

  it("workspace symbols are capped", async () => {
    await client.open(
      "file:///app/many/routes.ts",
      `${HEAD}const a = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `r${i}`))};\nexport default draw((map) => { map.resources(...a); });`,
    );
    const symbols = await client.connection.sendRequest(rpc.WorkspaceSymbolRequest.type, { query: "r" });
    assert.strictEqual(symbols!.length, 1_000);
  });

  it("a helper name holding $ is escaped in the completion snippet", async () => {
    await client.open("file:///app/dollar/routes.ts", `${HEAD}export default draw((map) => { map.resources("a$b", { only: "show" }); });`);
    await client.open("file:///app/views/dollar.ts", "routes.helpers.a");
    const list = (await client.connection.sendRequest(rpc.CompletionRequest.type, {
      textDocument: { uri: "file:///app/views/dollar.ts" },
      position: { line: 0, character: 16 },
    })) as rpc.CompletionList;
    const item = list.items.find((i) => i.label === "a$b_path")!;
    assert.strictEqual(item.textEditText, "a\\$b_path(${1:id})");
  });
});

describe("language server: a careless client", function () {
  this.timeout(30_000);

  it("a request before initialize is answered with -32002", async () => {
    const client = new LanguageClient();
    try {
      await assert.rejects(
        client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri: VIEW_URI }, position: { line: 0, character: 0 } }),
        (error: rpc.ResponseError<unknown>) => error.code === rpc.ErrorCodes.ServerNotInitialized,
      );
    } finally {
      client.kill();
    }
  });

  it('routingFiles: [""] is refused with a warning shown to the user', async () => {
    const client = new LanguageClient();
    const shown = new Promise<rpc.ShowMessageRequestParams>((resolve) =>
      client.connection.onRequest(rpc.ShowMessageRequest.type, (params) => {
        resolve(params);
        return null;
      }),
    );
    client.settings = { routingFiles: [""] };
    try {
      await client.start("file:///nonexistent-folder");
      const message = await shown;
      assert.deepStrictEqual(message, {
        type: rpc.MessageType.Warning,
        actions: [],
        message: "Resource Routes: resourceRoutes.routingFiles must be a list of glob patterns; the default is used",
      });
    } finally {
      client.kill();
    }
  });

  it("a malformed Content-Length ends the process with a line on stderr", async () => {
    const server = cp.spawn(process.execPath, [path.join(ROOT, "server", "bin", "resource-routes.js"), "lsp", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    server.stdin.write("Content-Length: twelve\r\n\r\n{}");
    const timer = setTimeout(() => server.kill(), 10_000);
    const code = await exited;
    clearTimeout(timer);
    assert.strictEqual(code, 1);
    assert.match(stderr, /^resource-routes: malformed message from the client \(Content-Length value must be a number\. Got twelve\); exiting/);
  });
});

describe("indexing a folder with special files", function () {
  this.timeout(30_000);

  it("a FIFO and a device link named like routing files are skipped; the real routing file is indexed", async function () {
    if (process.platform === "win32") this.skip();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-index-"));
    try {
      cp.execFileSync("mkfifo", [path.join(dir, "a-fifo.ts")]);
      fs.symlinkSync("/dev/zero", path.join(dir, "zero.ts"));
      fs.writeFileSync(path.join(dir, "routes.ts"), GOOD);
      const workspace = new RoutingWorkspace();
      const root = `file://${dir}`;
      // Several times, as watch events would: no read may stay blocked on the FIFO.
      for (let i = 0; i < 8; i++) assert.deepStrictEqual(await indexFolder(workspace, root, nodeFileSystem()), { read: 3, kept: 1 });
      assert.deepStrictEqual(
        workspace.routingFiles().map((f) => path.basename(f.uri)),
        ["routes.ts"],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
