import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

import { RenameKeepingUrlsRequest } from "./protocol";

/**
 * "Rename and keep the old URLs working…" (a code action on a resource's name): asks for the new
 * name, then applies the server's rename with redirects for the URLs it changes added to the
 * redirects module beside the routing file; a refusal is said, nothing changed.
 */
export function registerRenameKeepingUrls(client: LanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand("resourceRoutes.renameKeepingUrls", async (uri: string, position: { line: number; character: number }) => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    const at = new vscode.Position(position.line, position.character);
    const word = document.getWordRangeAtPosition(at, /[A-Za-z_][A-Za-z0-9_]*/);
    const newName = await vscode.window.showInputBox({
      title: "Rename and keep the old URLs working",
      prompt: "The new name; the URLs it changes are redirected to the new ones (redirects.ts beside the routing file)",
      value: word ? document.getText(word) : "",
    });
    if (!newName) return;
    const result = await client.sendRequest(RenameKeepingUrlsRequest, { textDocument: { uri }, position, newName });
    if (!result) return;
    if ("error" in result) {
      void vscode.window.showErrorMessage(`Resource Routes: ${result.error}`);
      return;
    }
    const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result.edit as Parameters<typeof client.protocol2CodeConverter.asWorkspaceEdit>[0]);
    if (!edit) return;
    // Saved as F2's rename saves: each file the edit touches that had no unsaved changes before, the created redirects.ts too.
    const clean = new Set(
      edit.entries().flatMap(([file]) => (vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString())?.isDirty ? [] : [file.toString()])),
    );
    if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: true }))) return;
    await Promise.all(vscode.workspace.textDocuments.filter((d) => d.isDirty && clean.has(d.uri.toString())).map((d) => d.save()));
    if (result.note) void vscode.window.showInformationMessage(`Resource Routes: ${result.note}`);
  });
}
