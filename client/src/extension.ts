import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";

import { createLanguageClient } from "./languageClient";
import { RoutesChangedNotification } from "./protocol";
import { registerRecognize } from "./recognize";
import { registerRenameKeepingUrls } from "./renameKeepingUrls";
import { RoutesTreeView } from "./routesTreeView";
import { RoutesView } from "./routesView";
import { registerStatusBar } from "./statusBar";

let client: LanguageClient | undefined;

/** Starts the language server and adds the commands, the routes table and the status-bar item. */
export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel("Resource Routes", { log: true });
  client = createLanguageClient(context, output);
  const started = client;
  // The client keeps one handler per notification: the server's word goes out to each view from here.
  const routesChanged = new vscode.EventEmitter<void>();
  context.subscriptions.push(
    output,
    routesChanged,
    started.onNotification(RoutesChangedNotification, () => routesChanged.fire()),
    ...new RoutesView(started, routesChanged.event).register(),
    ...new RoutesTreeView(started, routesChanged.event).register(),
    registerRecognize(started),
    registerRenameKeepingUrls(started),
    ...registerStatusBar(started, routesChanged.event),
    vscode.commands.registerCommand("resourceRoutes.restartServer", () => started.restart()),
    // The target of the code lens above a controller action: the declaration of a route that reaches it.
    vscode.commands.registerCommand("resourceRoutes.openLocation", async (uri: string, line: number, character: number) => {
      const position = new vscode.Position(line, character);
      await vscode.window.showTextDocument(vscode.Uri.parse(uri), { selection: new vscode.Range(position, position) });
    }),
  );
  // Everything above is registered before the server starts, and activation ends now: a command
  // clicked meanwhile runs (its requests wait for the server) instead of being "not found".
  started.start().catch((error: unknown) => output.error(`The language server did not start: ${error instanceof Error ? error.message : String(error)}`));
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop();
}
