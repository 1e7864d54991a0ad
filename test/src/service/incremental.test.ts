import * as assert from "assert";
import fc from "fast-check";

import { completions, helperDetails } from "../../../server/out/service/completion";
import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { documentSymbols, routeCountLenses } from "../../../server/out/service/outline";
import { RoutingWorkspace, TextDocument } from "../../../server/out/service/workspace";
import { ChunkedText } from "../../../server/out/text/sourceText";
import { textChange } from "../../../server/out/text/textChange";
import { runs } from "../support/runs";

/**
 * The workspace's incremental indexes (helper lists kept per declaration, suggestions cached per
 * name, routing files re-analysed from their previous version) against a fresh workspace built
 * from the same documents: after every step of a random edit sequence in several files, routing
 * files and others, and idle moments that release the open files' syntax trees and merge the
 * helper lists ahead, completion,
 * every document's diagnostics and named-route lookups are the same.
 */

const RUNS = runs(100);

const DECLARATIONS = [
  `map.resources("posts", { member: { publish: "put" } });`,
  `map.resources("photos", (p) => p.resources("tags"));`,
  `map.resource("account");`,
  `map.namespace("admin", (a) => a.resources("users"));`,
  `map.resources("posts", { only: ["index"] });`,
  `map.connect("pages/:name", { controller: "pages", action: "show" });`,
  `map.resources("comments", { shallow: true }, (c) => c.resources("votes"));`,
  `map.resources("pos`, // half-typed
  `map.resources("pests");`, // "pest" ties "post" as the nearest name to "past": the first declaration's wins
  `map.connect("widgets/:id/:name", { controller: "files", action: "show" });`, // captures the member routes below it
  `map.resources("widgets", { member: { download: "get", preview: "get" } });`,
];

const routingFile = (lines: string[]) =>
  `import { draw } from "resource-routes";\nexport default draw({ behaviour: "B" }, (map) => {\n${lines.map((l) => `  ${l}`).join("\n")}\n});\n`;

const USES = [
  "helpers.posts_path()",
  "helpers.post_pth(1)",
  "helpers.tags_path",
  "helpers.photo_tags_path(1)",
  "helpers.admin_users_url()",
  "helpers.wid",
  "helpers.formatted_posts_path()",
  "helpers.account_path()",
  "helpers.past_path()",
];

