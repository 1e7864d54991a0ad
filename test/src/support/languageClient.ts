import * as cp from "child_process";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";

import { SERVER_ENVIRONMENT, SERVER_EXEC_ARGV } from "../../../client/out/serverEnvironment";
import { ROOT } from "./fixtures";

/**
 * How an editor starts the server: the repository's `resource-routes lsp --stdio` (any editor), an
 * installed `resource-routes` command (`cli`, run in `cwd`), or the VS Code extension's bundle (`client/dist/server.js`, made by `npm run bundle`; one minified
 * file, TypeScript included) told to talk over stdio, with the environment the extension adds.
 */
export type ServerLaunch = "cli" | "bundle" | { cli: string; cwd: string };

/**
 * A client for the real server over stdio, as an editor would drive it: it answers the server's
 * requests (configuration, registrations, progress), records diagnostics, progress and log
 * messages, and lets a test wait for the diagnostics it expects.
 */
export class LanguageClient {
  readonly connection: rpc.ProtocolConnection;
  readonly diagnostics = new Map<string, rpc.Diagnostic[]>();
  readonly progress: Array<rpc.WorkDoneProgressBegin | rpc.WorkDoneProgressReport | rpc.WorkDoneProgressEnd> = [];
  readonly errors: string[] = [];
  readonly registrations: rpc.Registration[] = [];
  /** The messages the server showed the user (window/showMessage). */
  readonly messages: string[] = [];
  /** What the client answers to workspace/configuration for the `resourceRoutes` section. */
  settings: unknown = {};
  private readonly server: cp.ChildProcess;
  private waiters: Array<() => boolean> = [];

  /**
   * `nodeFlags`: V8 and Node flags the server process starts with (as an editor's launch
   * configuration gives them); `launch`: which build of the server, the bundle launched as the VS
   * Code extension launches it (its flags and environment).
   */
  constructor(nodeFlags: readonly string[] = [], launch: ServerLaunch = "cli") {
    const server =
      typeof launch === "object"
        ? [launch.cli, "lsp", "--stdio"]
        : launch === "cli"
          ? [path.join(ROOT, "server", "bin", "resource-routes.js"), "lsp", "--stdio"]
          : [...SERVER_EXEC_ARGV, path.join(ROOT, "client", "dist", "server.js"), "--stdio"];
    const env = launch === "bundle" ? { ...process.env, ...SERVER_ENVIRONMENT } : process.env;
    const cwd = typeof launch === "object" ? launch.cwd : undefined;
    this.server = cp.spawn(process.execPath, [...nodeFlags, ...server], { stdio: ["pipe", "pipe", "pipe"], env, cwd });
    this.server.stderr!.on("data", (chunk: Buffer) => this.errors.push(chunk.toString()));
    const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(this.server.stdout!), new rpc.StreamMessageWriter(this.server.stdin!));
    this.connection = connection;
    connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
      this.diagnostics.set(params.uri, params.diagnostics);
      this.waiters = this.waiters.filter((waiter) => !waiter());
    });
    connection.onNotification(rpc.LogMessageNotification.type, (params) => {
      if (params.type === rpc.MessageType.Error) this.errors.push(params.message);
    });
    connection.onNotification(rpc.ShowMessageNotification.type, (params) => {
      this.messages.push(params.message);
      this.waiters = this.waiters.filter((waiter) => !waiter());
    });
    connection.onRequest(rpc.ConfigurationRequest.type, (params) => params.items.map((item) => (item.section === "resourceRoutes" ? this.settings : null)));
    connection.onRequest(rpc.RegistrationRequest.type, (params) => {
      this.registrations.push(...params.registrations);
    });
    connection.onRequest(rpc.WorkDoneProgressCreateRequest.type, ({ token }) => {
      connection.onProgress(rpc.WorkDoneProgress.type, token, (value) => {
        this.progress.push(value);
        this.waiters = this.waiters.filter((waiter) => !waiter());
      });
    });
    connection.listen();
  }

  /** initialize + initialized, with the capabilities of a full editor. */
  async start(rootUri: string | null, capabilities: rpc.ClientCapabilities = FULL_CAPABILITIES): Promise<rpc.InitializeResult> {
    const result = await this.connection.sendRequest(rpc.InitializeRequest.type, {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: "app" }] : null,
      capabilities,
    });
    await this.connection.sendNotification(rpc.InitializedNotification.type, {});
    return result;
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "typescript", version, text } });
  }

  /** Resolves once the diagnostics published for `uri` pass `test` (those already published count; none published is none). */
  waitForDiagnostics(uri: string, test: (d: rpc.Diagnostic[]) => boolean, timeout = 10_000): Promise<rpc.Diagnostic[]> {
    return this.waitFor(
      () => {
        const current = this.diagnostics.get(uri) ?? [];
        return test(current) ? current : undefined;
      },
      `no matching diagnostics for ${uri}`,
      timeout,
    );
  }

  /** Resolves once `probe` returns a value, checked now and after each notification. */
  waitFor<T>(probe: () => T | undefined, failure: string, timeout = 10_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(failure)), timeout);
      const check = () => {
        const value = probe();
        if (value === undefined) return false;
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      if (!check()) this.waiters.push(check);
    });
  }

  /** shutdown + exit; resolves with the exit code, or kills the server and rejects when it does not stop within 5 s. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.server.once("exit", (code) => resolve(code)));
    const stopped = (async () => {
      await this.connection.sendRequest(rpc.ShutdownRequest.type);
      await this.connection.sendNotification(rpc.ExitNotification.type);
      return exited;
    })();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the server did not stop within 5 s")), 5_000)));
    try {
      return await Promise.race([stopped, late]);
    } finally {
      clearTimeout(timer);
      this.kill();
    }
  }

  /** Ends the server at once, for a test that failed before it could stop it cleanly. */
  kill(): void {
    if (this.server.exitCode === null) this.server.kill();
    this.connection.dispose();
  }

  /** The server's process, e.g. to read its memory. */
  get pid(): number {
    return this.server.pid!;
  }
}

const FULL_CAPABILITIES: rpc.ClientCapabilities = {
  workspace: {
    configuration: true,
    workspaceFolders: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceEdit: { documentChanges: true, changeAnnotationSupport: { groupsOnLabel: true }, resourceOperations: ["create", "rename", "delete"] },
  },
  window: { workDoneProgress: true },
  // As VS Code declares them: list-wide defaults (LSP 3.17), which its language client applies.
  textDocument: {
    completion: {
      completionItem: { snippetSupport: true },
      completionList: { itemDefaults: ["commitCharacters", "editRange", "insertTextMode", "insertTextFormat", "data"] },
    },
  },
};
