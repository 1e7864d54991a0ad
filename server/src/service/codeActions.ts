import { Declaration, Diagnostic, isSafeControllerName, Span } from "resource-routes/internal";
import { URI } from "vscode-uri";

import { parseUri } from "../files/uris";
import { insertedTexts } from "../literals/literalImports";
import { unreachableRoutes } from "../routing/unreachable";
import { addActionEdits, newControllerText } from "./actionStubs";
import { controllerFolder } from "./controllers";
import { documentDiagnostics } from "./diagnostics";
import { TextEdit, WorkspaceChange } from "./edits";
import { prepareRename } from "./rename";
import { convertToTypescript, readOnlyRouting } from "./rubyRoutes";
import { RoutingWorkspace } from "./workspace";

/** A quick fix: edits that resolve one diagnostic, after creating a file where it says so (a new controller module); or, with no diagnostic, a rewrite (a routes.rb converted). */
export interface CodeAction extends WorkspaceChange {
  title: string;
  diagnostic?: Diagnostic;
  /** An action the editor runs instead of an edit (it asks the user first): a command's name and where it was asked. */
  command?: { name: string; uri: string; offset: number };
  /** The one obvious fix, which editors may apply on "fix all". */
  preferred: boolean;
}

/**
 * Quick fixes for the diagnostics of a document that touch `span`: a misspelt option, action or
 * helper becomes the nearest known name; A's only+except loses one of the two; a missing action is
 * added to its controller module, a missing controller module is created with its actions; an
 * unreachable route's declaration moves above the one that captures it, where that is safe. In a
 * routes.rb (read, never edited: its fixes would be TypeScript's), the one action is to convert it.
 */
