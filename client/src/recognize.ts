import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { RecognizeRequest } from "./protocol";
import { parseRequest } from "./requestLine";

/** "Recognize a Request…": asks for `METHOD /path` and shows the route it reaches, with its parameters, or the routing error. */
export function registerRecognize(client: LanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand("resourceRoutes.recognize", async (input?: string) => {
    const request =
      typeof input === "string"
        ? input
        : await vscode.window.showInputBox({
            title: "Recognize a Request",
            prompt: "An HTTP method and a path",
            placeHolder: "GET /posts/1/comments",
            validateInput: (value) => (parseRequest(value) ? undefined : "Write a method and a path, for example: PUT /posts/1"),
          });
    const parsed = request === undefined ? undefined : parseRequest(request);
    if (!parsed) return;
    const result = await client.sendRequest(RecognizeRequest, parsed);
    if (!result) return void vscode.window.showErrorMessage("Resource Routes: the request could not be recognized; see the output.");
    if (!result.matched) return void vscode.window.showWarningMessage(result.error);
    const params = Object.entries(result.params).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ");
    const message = `${parsed.method} ${parsed.path} → ${result.controller ?? "?"}#${result.action ?? "?"}${result.route ? ` (route ${result.route})` : ""}; params { ${params} }`;
    const choice = await vscode.window.showInformationMessage(message, ...(result.location ? ["Go to Declaration"] : []));
    if (choice && result.location) {
      const location = client.protocol2CodeConverter.asLocation(result.location);
      await vscode.window.showTextDocument(location.uri, { selection: location.range });
    }
  });
}
