import { Diagnostic, Severity, Span } from "resource-routes/internal";
import * as lsp from "vscode-languageserver/node";

import {
  type ActionLens,
  type CodeAction,
  type DeclarationSymbol,
  type HelperSymbol,
  type Hover,
  type InlayHint,
  type RecognizeResult,
  type RouteCountLens,
  type RoutesTable,
  type RoutesTreeAnswer,
  type SignatureHelp,
  WorkspaceChange,
} from "../service";
import { LineIndex } from "../text/lineIndex";
import type * as custom from "./customRequests";

/**
 * Translation between the service's answers (offsets and spans in documents) and the protocol's
 * (positions and ranges): every conversion lsp/server.ts needs, so that it only wires requests.
 * `lines` gives the line index of any document by URI.
 */
type Lines = (uri: string) => LineIndex;

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
 * it all; document changes when a file is created first, when files are renamed (a resource's
 * controller module, where the client can rename files), or when a note (the controller a rename
 * changes) becomes a change annotation, where the client supports them. The annotation informs and
 * never asks for confirmation: VS Code leaves edits that need one unticked, and Apply then changed
 * nothing.
 */
export function toWorkspaceEdit(change: WorkspaceChange, lines: Lines, capabilities: lsp.WorkspaceEditClientCapabilities | undefined): lsp.WorkspaceEdit {
  const byUri = new Map<string, lsp.TextEdit[]>();
  for (const edit of change.edits) {
    // A file the change creates is empty: its offsets are positions at its start.
    const range = edit.uri === change.createFile ? lsp.Range.create(0, 0, 0, 0) : toRange(lines(edit.uri), edit.span);
    let list = byUri.get(edit.uri);
    if (!list) byUri.set(edit.uri, (list = []));
    list.push({ range, newText: edit.newText });
  }
  const annotated = !!change.note && capabilities?.changeAnnotationSupport !== undefined && capabilities.documentChanges === true;
  const renames = capabilities?.documentChanges === true && capabilities.resourceOperations?.includes("rename") ? (change.renameFiles ?? []) : [];
  if (!annotated && !change.createFile && renames.length === 0) return { changes: Object.fromEntries(byUri) };
  const edits = [...byUri].map(([uri, list]) =>
    lsp.TextDocumentEdit.create({ uri, version: null }, annotated ? list.map((e) => ({ ...e, annotationId: ANNOTATION })) : list),
  );
  // Files are renamed after the edits, which never touch them; an existing file is never overwritten.
  const renamed = renames.map(({ from, to }) =>
    lsp.RenameFile.create(from, to, { overwrite: false, ignoreIfExists: true }, annotated ? ANNOTATION : undefined),
  );
  return {
    documentChanges: [
      ...(change.createFile
        ? [lsp.CreateFile.create(change.createFile, change.createOnly ? { overwrite: false, ignoreIfExists: false } : { ignoreIfExists: true })]
        : []),
      ...edits,
      ...renamed,
    ],
    ...(annotated && { changeAnnotations: { [ANNOTATION]: { label: "Rename routes", description: change.note, needsConfirmation: false } } }),
  };
}

const ANNOTATION = "resourceRoutes.rename";

export function toLocation(lines: Lines, location: { uri: string; span: Span }): lsp.Location {
  return { uri: location.uri, range: toRange(lines(location.uri), location.span) };
}

export function toHover(index: LineIndex, hover: Hover): lsp.Hover {
  return { contents: { kind: lsp.MarkupKind.Markdown, value: hover.contents }, range: toRange(index, hover.span) };
}

export function toInlayHint(index: LineIndex, hint: InlayHint): lsp.InlayHint {
  return { position: index.positionAt(hint.offset), label: hint.label, tooltip: hint.tooltip, paddingLeft: true };
}

export function toSignatureHelp(help: SignatureHelp): lsp.SignatureHelp {
  return {
    signatures: [{ label: help.label, documentation: help.documentation, parameters: help.parameters.map((label) => ({ label })) }],
    activeSignature: 0,
    activeParameter: help.activeParameter,
  };
}

