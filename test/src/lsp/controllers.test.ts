import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

/** The server over stdio with controller modules on disk: diagnostics follow a controller's changes, lenses lead back to routes. */
const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { only: ["index", "show"] });
});
`;

describe("language server over stdio: controllers on disk", function () {
  this.timeout(20_000);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-controllers-"));
  const uriOf = (relative: string) => URI.file(path.join(root, relative)).toString();
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
  };
  let client: LanguageClient;

  before(async () => {
    write("config/routes.ts", ROUTES);
    write("config/controllers/posts.ts", "export function index() {}\n");
    client = new LanguageClient();
    await client.start(URI.file(root).toString());
  });

  after(async () => {
    assert.strictEqual(await client.stop(), 0);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("missing-action on the declaration goes away when the controller file defines the action", async () => {
    const routes = uriOf("config/routes.ts");
    const [missing] = await client.waitForDiagnostics(routes, (ds) => ds.some((d) => d.code === "missing-action"));
    assert.deepStrictEqual([missing.severity, missing.range.start], [rpc.DiagnosticSeverity.Warning, { line: 2, character: 16 }]);
    write("config/controllers/posts.ts", "export function index() {}\nexport function show() {}\n");
    await client.connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf("config/controllers/posts.ts"), type: rpc.FileChangeType.Changed }],
    });
    await client.waitForDiagnostics(routes, (ds) => !ds.some((d) => d.code === "missing-action"));
  });

  it("a code lens above each action names its routes and opens the declaration", async () => {
    const controller = uriOf("config/controllers/posts.ts");
    await client.open(controller, fs.readFileSync(path.join(root, "config/controllers/posts.ts"), "utf8"));
    const lenses = (await client.connection.sendRequest(rpc.CodeLensRequest.type, { textDocument: { uri: controller } })) as rpc.CodeLens[];
    assert.deepStrictEqual(
      lenses.map((l) => [l.range.start.line, l.command!.title, l.command!.command, l.command!.arguments]),
      [
        [0, "GET /posts.:format · posts_path", "resourceRoutes.openLocation", [uriOf("config/routes.ts"), 2, 16]],
        [1, "GET /posts/:id.:format · post_path", "resourceRoutes.openLocation", [uriOf("config/routes.ts"), 2, 16]],
      ],
    );
  });
});
