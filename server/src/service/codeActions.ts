import { Declaration, Span } from "../routing/declarations";
import { Diagnostic } from "../routing/diagnostics";
import { documentDiagnostics } from "./diagnostics";
import { RoutingWorkspace } from "./workspace";

export interface TextEdit {
  span: Span;
  newText: string;
}

/** A quick fix: edits to one document that resolve one diagnostic. */
export interface CodeAction {
  title: string;
  diagnostic: Diagnostic;
  edits: TextEdit[];
  /** The one obvious fix, which editors may apply on "fix all". */
  preferred: boolean;
}

/**
 * Quick fixes for the diagnostics of a document that touch `span`: a misspelt option, action or
 * helper becomes the nearest known name; A's only+except loses one of the two.
 */
export function codeActions(workspace: RoutingWorkspace, uri: string, span: Span): CodeAction[] {
  const text = workspace.document(uri)?.text;
  if (text === undefined) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of documentDiagnostics(workspace, uri)) {
    const at = diagnostic.span;
    if (!at || at.end < span.start || at.start > span.end) continue;
    if (diagnostic.replacement !== undefined) {
      const written = text.slice(at.start, at.end);
      const quote = /^["'`]/.exec(written)?.[0];
      const newText = quote && !diagnostic.replacement.startsWith(quote) ? `${quote}${diagnostic.replacement}${quote}` : diagnostic.replacement;
      actions.push({ title: `Change to ${newText}`, diagnostic, edits: [{ span: at, newText }], preferred: true });
    } else if (diagnostic.code === "only-and-except") {
      const declaration = declarationWithOptionKey(workspace, uri, at);
      for (const key of ["except", "only"]) {
        const option = declaration?.source?.options.get(key);
        if (option) actions.push({ title: `Remove \`${key}\``, diagnostic, edits: [removeProperty(text, { start: option.key.start, end: option.value.end })], preferred: false });
      }
    }
  }
  return actions;
}

/** Deletes an object property with the comma and space that separate it from its neighbour. */
function removeProperty(text: string, property: Span): TextEdit {
  const after = /^\s*,\s*/.exec(text.slice(property.end));
  if (after) return { span: { start: property.start, end: property.end + after[0].length }, newText: "" };
  const before = /,\s*$/.exec(text.slice(0, property.start));
  return { span: { start: before ? before.index : property.start, end: property.end }, newText: "" };
}

function declarationWithOptionKey(workspace: RoutingWorkspace, uri: string, key: Span): Declaration | undefined {
  const find = (declarations: Declaration[]): Declaration | undefined => {
    for (const declaration of declarations) {
      for (const option of declaration.source?.options.values() ?? []) if (option.key.start === key.start && option.key.end === key.end) return declaration;
      const nested = declaration.block && find(declaration.block);
      if (nested) return nested;
    }
    return undefined;
  };
  return find(workspace.routingFile(uri)?.analysis.tree?.body ?? []);
}
