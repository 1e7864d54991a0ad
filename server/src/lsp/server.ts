import * as lsp from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { doComplete } from "../service/completion";
import { findDefinition } from "../service/definition";
import { helperUseDiagnostics } from "../service/helperUses";
import { doHover } from "../service/hover";
import { DeclarationSymbol, documentSymbols, routeCountLenses } from "../service/outline";
import { RoutingWorkspace } from "../service/workspace";
import { toDiagnostic, toRange } from "./convert";

/** How long diagnostics wait after a change, so that a burst of keystrokes is analysed once. */
const DIAGNOSTICS_DELAY_MS = 50;

/**
 * The language server: protocol glue only. Documents go into the service's workspace; requests
 * are answered by the service's functions and translated back. A failing request answers null and
 * is logged: a half-typed document never takes the server down.
 */
export function startServer(connection: lsp.Connection = lsp.createConnection(lsp.ProposedFeatures.all)): void {
  const documents = new lsp.TextDocuments(TextDocument);
  const workspace = new RoutingWorkspace();
  let pending: NodeJS.Timeout | undefined;

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      completionProvider: { triggerCharacters: ["_", "."] },
      definitionProvider: true,
      documentSymbolProvider: true,
      codeLensProvider: { resolveProvider: false },
    },
    serverInfo: { name: "resource-routes" },
  }));

  const lines = (uri: string) => workspace.lines(uri);
  const safely =
    <P, R>(what: string, handler: (params: P) => R) =>
    (params: P): R | null => {
      try {
        return handler(params);
      } catch (error) {
        connection.console.error(`${what} failed: ${(error as Error).stack ?? error}`);
        return null;
      }
    };

  const publishAll = () => {
    pending = undefined;
    for (const document of documents.all()) {
      safely("diagnostics", () => {
        const uri = document.uri;
        const file = workspace.routingFile(uri);
        const index = lines(uri);
        const found = [...(file?.diagnostics ?? []), ...helperUseDiagnostics(workspace, uri)];
        void connection.sendDiagnostics({ uri, version: document.version, diagnostics: found.map((d) => toDiagnostic(d, uri, index)) });
      })(undefined);
    }
  };
  const schedule = () => {
    if (pending) clearTimeout(pending);
    pending = setTimeout(publishAll, DIAGNOSTICS_DELAY_MS);
  };

  documents.onDidChangeContent(({ document }) => {
    workspace.set({ uri: document.uri, version: document.version, text: document.getText() });
    schedule();
  });
  documents.onDidClose(({ document }) => {
    workspace.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    schedule();
  });

  const offsetOf = (params: lsp.TextDocumentPositionParams) => documents.get(params.textDocument.uri)?.offsetAt(params.position);

  connection.onHover(
    safely("hover", (params: lsp.HoverParams): lsp.Hover | null => {
      const offset = offsetOf(params);
      const hover = offset === undefined ? undefined : doHover(workspace, params.textDocument.uri, offset);
      if (!hover) return null;
      return { contents: { kind: lsp.MarkupKind.Markdown, value: hover.contents }, range: toRange(lines(params.textDocument.uri), hover.span) };
    }),
  );

  connection.onCompletion(
    safely("completion", (params: lsp.CompletionParams): lsp.CompletionItem[] => {
      const offset = offsetOf(params);
      if (offset === undefined) return [];
      const index = lines(params.textDocument.uri);
      return doComplete(workspace, params.textDocument.uri, offset).map((item) => ({
        label: item.label,
        kind: lsp.CompletionItemKind.Function,
        detail: item.detail,
        documentation: { kind: lsp.MarkupKind.Markdown, value: item.documentation },
        insertTextFormat: lsp.InsertTextFormat.Snippet,
        textEdit: { range: toRange(index, item.replace), newText: item.snippet },
      }));
    }),
  );

  connection.onDefinition(
    safely("definition", (params: lsp.DefinitionParams): lsp.Location | null => {
      const offset = offsetOf(params);
      const location = offset === undefined ? undefined : findDefinition(workspace, params.textDocument.uri, offset);
      return location ? { uri: location.uri, range: toRange(lines(location.uri), location.span) } : null;
    }),
  );

  connection.onDocumentSymbol(
    safely("document symbols", (params: lsp.DocumentSymbolParams): lsp.DocumentSymbol[] => {
      const index = lines(params.textDocument.uri);
      const convert = (symbol: DeclarationSymbol): lsp.DocumentSymbol => ({
        name: symbol.name,
        detail: symbol.detail,
        kind: symbol.kind === "namespace" || symbol.kind === "with_options" ? lsp.SymbolKind.Namespace : lsp.SymbolKind.Class,
        range: toRange(index, symbol.span),
        selectionRange: toRange(index, symbol.selection),
        children: symbol.children.map(convert),
      });
      return documentSymbols(workspace, params.textDocument.uri).map(convert);
    }),
  );

  connection.onCodeLens(
    safely("code lens", (params: lsp.CodeLensParams): lsp.CodeLens[] => {
      const index = lines(params.textDocument.uri);
      return routeCountLenses(workspace, params.textDocument.uri).map((lens) => ({
        range: toRange(index, lens.span),
        // The client may bind the command; other editors show the title.
        command: { title: lens.title, command: "resourceRoutes.showRoutes", arguments: [params.textDocument.uri, lens.span.start] },
      }));
    }),
  );

  documents.listen(connection);
  connection.listen();
}
