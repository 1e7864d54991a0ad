import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";
import * as rpc from "vscode-languageserver-protocol/node";

import { RoutesChangedNotifier } from "../../../server/out/lsp/routesChanged";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { LanguageClient } from "../support/languageClient";
import { ManualClock } from "../support/manualClock";

const ROUTES = `import { draw } from "resource-routes";
export default draw({ controllers: "./controllers" }, (map) => {
  map.resources("posts");
});
`;

describe("routesChanged: the server tells the client when what it shows of the routes may have changed", () => {
  it("after edits of a routing file or a controller module, once; never for another file's edit", () => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///app/routes.ts", version: 1, text: ROUTES });
    workspace.set({ uri: "file:///app/controllers/posts.ts", version: 1, text: "export function index() {}\n" });
    workspace.set({ uri: "file:///app/views/page.ts", version: 1, text: "export const p = posts_path();\n" });
    let told = 0;
    const notifier = new RoutesChangedNotifier(workspace, () => told++);
    notifier.afterEdit("file:///app/views/page.ts");
    notifier.flush();
    assert.strictEqual(told, 0, "a view's edit changes no route");
    notifier.afterEdit("file:///app/routes.ts");
    notifier.afterEdit("file:///app/views/page.ts");
    notifier.afterEdit("file:///app/routes.ts");
    notifier.flush();
    assert.strictEqual(told, 1, "a burst of edits is told once");
    notifier.afterEdit("file:///app/controllers/posts.ts");
    notifier.flush();
    assert.strictEqual(told, 2, "a controller module's edit changes the routes' problems");
    notifier.flush();
    assert.strictEqual(told, 2, "nothing pending, nothing told");
    notifier.afterEdit("file:///app/routes.ts");
    notifier.now();
    notifier.flush();
    assert.strictEqual(told, 3, "told now (settings, files on disk), and the pending edit with it");
  });

  it("on the clock it is given: told once typing has paused 300 ms, each edit starting the wait again", () => {
    const workspace = new RoutingWorkspace();
    workspace.set({ uri: "file:///app/routes.ts", version: 1, text: ROUTES });
    const clock = new ManualClock();
    let told = 0;
    const notifier = new RoutesChangedNotifier(workspace, () => told++, clock);
    notifier.afterEdit("file:///app/routes.ts");
    clock.advance(200);
    notifier.afterEdit("file:///app/routes.ts");
    clock.advance(299);
    assert.strictEqual(told, 0, "the second edit started the wait again");
    clock.advance(1);
    assert.strictEqual(told, 1);
    clock.advance(1000);
    assert.strictEqual(told, 1, "told once");
  });

  it("over the protocol: the end of indexing is told, after which the routing files found on disk are listed", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-indexed-"));
    fs.mkdirSync(path.join(folder, "config"));
    fs.writeFileSync(path.join(folder, "config", "routes.ts"), ROUTES);
    const client = new LanguageClient();
    try {
      const afterIndexing = new Promise<void>((resolve) =>
        client.connection.onNotification("resourceRoutes/routesChanged", () => {
          if (client.progress.some((p) => p.kind === "end")) resolve();
        }),
      );
      await client.start(pathToFileURL(folder).toString());
      // Asked at once, while indexing may still be under way: an empty answer always says so, so
      // that the view never takes it for a workspace without routing files.
      type Tree = { items: Array<{ label: string }>; indexing?: boolean };
      const early = (await client.connection.sendRequest("resourceRoutes/routesTree", { groupBy: "file" })) as Tree;
      assert.ok(early.items.length > 0 || early.indexing === true, JSON.stringify(early));
      await afterIndexing; // never settles (the test times out) if the end of indexing is not told
      const uri = pathToFileURL(path.join(folder, "config", "routes.ts")).toString();
      assert.deepStrictEqual(await client.connection.sendRequest("resourceRoutes/fileInfo", { uri }), { behaviour: "B", routes: 7 });
      const after = (await client.connection.sendRequest("resourceRoutes/routesTree", { groupBy: "file" })) as Tree;
      assert.deepStrictEqual([after.items.map((item) => item.label), after.indexing], [["routes.ts"], undefined]);
    } finally {
      await client.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("over the protocol: an edit of an open routing file is followed by the notification", async () => {
    const client = new LanguageClient();
    await client.start("file:///app");
    try {
      const uri = "file:///app/config/routes.ts";
      await client.open(uri, ROUTES);
      const changed = new Promise<void>((resolve) => client.connection.onNotification("resourceRoutes/routesChanged", () => resolve()));
      await client.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: 2 },
        contentChanges: [{ text: ROUTES.replace(`"posts"`, `"articles"`) }],
      });
      await changed;
      assert.deepStrictEqual(await client.connection.sendRequest("resourceRoutes/fileInfo", { uri }), { behaviour: "B", routes: 7 });
    } finally {
      await client.stop();
    }
  });
});
