import * as lsp from "vscode-languageserver/node";
import { LineIndex } from "../text/lineIndex";
import { Span } from "../routing/declarations";
import { Diagnostic, Severity } from "../routing/diagnostics";
import { WorkspaceChange } from "../service/edits";

/** Translation between the service's offsets and spans and the protocol's positions and ranges. */

export function toRange(lines: LineIndex, span: Span): lsp.Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

const SEVERITIES: Record<Severity, lsp.DiagnosticSeverity> = {
  error: lsp.DiagnosticSeverity.Error,
  warning: lsp.DiagnosticSeverity.Warning,
  information: lsp.DiagnosticSeverity.Information,
  hint: lsp.DiagnosticSeverity.Hint,
};

export function toDiagnostic(diagnostic: Diagnostic, uri: string, lines: LineIndex): lsp.Diagnostic {
  const result: lsp.Diagnostic = {
    severity: SEVERITIES[diagnostic.severity],
    code: diagnostic.code,
    source: "resource-routes",
    message: diagnostic.message,
    range: toRange(lines, diagnostic.span ?? { start: 0, end: 0 }),
  };
  if (diagnostic.related?.length) {
    result.relatedInformation = diagnostic.related.map((r) => ({
      message: r.message,
      location: { uri, range: toRange(lines, r.span ?? { start: 0, end: 0 }) },
    }));
  }
  if (diagnostic.replacement !== undefined) result.data = { replacement: diagnostic.replacement };
  return result;
}

/**
 * A rename's or a quick fix's change as a WorkspaceEdit: plain edits by document where that says
 * it all; document changes when a file is created first, or when a note (the controller a rename
 * changes) becomes a change annotation, where the client supports them. The annotation informs and
 * never asks for confirmation: VS Code leaves edits that need one unticked, and Apply then changed
 * nothing.
 */
export function toWorkspaceEdit(
  change: WorkspaceChange,
  lines: (uri: string) => LineIndex,
  capabilities: lsp.WorkspaceEditClientCapabilities | undefined,
): lsp.WorkspaceEdit {
  const byUri = new Map<string, lsp.TextEdit[]>();
  for (const edit of change.edits) {
    // A file the change creates is empty: its offsets are positions at its start.
    const range = edit.uri === change.createFile ? lsp.Range.create(0, 0, 0, 0) : toRange(lines(edit.uri), edit.span);
    let list = byUri.get(edit.uri);
    if (!list) byUri.set(edit.uri, (list = []));
    list.push({ range, newText: edit.newText });
  }
  const annotated = !!change.note && capabilities?.changeAnnotationSupport !== undefined && capabilities.documentChanges === true;
  if (!annotated && !change.createFile) return { changes: Object.fromEntries(byUri) };
  const edits = [...byUri].map(([uri, list]) =>
    lsp.TextDocumentEdit.create({ uri, version: null }, annotated ? list.map((e) => ({ ...e, annotationId: ANNOTATION })) : list),
  );
  return {
    documentChanges: change.createFile ? [lsp.CreateFile.create(change.createFile, { ignoreIfExists: true }), ...edits] : edits,
    ...(annotated && { changeAnnotations: { [ANNOTATION]: { label: "Rename routes", description: change.note, needsConfirmation: false } } }),
  };
}

const ANNOTATION = "resourceRoutes.rename";
