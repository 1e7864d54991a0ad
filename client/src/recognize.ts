import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";

import { RecognizeRequest } from "./protocol";
import { ExplainedRoute, explanationItems, firstKey, parseRequest } from "./requestLine";

/**
 * "Recognize a Request…": asks for `METHOD /path` and shows the route it reaches, with its
 * parameters, or the routing error; "Why?" lists the routes it passed over. Given a request line,
 * recognises it at once; given `{ prefill }` (a route's own pattern, from the Routes view), asks
 * with it written in and its first segment key selected, for the user to type a value over.
 */
export function registerRecognize(client: LanguageClient): vscode.Disposable {
  return vscode.commands.registerCommand("resourceRoutes.recognize", async (input?: string | { prefill: string }) => {
    const prefill = typeof input === "object" && input !== null ? input.prefill : undefined;
    const request =
      typeof input === "string"
        ? input
        : await vscode.window.showInputBox({
            title: "Recognize a Request",
            prompt: "An HTTP method and a path",
            placeHolder: "GET /posts/1/comments",
            value: prefill,
            valueSelection: prefill === undefined ? undefined : firstKey(prefill),
            validateInput: (value) => (parseRequest(value) ? undefined : "Write a method and a path, for example: PUT /posts/1"),
          });
    const parsed = request === undefined ? undefined : parseRequest(request);
    if (!parsed) return;
    const result = await client.sendRequest(RecognizeRequest, { ...parsed, explain: true });
    if (!result) return void vscode.window.showErrorMessage("Resource Routes: the request could not be recognized; see the output.");
    const why = result.explanation ? [WHY] : [];
    if (!result.matched) {
      if ((await vscode.window.showWarningMessage(result.error, ...why)) === WHY)
        await showExplanation(client, `${parsed.method} ${parsed.path}`, result.explanation!);
      return;
    }
    const params = Object.entries(result.params)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(", ");
    const message = `${parsed.method} ${parsed.path} → ${result.controller ?? "?"}#${result.action ?? "?"}${result.route ? ` (route ${result.route})` : ""}; params { ${params} }`;
    const choice = await vscode.window.showInformationMessage(message, ...(result.location ? [GO] : []), ...why);
    if (choice === GO && result.location) await open(client, result.location);
    if (choice === WHY) await showExplanation(client, `${parsed.method} ${parsed.path}`, result.explanation!);
  });
}

const GO = "Go to Declaration";
const WHY = "Why?";

/** Every route in order up to the one that matched, each with why the request passed it over; choosing one opens its declaration. */
async function showExplanation(client: LanguageClient, request: string, explanation: { routes: ExplainedRoute[]; more: number }): Promise<void> {
  const chosen = await vscode.window.showQuickPick(explanationItems(explanation.routes, explanation.more), {
    title: `Why ${request} goes where it goes`,
    placeHolder: "The routes in order, up to the one that recognises the request",
    matchOnDescription: true,
  });
  if (chosen?.location) await open(client, chosen.location);
}

async function open(client: LanguageClient, at: Parameters<typeof client.protocol2CodeConverter.asLocation>[0]): Promise<void> {
  const location = client.protocol2CodeConverter.asLocation(at);
  if (location) await vscode.window.showTextDocument(location.uri, { selection: location.range });
}