export function toDocumentSymbol(index: LineIndex, symbol: DeclarationSymbol): lsp.DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: symbol.kind === "namespace" || symbol.kind === "with_options" ? lsp.SymbolKind.Namespace : lsp.SymbolKind.Class,
    range: toRange(index, symbol.span),
    selectionRange: toRange(index, symbol.selection),
    children: symbol.children.map((child) => toDocumentSymbol(index, child)),
  };
}

export function toSymbolInformation(lines: Lines, symbol: HelperSymbol): lsp.SymbolInformation {
  return { name: symbol.name, kind: lsp.SymbolKind.Function, containerName: symbol.detail, location: toLocation(lines, symbol) };
}

export function toCodeAction(action: CodeAction, uri: string, lines: Lines, capabilities: lsp.WorkspaceEditClientCapabilities | undefined): lsp.CodeAction {
  if (action.command) {
    const position = lines(action.command.uri).positionAt(action.command.offset);
    return {
      title: action.title,
      kind: lsp.CodeActionKind.RefactorRewrite,
      command: { title: action.title, command: action.command.name, arguments: [action.command.uri, position] },
    };
  }
  if (!action.diagnostic) return { title: action.title, kind: lsp.CodeActionKind.RefactorRewrite, edit: toWorkspaceEdit(action, lines, capabilities) };
  return {
    title: action.title,
    kind: lsp.CodeActionKind.QuickFix,
    isPreferred: action.preferred,
    diagnostics: [toDiagnostic(action.diagnostic, uri, lines(uri))],
    edit: toWorkspaceEdit(action, lines, capabilities),
  };
}

/** A declaration's route count: its command opens the routes table at the declaration's rows (a client may bind it; others show the title). */
export function toRouteCountLens(uri: string, index: LineIndex, lens: RouteCountLens): lsp.CodeLens {
  return {
    range: toRange(index, lens.span),
    command: { title: lens.title, command: "resourceRoutes.showRoutes", arguments: [uri, index.positionAt(lens.span.start)] },
  };
}

/** The routes that reach a controller action: its command opens the declaration of one. */
export function toActionLens(lines: Lines, index: LineIndex, lens: ActionLens): lsp.CodeLens {
  const { start } = toRange(lines(lens.target.uri), lens.target.span);
  return {
    range: toRange(index, lens.span),
    command: { title: lens.title, command: "resourceRoutes.openLocation", arguments: [lens.target.uri, start.line, start.character] },
  };
}

export function toRoutesTableResult(lines: Lines, table: RoutesTable): custom.RoutesTableResult {
  return {
    text: table.text,
    rows: table.rows.map((row) => ({
      line: row.line,
      helper: row.helper,
      location: row.span && toLocation(lines, { uri: row.uri, span: row.span }),
      action: row.action && toLocation(lines, row.action),
      ...(row.revealed ? { revealed: true } : {}),
    })),
  };
}

export function toRecognizeResult(lines: Lines, recognized: RecognizeResult): custom.RecognizeResult {
  const { explanation, ...result } = recognized;
  const explained = explanation && {
    explanation: {
      more: explanation.more,
      routes: explanation.routes.map(({ span, ...route }) => ({ ...route, location: span && toLocation(lines, { uri: explanation.uri, span }) })),
    },
  };
  if (!result.matched) return { ...result, ...explained };
  const { uri, span, ...found } = result;
  return { ...found, location: span && toLocation(lines, { uri, span }), ...explained };
}

export function toRoutesTreeResult(lines: Lines, answer: RoutesTreeAnswer): custom.RoutesTreeResult {
  return {
    more: answer.more,
    items: answer.items.map(({ location, action, ...item }) => ({
      ...item,
      ...(location ? { location: toLocation(lines, location) } : {}),
      ...(action ? { action: toLocation(lines, action) } : {}),
    })),
  };
}
