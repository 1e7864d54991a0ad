import * as vscode from "vscode";
import { CloseAction, ErrorAction, LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from "vscode-languageclient/node";

import { SERVER_ENVIRONMENT, SERVER_EXEC_ARGV } from "./serverEnvironment";

/** Restarts allowed within RESTART_WINDOW_MS before the client gives up and says so. */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

const LANGUAGES = ["typescript", "javascript", "typescriptreact", "javascriptreact"];

/**
 * The language client: starts the bundled server over IPC and restarts a crashed server with a
 * visible message (giving up after repeated crashes). Settings need nothing here: the server asks
 * for the `resourceRoutes` section (workspace/configuration) and registers for its changes itself,
 * instead of the deprecated `synchronize.configurationSection`.
 */
export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath("client/dist/server.js");
  const serverOptions: ServerOptions = {
    // The environment is added to the editor's; the flags are the process's launch flags.
    run: { module, transport: TransportKind.ipc, options: { env: SERVER_ENVIRONMENT, execArgv: [...SERVER_EXEC_ARGV] } },
    debug: { module, transport: TransportKind.ipc, options: { env: SERVER_ENVIRONMENT, execArgv: [...SERVER_EXEC_ARGV, "--nolazy", "--inspect=6009"] } },
  };
  const crashes: number[] = [];
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      ...LANGUAGES.flatMap((language) => [
        { scheme: "file", language },
        { scheme: "untitled", language },
      ]),
      // A Rails application's routes.rb (Rails 2's or modern Rails'), and no other Ruby file (whatever extension serves Ruby keeps them).
      { scheme: "file", language: "ruby", pattern: "**/config/routes.rb" },
    ],
    outputChannel: output,
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue }),
      closed: () => {
        const now = Date.now();
        crashes.push(now);
        while (crashes.length && now - crashes[0] > RESTART_WINDOW_MS) crashes.shift();
        if (crashes.length > MAX_RESTARTS) {
          return {
            action: CloseAction.DoNotRestart,
            message: `Resource Routes: the language server stopped ${crashes.length} times in 3 minutes and was not restarted. See the "Resource Routes" output, then run "Resource Routes: Restart Language Server".`,
          };
        }
        // Shown here: the client itself only logs a restart.
        void vscode.window
          .showWarningMessage("Resource Routes: the language server stopped unexpectedly and was restarted.", "Show Output")
          .then((choice) => choice && output.show());
        return { action: CloseAction.Restart, handled: true };
      },
    },
  };
  return new LanguageClient("resourceRoutes", "Resource Routes", serverOptions, clientOptions);
}