export function codeActions(workspace: RoutingWorkspace, uri: string, span: Span, roots: readonly string[] = []): CodeAction[] {
  const text = workspace.document(uri)?.text;
  if (text === undefined) return [];
  if (readOnlyRouting(workspace, uri)) {
    const convert = convertToTypescript(workspace, uri);
    return convert ? [{ ...convert, preferred: false }] : [];
  }
  const actions: CodeAction[] = [];
  for (const diagnostic of documentDiagnostics(workspace, uri)) {
    const at = diagnostic.span;
    if (!at || at.end < span.start || at.start > span.end) continue;
    if (diagnostic.code === "url-literal" && diagnostic.replacement !== undefined) {
      const edits: TextEdit[] = [{ uri, span: at, newText: diagnostic.replacement }];
      for (const { at: place, text: newText } of insertedTexts(diagnostic.insertion ? [diagnostic.insertion] : []))
        edits.unshift({ uri, span: { start: place, end: place }, newText });
      actions.push({ title: `Replace with ${diagnostic.replacement.replace(/^\{|\}$/g, "")}`, diagnostic, edits, preferred: true });
    } else if (diagnostic.replacement !== undefined) {
      const written = text.slice(at.start, at.end);
      const quote = /^["'`]/.exec(written)?.[0];
      const newText = quote && !diagnostic.replacement.startsWith(quote) ? `${quote}${diagnostic.replacement}${quote}` : diagnostic.replacement;
      actions.push({ title: `Change to ${newText}`, diagnostic, edits: [{ uri, span: at, newText }], preferred: true });
    } else if (diagnostic.code === "only-and-except") {
      const declaration = declarationWithOptionKey(workspace, uri, at);
      for (const key of ["except", "only"]) {
        const option = declaration?.source?.options.get(key);
        if (option)
          actions.push({
            title: `Remove \`${key}\``,
            diagnostic,
            edits: [removeProperty(uri, text.toString(), { start: option.key.start, end: option.value.end })],
            preferred: false,
          });
      }
    } else if (diagnostic.controller) {
      const fix = controllerFix(workspace, uri, diagnostic, roots);
      if (fix) actions.push(fix);
    } else if (diagnostic.capture) {
      const fix = moveAboveFix(workspace, uri, text.toString(), diagnostic);
      if (fix) actions.push(fix);
    }
  }
  // After the fixes, on a name a rename takes: renaming it with redirects for the URLs it changes (the editor asks for the new name).
  const renamable = workspace.routingFile(uri) && prepareRename(workspace, uri, span.start);
  if (renamable && !("error" in renamable))
    actions.push({
      title: "Rename and keep the old URLs working…",
      edits: [],
      preferred: false,
      command: { name: "resourceRoutes.renameKeepingUrls", uri, offset: span.start },
    });
  return actions;
}

/**
 * "Add action `publish` to controllers/posts.ts", or "Create controllers/posts.ts" with every action
 * its routes reach. A module is created only inside one of `roots` (the workspace folders' paths;
 * with none, the routing file's folder), under a controller name that cannot leave its folder.
 */
function controllerFix(workspace: RoutingWorkspace, uri: string, diagnostic: Diagnostic, roots: readonly string[]): CodeAction | undefined {
  const file = workspace.routingFile(uri);
  const folder = file && controllerFolder(workspace, uri, file);
  const wanted = diagnostic.controller!;
  if (!folder) return undefined;
  // `controllers/posts.ts`: the path from the controllers folder's own name on.
  const relative = (target: string) => target.slice(folder.path.lastIndexOf("/") + 1);
  const entry = folder.modules.get(wanted.name);
  if (entry) {
    const text = workspace.document(entry.uri)!.text.toString();
    const path = parseUri(entry.uri)?.path ?? entry.uri;
    const edits = addActionEdits(text, path, entry.info, wanted.actions).map((e) => ({ uri: entry.uri, span: { start: e.at, end: e.at }, newText: e.newText }));
    return { title: `Add action \`${wanted.actions[0].name}\` to ${relative(path)}`, diagnostic, edits, preferred: true };
  }
  const routingPath = parseUri(uri)?.path ?? "";
  const extension = /\.(?:[cm]?js|jsx)$/.test(routingPath) ? ".js" : ".ts";
  const path = `${folder.path}/${wanted.name}${extension}`;
  const allowed = roots.length ? roots : [routingPath.slice(0, routingPath.lastIndexOf("/"))];
  if (!isSafeControllerName(wanted.name) || !allowed.some((root) => root && path.startsWith(`${root.replace(/\/$/, "")}/`))) return undefined;
  const created = URI.from({ scheme: "file", path }).toString();
  return {
    title: `Create ${relative(path)}`,
    diagnostic,
    createFile: created,
    edits: [{ uri: created, span: { start: 0, end: 0 }, newText: newControllerText(path, wanted.actions) }],
    preferred: true,
  };
}

/**
 * "Move the declaration above the one that captures it", offered only when it is safe: both are
 * whole statements on lines of their own in the same block, and the file as it would be (analysed
 * again) declares the same routes under the same names with fewer unreachable routes.
 */
function moveAboveFix(workspace: RoutingWorkspace, uri: string, text: string, diagnostic: Diagnostic): CodeAction | undefined {
  const { later, earlier } = diagnostic.capture!;
  const moved = wholeLines(text, later);
  const target = wholeLines(text, earlier);
  if (!moved || !target || moved.start < target.end || indentOf(text, later) !== indentOf(text, earlier)) return undefined;
  const statement = text.slice(moved.start, moved.end);
  const newText = text.slice(0, target.start) + statement + text.slice(target.start, moved.start) + text.slice(moved.end);
  const before = workspace.routingFile(uri);
  const after = workspace.routingFileWith(uri, newText);
  if (!before || !after || after.routes.table.size !== before.routes.table.size) return undefined;
  const names = (file: typeof before) => [...file.routes.table.named.keys()].sort().join(" ");
  if (
    names(before) !== names(after) ||
    after.diagnostics.some((d) => d.severity === "error") ||
    unreachableRoutes(after.routes.table).length >= unreachableRoutes(before.routes.table).length
  )
    return undefined;
  return {
    title: "Move this declaration above the one that captures its routes",
    diagnostic,
    edits: [
      { uri, span: { start: target.start, end: target.start }, newText: statement },
      { uri, span: moved, newText: "" },
    ],
    preferred: true,
  };
}

/** The lines a call fills alone (with its `;` and the line break), or undefined when it shares a line. */
function wholeLines(text: string, call: Span): Span | undefined {
  const start = text.lastIndexOf("\n", call.start - 1) + 1;
  if (text.slice(start, call.start).trim() !== "") return undefined;
  const rest = /^;?[ \t]*(?:\r?\n|$)/.exec(text.slice(call.end));
  return rest ? { start, end: call.end + rest[0].length } : undefined;
}

function indentOf(text: string, call: Span): string {
  return text.slice(text.lastIndexOf("\n", call.start - 1) + 1, call.start);
}

/** Deletes an object property with the comma and space that separate it from its neighbour. */
function removeProperty(uri: string, text: string, property: Span): TextEdit {
  const after = /^\s*,\s*/.exec(text.slice(property.end));
  if (after) return { uri, span: { start: property.start, end: property.end + after[0].length }, newText: "" };
  const before = /,\s*$/.exec(text.slice(0, property.start));
  return { uri, span: { start: before ? before.index : property.start, end: property.end }, newText: "" };
}

function declarationWithOptionKey(workspace: RoutingWorkspace, uri: string, key: Span): Declaration | undefined {
  const find = (declarations: Declaration[]): Declaration | undefined => {
    for (const declaration of declarations) {
      for (const [, option] of declaration.source?.options ?? []) if (option.key.start === key.start && option.key.end === key.end) return declaration;
      const nested = declaration.block && find(declaration.block);
      if (nested) return nested;
    }
    return undefined;
  };
  return find(workspace.routingFile(uri)?.analysis.tree?.body ?? []);
}
