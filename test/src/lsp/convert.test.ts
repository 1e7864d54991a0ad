import * as assert from "assert";

import { toWorkspaceEdit } from "../../../server/out/lsp/convert";
import { LineIndex } from "../../../server/out/text/lineIndex";

/** The one translation of a rename's and a quick fix's change into the protocol's WorkspaceEdit. */
describe("toWorkspaceEdit", () => {
  const ROUTES = "file:///app/routes.ts";
  const VIEW = "file:///app/view.ts";
  const texts: Record<string, string> = { [ROUTES]: 'draw((map) => {\n  map.resources("posts");\n});\n', [VIEW]: "helpers.posts_path()\n" };
  const lines = (uri: string) => LineIndex.of(texts[uri] ?? "");
  const at = (uri: string, word: string) => ({ start: texts[uri].indexOf(word), end: texts[uri].indexOf(word) + word.length });
  const renameEdits = [
    { uri: ROUTES, span: at(ROUTES, "posts"), newText: "articles" },
    { uri: VIEW, span: at(VIEW, "posts_path"), newText: "articles_path" },
  ];

  it("gives plain edits by document, each at its line and character", () => {
    assert.deepStrictEqual(toWorkspaceEdit({ edits: renameEdits }, lines, { documentChanges: true }), {
      changes: {
        [ROUTES]: [{ range: { start: { line: 1, character: 17 }, end: { line: 1, character: 22 } }, newText: "articles" }],
        [VIEW]: [{ range: { start: { line: 0, character: 8 }, end: { line: 0, character: 18 } }, newText: "articles_path" }],
      },
    });
  });

  it("turns a note into a change annotation that needs confirmation, where the client supports them", () => {
    const annotated = toWorkspaceEdit({ edits: renameEdits, note: "posts → articles" }, lines, { documentChanges: true, changeAnnotationSupport: {} });
    assert.strictEqual(annotated.changes, undefined);
    const changes = annotated.documentChanges as Array<{ textDocument: { uri: string }; edits: Array<{ annotationId?: string }> }>;
    assert.deepStrictEqual(
      changes.map((c) => [c.textDocument.uri, c.edits.map((e) => e.annotationId)]),
      [
        [ROUTES, ["resourceRoutes.rename"]],
        [VIEW, ["resourceRoutes.rename"]],
      ],
    );
    const [annotation] = Object.values(annotated.changeAnnotations!);
    // Informs, never asks: VS Code leaves edits that need confirmation unticked, so Apply would change nothing.
    assert.deepStrictEqual([annotation.description, annotation.needsConfirmation], ["posts → articles", false]);
    // A client without annotations gets the plain edits.
    assert.deepStrictEqual(Object.keys(toWorkspaceEdit({ edits: renameEdits, note: "posts → articles" }, lines, { documentChanges: true }).changes!), [
      ROUTES,
      VIEW,
    ]);
  });

  it("renames files after the edits where the client can, and leaves them out where it cannot", () => {
    const renameFiles = [{ from: "file:///app/controllers/posts.ts", to: "file:///app/controllers/articles.ts" }];
    const edit = toWorkspaceEdit({ edits: renameEdits, renameFiles }, lines, { documentChanges: true, resourceOperations: ["rename"] });
    assert.deepStrictEqual(
      edit.documentChanges!.map((change) => ("kind" in change ? `${change.kind} ${"oldUri" in change ? change.oldUri : ""}` : "edit")),
      ["edit", "edit", "rename file:///app/controllers/posts.ts"],
    );
    assert.deepStrictEqual(Object.keys(toWorkspaceEdit({ edits: renameEdits, renameFiles }, lines, { documentChanges: true }).changes!), [ROUTES, VIEW]);
  });

  it("creates a file first, then fills it from its start", () => {
    const created = "file:///app/controllers/posts.ts";
    const edit = toWorkspaceEdit(
      { edits: [{ uri: created, span: { start: 0, end: 0 }, newText: "export function index() {}\n" }], createFile: created },
      lines,
      undefined,
    );
    assert.deepStrictEqual(edit.documentChanges, [
      { kind: "create", uri: created, options: { ignoreIfExists: true } },
      {
        textDocument: { uri: created, version: null },
        edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: "export function index() {}\n" }],
      },
    ]);
  });
});