type Step =
  | { kind: "routing"; file: number; lines: number[] }
  // Several edits of one file with nothing asked in between (typing faster than the editor asks).
  | { kind: "burst"; file: number; versions: number[][] }
  | { kind: "view"; uses: number[] }
  | { kind: "plain"; text: string }
  | { kind: "close"; file: number }
  | { kind: "disk"; file: number; lines: number[] }
  | { kind: "idle" }
  // Keystrokes inside an open routing file's callback: `removed` characters at `at` (a thousandth of its body) replaced by a piece of a declaration.
  | { kind: "typing"; file: number; at: number; removed: number; from: number; start: number; length: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("routing" as const), file: fc.nat(1), lines: fc.array(fc.nat(DECLARATIONS.length - 1), { maxLength: 6 }) }),
  fc.record({
    kind: fc.constant("burst" as const),
    file: fc.nat(1),
    versions: fc.array(fc.array(fc.nat(DECLARATIONS.length - 1), { maxLength: 6 }), { minLength: 2, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("view" as const), uses: fc.array(fc.nat(USES.length - 1), { maxLength: 4 }) }),
  fc.record({ kind: fc.constant("plain" as const), text: fc.string({ maxLength: 20 }) }),
  fc.record({ kind: fc.constant("close" as const), file: fc.nat(1) }),
  fc.record({ kind: fc.constant("disk" as const), file: fc.nat(1), lines: fc.array(fc.nat(DECLARATIONS.length - 1), { maxLength: 6 }) }),
  fc.record({
    kind: fc.constant("typing" as const),
    file: fc.nat(1),
    at: fc.nat(1000),
    removed: fc.nat(8),
    from: fc.nat(DECLARATIONS.length - 1),
    start: fc.nat(60),
    length: fc.nat(10),
  }),
  // Weighted: a tree is released at the second idle moment without an edit of its file.
  { arbitrary: fc.constant({ kind: "idle" as const }), weight: 3 },
);

const ROUTING_URIS = ["file:///app/config/routes.ts", "file:///app/config/admin_routes.ts"];
const VIEW = "file:///app/views/show.ts";
const PLAIN = "file:///app/notes.ts";

function observe(workspace: RoutingWorkspace): unknown {
  const offered = ["", "p", "post", "admin_", "photo_t", "hash_for_", "formatted_", "zzz"].map((prefix) => {
    const text = `x(${prefix}`;
    workspace.set({ uri: "file:///app/probe.ts", version: 1, text });
    return completions(workspace, "file:///app/probe.ts", text.length).map(
      (item) => `${item.label} ${item.detail ?? helperDetails(workspace, item.label)?.detail}`,
    );
  });
  workspace.close("file:///app/probe.ts");
  const named = ["posts", "post", "photo_tags", "tags", "account", "admin_users", "formatted_posts", "comment_votes", "votes"].map((name) => {
    const found = workspace.namedRoute(name);
    return found && `${found.uri} ${found.route.verb} ${found.route.path}`;
  });
  const diagnostics = [VIEW, ...ROUTING_URIS].map((uri) =>
    documentDiagnostics(workspace, uri).map((d) => `${d.code} ${d.span?.start}-${d.span?.end} ${d.message}`),
  );
  // Route counts are kept per group of routes that later versions share.
  const lenses = ROUTING_URIS.map((uri) => routeCountLenses(workspace, uri).map((lens) => `${lens.span.start} ${lens.title}`));
  const outline = ROUTING_URIS.map((uri) => JSON.stringify(documentSymbols(workspace, uri)));
  return { completions: offered, named, diagnostics, lenses, outline };
}

describe("incremental workspace indexes equal a fresh workspace", () => {
  it("after every step of random edits in routing files, a view that uses helpers and a plain file", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (steps, unseen) => {
        const workspace = new RoutingWorkspace();
        const versions = new Map<string, number>();
        const previousText = new Map<string, string>(); // each open document's text before its last edit
        const disk = new Map<string, string>(); // routing files as saved (a closed one counts as its disk copy)
        // As the server keeps open documents: in chunks (small ones here, so that edits cross them), each edit told.
        const put = (uri: string, text: string) => {
          const version = (versions.get(uri) ?? 0) + 1;
          versions.set(uri, version);
          const before = workspace.isOpen(uri) ? workspace.document(uri)?.text : undefined;
          if (before === undefined) {
            previousText.delete(uri);
            workspace.set({ uri, version, text: ChunkedText.of(text, 64) });
            return;
          }
          previousText.set(uri, before.toString());
          const change = textChange(before.toString(), text);
          workspace.set({ uri, version, text: (before as ChunkedText).replaced(change.start, change.oldEnd, text.slice(change.start, change.newEnd)) }, change);
        };
        for (const [index, s] of steps.entries()) {
          if (s.kind === "routing") put(ROUTING_URIS[s.file], routingFile(s.lines.map((i) => DECLARATIONS[i])));
          else if (s.kind === "burst") for (const lines of s.versions) put(ROUTING_URIS[s.file], routingFile(lines.map((i) => DECLARATIONS[i])));
          else if (s.kind === "typing") {
            const uri = ROUTING_URIS[s.file];
            const text = workspace.isOpen(uri) ? workspace.document(uri)!.text.toString() : routingFile(DECLARATIONS.slice(-3));
            const bodyStart = text.indexOf("{\n") + 2;
            const bodyEnd = text.lastIndexOf("});");
            const at = bodyStart + Math.floor(((bodyEnd - bodyStart) * s.at) / 1000);
            const piece = DECLARATIONS[s.from].slice(s.start, s.start + s.length);
            put(uri, text.slice(0, at) + piece + text.slice(Math.min(bodyEnd, at + s.removed)));
          } else if (s.kind === "view") put(VIEW, s.uses.map((i) => `link(${USES[i]});`).join("\n"));
          else if (s.kind === "plain") put(PLAIN, s.text);
          else if (s.kind === "disk") {
            disk.set(ROUTING_URIS[s.file], routingFile(s.lines.map((i) => DECLARATIONS[i])));
            workspace.setFromDisk({ uri: ROUTING_URIS[s.file], version: 1, text: disk.get(ROUTING_URIS[s.file])! });
          } else if (s.kind === "idle") {
            workspace.releaseSyntaxTrees();
            workspace.prepareHelperIndex();
          } else workspace.close(ROUTING_URIS[s.file]);
          // Observing fills the caches, so the next step works on a warm workspace; a step left
          // unseen leaves them a version behind (edits faster than anything asks about them).
          if (unseen[index] && index < steps.length - 1) continue;
          const incremental = observe(workspace);
          const fresh = new RoutingWorkspace();
          for (const [uri, text] of disk) fresh.setFromDisk({ uri, version: 1, text });
          // The same documents, each open one with the edit that made it (where the user is typing is session state)
          for (const document of ([...workspace.documents()] as TextDocument[]).filter((d) => workspace.isOpen(d.uri))) {
            const before = previousText.get(document.uri);
            if (before !== undefined) fresh.set({ ...document, version: 0, text: before });
            fresh.set({ ...document, text: document.text.toString() });
          }
          assert.deepStrictEqual(incremental, observe(fresh), JSON.stringify(steps));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
