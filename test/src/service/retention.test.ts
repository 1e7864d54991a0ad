import * as assert from "assert";
import { processHeap } from "../../../server/out/lsp/idleCollection";
import { RoutingWorkspace, TextDocument } from "../../../server/out/service/workspace";

/** What the workspace lets go of: a version of a large routing file holds its whole text. */
describe("workspace retention", () => {
  const uri = "file:///app/config/routes.ts";
  const routes = (name: string) => `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("${name}");\n});\n`;

  it("lets go of the version an edit replaced once the new version is analysed", async () => {
    const workspace = new RoutingWorkspace();
    let first: TextDocument | undefined = { uri, version: 1, text: routes("posts") };
    workspace.set(first);
    workspace.routingFile(uri);
    workspace.set({ uri, version: 2, text: routes("postsx") });
    const edited = new WeakRef(first);
    first = undefined;
    // Until analysed, the edit is kept with the version it was made to (the analysis starts from it).
    await new Promise((resolve) => setImmediate(resolve)); // a WeakRef holds its target until the turn ends
    processHeap()!.collect();
    assert.ok(edited.deref(), "the version edited from is needed until the new one is analysed");
    assert.ok(workspace.routingFile(uri)!.routes.routes.some((route) => route.path.startsWith("/postsx")));
    await new Promise((resolve) => setImmediate(resolve));
    processHeap()!.collect();
    assert.strictEqual(edited.deref(), undefined);
    assert.strictEqual(workspace.lastEditEnd(uri), routes("postsx").indexOf('x"') + 1, "where the user types is still known");
  });
});
