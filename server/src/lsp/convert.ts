import * as lsp from "vscode-languageserver/node";
import { LineIndex } from "../analysis/lineIndex";
import { Span } from "../routing/declarations";
import { Diagnostic, Severity } from "../routing/diagnostics";

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
 * A rename's edits as a WorkspaceEdit. A note (the controller a rename changes) becomes a change
 * annotation that asks for confirmation, where the client supports annotations; plain edits otherwise.
 */
export function toWorkspaceEdit(
  result: { edits: Array<{ uri: string; span: Span; newText: string }>; note?: string },
  lines: (uri: string) => LineIndex,
  capabilities: lsp.WorkspaceEditClientCapabilities | undefined,
): lsp.WorkspaceEdit {
  const byUri = new Map<string, lsp.TextEdit[]>();
  for (const edit of result.edits) {
    const list = byUri.get(edit.uri) ?? [];
    list.push({ range: toRange(lines(edit.uri), edit.span), newText: edit.newText });
    byUri.set(edit.uri, list);
  }
  if (result.note && capabilities?.changeAnnotationSupport && capabilities.documentChanges) {
    const id = "resourceRoutes.rename";
    return {
      documentChanges: [...byUri].map(([uri, edits]) => ({ textDocument: { uri, version: null }, edits: edits.map((e) => ({ ...e, annotationId: id })) })),
      changeAnnotations: { [id]: { label: "Rename routes", description: result.note, needsConfirmation: true } },
    };
  }
  return { changes: Object.fromEntries(byUri) };
}
