import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { FileInfoRequest, RoutesChangedNotification } from "./protocol";

/**
 * A status-bar item with the behaviour and route count of the routing file in the active editor,
 * asked again when the editor changes, after an edit, and when the server says the routes changed
 * otherwise (a setting such as `resourceRoutes.defaultBehaviour`, a file changed on disk).
 */
export function registerStatusBar(client: LanguageClient): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem("resourceRoutes.behaviour", vscode.StatusBarAlignment.Right, 100);
  item.name = "Resource Routes";
  let timer: NodeJS.Timeout | undefined;
  const update = async () => {
    const editor = vscode.window.activeTextEditor;
    const info = editor && editor.document.uri.scheme === "file" ? await client.sendRequest(FileInfoRequest, { uri: editor.document.uri.toString() }).catch(() => null) : null;
    if (!info || editor !== vscode.window.activeTextEditor) return void (info ? undefined : item.hide());
    item.text = `$(list-tree) Routes ${info.behaviour}: ${info.routes}`;
    item.tooltip = `Resource Routes: behaviour ${info.behaviour}, ${info.routes} routes. Click to show them.`;
    item.command = { title: "Show Routes", command: "resourceRoutes.showRoutes", arguments: [editor!.document.uri.toString()] };
    item.show();
  };
  void update();
  return [
    item,
    client.onNotification(RoutesChangedNotification, () => void update()),
    vscode.window.onDidChangeActiveTextEditor(() => void update()),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== vscode.window.activeTextEditor?.document) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void update(), 300);
    }),
  ];
}
