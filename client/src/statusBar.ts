import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";

import { FileInfoRequest } from "./protocol";

/**
 * A status-bar item with the behaviour and route count of the routing file in the active editor,
 * asked again when the editor changes and when the server says the routes changed (after an edit
 * once typing pauses, a setting such as `resourceRoutes.defaultBehaviour`, a file changed on disk).
 */
export function registerStatusBar(client: LanguageClient, routesChanged: vscode.Event<void>): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem("resourceRoutes.behaviour", vscode.StatusBarAlignment.Right, 100);
  item.name = "Resource Routes";
  const update = async () => {
    const editor = vscode.window.activeTextEditor;
    const info =
      editor && editor.document.uri.scheme === "file"
        ? await client.sendRequest(FileInfoRequest, { uri: editor.document.uri.toString() }).catch(() => null)
        : null;
    if (!info || editor !== vscode.window.activeTextEditor) return void (info ? undefined : item.hide());
    item.text = `$(list-tree) Routes ${info.behaviour}: ${info.routes}`;
    item.tooltip = `Resource Routes: behaviour ${info.behaviour}, ${info.routes} routes. Click to show them.`;
    item.command = { title: "Show Routes", command: "resourceRoutes.showRoutes", arguments: [editor!.document.uri.toString()] };
    item.show();
  };
  void update();
  return [item, routesChanged(() => void update()), vscode.window.onDidChangeActiveTextEditor(() => void update())];
}
