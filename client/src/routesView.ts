import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";

import { RequestLocation, RoutesTableRequest, RoutesTableResult } from "./protocol";

const TABLE_SCHEME = "resource-routes-table";

/** How many tables (one per file and filter shown) are remembered. */
const MAX_TABLES = 10;

/**
 * "Show All Routes": the workspace's routes as a read-only document (language
 * `resource-routes-table`, highlighted by the grammar in syntaxes/). Its URI carries the file and
 * filter it shows; each row links to its declaration; "Copy Helper Name" reads the row under the cursor.
 */
export class RoutesView implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider {
  private readonly tables = new Map<string, RoutesTableResult>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;

  constructor(
    private readonly client: LanguageClient,
    /** The server's word that the routes changed. */
    private readonly routesChanged: vscode.Event<void>,
  ) {}

  register(): vscode.Disposable[] {
    return [
      vscode.workspace.registerTextDocumentContentProvider(TABLE_SCHEME, this),
      vscode.languages.registerDocumentLinkProvider({ scheme: TABLE_SCHEME }, this),
      // A route-count lens passes its file and position: the table shows that file with the declaration's rows selected.
      vscode.commands.registerCommand("resourceRoutes.showRoutes", (uri?: unknown, reveal?: { line: number; character: number }) =>
        this.show({ uri: typeof uri === "string" ? uri : undefined, reveal }),
      ),
      vscode.commands.registerCommand("resourceRoutes.filterRoutes", () => this.filter()),
      vscode.commands.registerCommand("resourceRoutes.copyHelperName", (helper?: string) => this.copyHelperName(helper)),
      // The tables follow the routing files: shown tables are asked for again when the server says the routes changed.
      this.routesChanged(() => {
        for (const key of this.tables.keys()) this.changes.fire(vscode.Uri.parse(key));
      }),
    ];
  }

  async show(options: { uri?: string; filter?: string; reveal?: { line: number; character: number } }): Promise<void> {
    const query = new URLSearchParams();
    if (options.uri) query.set("file", options.uri);
    if (options.filter) query.set("filter", options.filter);
    if (options.uri && options.reveal) query.set("reveal", `${options.reveal.line}:${options.reveal.character}`);
    const uri = vscode.Uri.from({ scheme: TABLE_SCHEME, path: `/${tableTitle(options)}`, query: query.toString() });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, "resource-routes-table");
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    const revealed = (this.tables.get(uri.toString())?.rows ?? []).filter((row) => row.revealed && row.line < document.lineCount);
    if (revealed.length) {
      editor.selections = revealed.map((row) => new vscode.Selection(row.line, 0, row.line, document.lineAt(row.line).text.length));
      editor.revealRange(editor.selections[0].union(editor.selections[editor.selections.length - 1]), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const [line, character] = (query.get("reveal") ?? "").split(":").map(Number);
    const reveal = Number.isInteger(line) && Number.isInteger(character) ? { line, character } : undefined;
    const table = await this.client.sendRequest(RoutesTableRequest, { uri: query.get("file") ?? undefined, filter: query.get("filter") ?? undefined, reveal });
    if (!table) return '# The language server could not list the routes; see the "Resource Routes" output.\n';
    this.tables.delete(uri.toString());
    this.tables.set(uri.toString(), table);
    // The newest tables are kept for links (a table's document is closed and reopened as its language is set).
    for (const key of this.tables.keys()) if (this.tables.size > MAX_TABLES) this.tables.delete(key);
    return table.rows.length || table.text.trim() ? table.text : "# No routing file in this workspace.\n";
  }

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const table = this.tables.get(document.uri.toString());
    const at = (location: RequestLocation) =>
      vscode.Uri.parse(location.uri).with({ fragment: `L${location.range.start.line + 1},${location.range.start.character + 1}` });
    return (table?.rows ?? []).flatMap((row) => {
      if (!row.location || row.line >= document.lineCount) return [];
      const text = document.lineAt(row.line);
      // The last column, controller#action, leads to the action when the workspace defines it; the rest to the declaration.
      const targetColumn = row.action ? text.text.lastIndexOf(" ") + 1 : text.text.length;
      const declaration = new vscode.DocumentLink(new vscode.Range(row.line, text.firstNonWhitespaceCharacterIndex, row.line, targetColumn), at(row.location));
      declaration.tooltip = "Go to the declaration";
      if (!row.action) return [declaration];
      const action = new vscode.DocumentLink(new vscode.Range(row.line, targetColumn, row.line, text.text.length), at(row.action));
      action.tooltip = "Go to the controller action";
      return [declaration, action];
    });
  }

  /** Asks for a filter and shows the matching routes. */
  private async filter(): Promise<void> {
    const filter = await vscode.window.showInputBox({
      title: "Filter Routes",
      prompt: "Text to look for in name, verb, path or controller#action",
      placeHolder: "comments",
    });
    if (filter !== undefined) await this.show({ filter });
  }

  /** Copies the helper of the given route, of the table row under the cursor, or of one picked from the workspace. */
  private async copyHelperName(helper?: string): Promise<void> {
    let chosen = typeof helper === "string" ? helper : this.helperUnderCursor();
    if (!chosen) {
      const table = await this.client.sendRequest(RoutesTableRequest, {});
      const helpers = [...new Set((table?.rows ?? []).flatMap((row) => (row.helper ? [row.helper] : [])))];
      chosen = await vscode.window.showQuickPick(helpers, { title: "Copy Helper Name", placeHolder: "a helper of the workspace's routes" });
    }
    if (!chosen) return;
    await vscode.env.clipboard.writeText(chosen);
    void vscode.window.setStatusBarMessage(`Copied ${chosen}`, 3000);
  }

  private helperUnderCursor(): string | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.uri.scheme !== TABLE_SCHEME) return undefined;
    const line = editor.selection.active.line;
    return this.tables.get(editor.document.uri.toString())?.rows.find((row) => row.line === line)?.helper;
  }
}

/**
 * A table's tab title: what it shows (one file's routes, the matches of a filter, or every route).
 * It is the document's path, so a slash in it is drawn as "∕" (a path would show only what follows it).
 */
function tableTitle(options: { uri?: string; filter?: string }): string {
  const file = options.uri ? `Routes of ${vscode.Uri.parse(options.uri).path.split("/").pop()}` : "";
  const title = options.filter ? `${file || "Routes"} matching “${options.filter}”` : file || "All Routes";
  return title.replace(/\//g, "∕");
}
