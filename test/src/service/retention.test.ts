import * as assert from "assert";

import type { GroupedTable } from "../../../server/out/incremental/groupedTable";
import { processHeap } from "../../../server/out/lsp/idleCollection";
import { completions } from "../../../server/out/service/completion";
import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { RoutingWorkspace, TextDocument } from "../../../server/out/service/workspace";

/** What the workspace lets go of: a version of a large routing file holds its whole text. */
/**
 * The collector run until what is garbage is gone: after the turn ends (a WeakRef holds its target
 * until then), and once more after another turn, since a collection on a loaded machine may leave
 * to the next one what it reached late.
 */
async function collected(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    processHeap()!.collect();
  }
}

describe("workspace retention", () => {
  const uri = "file:///app/config/routes.ts";
  const routingText = (lines: readonly string[]) => `import { draw } from "resource-routes";\nexport default draw((map) => {\n${lines.join("\n")}\n});\n`;
  const routes = (name: string) => routingText([`  map.resources("${name}");`]);

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
    await collected();
    assert.strictEqual(edited.deref(), undefined);
    assert.strictEqual(workspace.lastEditEnd(uri), routes("postsx").indexOf('x"') + 1, "where the user types is still known");
  });

  it("lets go of a routing file's earlier route tables as edits go on, with what was worked out of them (helper lists, suggestions)", async () => {
    const workspace = new RoutingWorkspace();
    const view = "file:///app/views/show.ts";
    const lines = Array.from({ length: 20 }, (_, i) => `  map.resources("things${i}");`);
    const text = () => routingText(lines);
    workspace.set({ uri: view, version: 1, text: "routes.helpers.thing_pth(); routes.helpers.th" });
    const versions: Array<WeakRef<object>> = [];
    for (let version = 1; version <= 12; version++) {
      // One declaration edited at a time: each version a patch of the one before.
      lines[version % lines.length] = `  map.resources("things${version % lines.length}", { only: ["index"${version % 2 ? ', "show"' : ""}] });`;
      workspace.set({ uri, version, text: text() });
      const table = workspace.routingFile(uri)!.routes.table as GroupedTable;
      assert.ok(version === 1 || table.edit, `version ${version} is a patch`);
      versions.push(new WeakRef(table));
      // What each keystroke asks: a completion, the view's diagnostics (an unknown helper's suggestion).
      assert.ok(completions(workspace, view, 45).length > 0);
      assert.match(documentDiagnostics(workspace, view)[0].message, /did you mean/);
    }
    await collected();
    const kept = versions.map((version, i) => (version.deref() ? i + 1 : 0)).filter(Boolean);
    assert.deepStrictEqual(kept, [12], "only the current version's table is held");
  });

  it("an idle merge of the helper names lets go of the lists merged before it", async () => {
    const workspace = new RoutingWorkspace();
    const lines = Array.from({ length: 20 }, (_, i) => `  map.resources("things${i}");`);
    const text = () => routingText(lines);
    workspace.set({ uri, version: 1, text: text() });
    workspace.prepareHelperIndex();
    // A declaration in the middle edited: the new table continues the merged one, and shares its lists until the next merge.
    lines[10] = `  map.resources("renamed");`;
    workspace.set({ uri, version: 2, text: text() });
    const table = workspace.routingFile(uri)!.routes.table as GroupedTable;
    assert.ok(table.edit, "the new table is a patch of the merged one");
    let lists: object | undefined = workspace.index.helpers.lists(table)[0].names;
    const before = new WeakRef(lists);
    workspace.prepareHelperIndex();
    assert.notStrictEqual(workspace.index.helpers.lists(table)[0].names, lists, "merged again");
    lists = undefined;
    await collected();
    assert.strictEqual(before.deref(), undefined, "the lists merged before are let go while the edited table lives");
    assert.ok(table.size > 0);
  });

  it("edits made in a loop, without a turn of the event loop between them, keep no earlier text", () => {
    const heap = processHeap()!;
    const workspace = new RoutingWorkspace();
    const lines = Array.from({ length: 4000 }, (_, i) => `  map.resources("things${i}", { only: ["index"] });`);
    const text = () => routingText(lines);
    workspace.set({ uri, version: 1, text: text() });
    workspace.routingFile(uri);
    heap.collect();
    const before = heap.usage().heapUsed;
    for (let version = 2; version < 42; version++) {
      lines[version] = lines[version].replace(`"index"`, `"index", "show"`);
      // Each text a new string of ~200 KB: forty kept would be 8 MB.
      workspace.set({ uri, version, text: text() });
      workspace.routingFile(uri);
      workspace.lines(uri);
      workspace.helperUses(uri);
    }
    heap.collect();
    const grown = heap.usage().heapUsed - before;
    assert.ok(grown < 4_000_000, `${(grown / 1e6).toFixed(1)} MB more after forty edits`);
  });

  it("a suggestion made once keeps no version of the routing files it was made with", async () => {
    const workspace = new RoutingWorkspace();
    const view = "file:///app/views/show.ts";
    workspace.set({ uri, version: 1, text: routes("posts") });
    workspace.set({ uri: view, version: 1, text: "routes.helpers.pots_path();" });
    assert.match(documentDiagnostics(workspace, view)[0].message, /did you mean "posts_path"/);
    const suggestedWith = new WeakRef(workspace.routingFile(uri)!.routes.table);
    // Then only the routing file is edited, and nothing asks for a suggestion again.
    for (let version = 2; version < 6; version++) {
      workspace.set({ uri, version, text: routes(`posts${version}`) });
      workspace.routingFile(uri);
    }
    await collected();
    assert.strictEqual(suggestedWith.deref(), undefined);
  });
});
