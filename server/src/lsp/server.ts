import { Span } from "resource-routes/internal";
import * as lsp from "vscode-languageserver/node";

import { FolderCoverage } from "../coverage/folder";
import { applicationRubyGlobs } from "../files/applicationRuby";
import { parseUri } from "../files/uris";
import { OnDemandRubyReader } from "../ruby/onDemandRubyReader";
import { createRoutesLanguageService, DEFAULT_SETTINGS, FileSystem, nodeFileSystem, readSettings, RoutingWorkspace, ServiceSettings } from "../service";
import { resolveCompletionItem, toCompletionList } from "./completionList";
import {
  toActionLens,
  toCodeAction,
  toDocumentSymbol,
  toHover,
  toInlayHint,
  toLocation,
  toRange,
  toRecognizeResult,
  toRouteCountLens,
  toRoutesTableResult,
  toRoutesTreeResult,
  toSignatureHelp,
  toSymbolInformation,
  toWorkspaceEdit,
} from "./convert";
import * as custom from "./customRequests";
import { FileReadiness } from "./fileReadiness";
import { GeneratedFilesWriter } from "./generatedFilesWriter";
import { IdleCollection } from "./idleCollection";

/** The protocol's own requests (customRequests.ts), as this library's request types. */
const request = <Params, Result>(definition: custom.CustomRequest<Params, Result>) => new lsp.RequestType<Params, Result, void>(definition.method);
const RoutesTableRequest = request(custom.REQUESTS.routesTable);
const RecognizeRequest = request(custom.REQUESTS.recognize);
const FileInfoRequest = request(custom.REQUESTS.fileInfo);
const RoutesTreeRequest = request(custom.REQUESTS.routesTree);
const RenameKeepingUrlsRequest = request(custom.REQUESTS.renameKeepingUrls);
import { Clock, SYSTEM_CLOCK } from "./clock";
import { DiagnosticsPublisher } from "./diagnosticsPublisher";
import { OPEN_DOCUMENTS } from "./openDocument";
import { RoutesChangedNotifier } from "./routesChanged";
import { WorkspaceIndexing } from "./workspaceIndexing";

/** The most symbols one workspace/symbol answer holds (the query "r" matched 1.36 million). */
const MAX_WORKSPACE_SYMBOLS = 1_000;

/**
 * The connection of a server process: over stdio with `--stdio`, else what the arguments say
 * (VS Code's client uses IPC). On stdio a malformed header leaves the stream out of step for
 * good, so the server says so on stderr and exits, and the client restarts it.
 */
function processConnection(): lsp.Connection {
  if (!process.argv.includes("--stdio")) return lsp.createConnection(lsp.ProposedFeatures.all);
  const reader = new lsp.StreamMessageReader(process.stdin);
  reader.onError((error) => {
    process.stderr.write(
      `resource-routes: malformed message from the client (${error.message.split("\n")[0]}); exiting so that the client can restart the server\n`,
    );
    process.exit(1);
  });
  return lsp.createConnection(lsp.ProposedFeatures.all, reader, new lsp.StreamMessageWriter(process.stdout));
}

/** Files the client watches for us: the default routing-file globs (TS/JS files, a Rails 2 application's routes.rb). */
const WATCHED = [
  "**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
  "**/config/routes.rb",
  // What a routes.rb's reading depends on: the files it draws, and the application's own Ruby it reads.
  "**/config/routes/*.rb",
  ...applicationRubyGlobs(),
];

/**
 * The language server: protocol glue only. Documents go into the service's workspace; requests
 * are answered by the service's functions and translated back. A request cancelled before it runs
 * is answered as cancelled; a failing request answers null and is logged, so a half-typed document
 * never takes the server down.
 */
export function startServer(connection: lsp.Connection = processConnection(), fs: FileSystem = nodeFileSystem(), clock: Clock = SYSTEM_CLOCK): void {
  const documents = new lsp.TextDocuments(OPEN_DOCUMENTS);
  /** A routes.rb read (in a worker): its routes count from now on. */
  const rubyRead = (uri: string) => {
    workspace.rubyReadingArrived(uri);
    readiness.recheck();
    changed();
    routesChanged.now();
    if (client.workspace?.inlayHint?.refreshSupport) void connection.languages.inlayHint.refresh().catch(() => undefined);
  };
  const rubyReader = new OnDemandRubyReader(rubyRead, () => workspace.settings.railsEnv);
  const readiness = new FileReadiness(
    (uri) => workspace.document(uri) !== undefined,
    (uri) => rubyReader.reading(uri),
  );
  const service = createRoutesLanguageService(new RoutingWorkspace(DEFAULT_SETTINGS, rubyReader));
  const workspace = service.workspace;
  workspace.coverage = new FolderCoverage(
    () => folders.flatMap((folder) => parseUri(folder)?.fsPath ?? []),
    () => workspace.settings.coverageFolder,
  );
  let client: lsp.ClientCapabilities = {};
  let folders: string[] = [];
  /** Settings pushed with didChangeConfiguration or given at initialize, for clients that cannot be asked. */
  let pushedSettings: unknown;
  let initialized = false;

  const logError = (what: string, error: unknown) => connection.console.error(`${what} failed: ${(error as Error)?.stack ?? error}`);
  const publisher = new DiagnosticsPublisher(connection, workspace, logError, clock);
  const generatedFiles = new GeneratedFilesWriter(workspace, logError, () => folders.flatMap((folder) => parseUri(folder)?.fsPath ?? []), clock);
  /** Something the routes depend on changed: diagnostics, and the files generated from the routes (typed routes, helpers modules), follow. */
  const changed = () => {
    publisher.schedule();
    generatedFiles.schedule();
  };
  const routesChanged = new RoutesChangedNotifier(workspace, () => void connection.sendNotification(custom.ROUTES_CHANGED), clock);
  const indexing = new WorkspaceIndexing(
    connection,
    workspace,
    fs,
    () => folders,
    () => !!client.window?.workDoneProgress,
  );
  const lines = (uri: string) => workspace.lines(uri);

  const idle = new IdleCollection({
    clock,
    atIdle: () => {
      try {
        workspace.releaseSyntaxTrees();
        workspace.prepareHelperIndex();
      } catch (error) {
        logError("idle work", error); // in a timer: thrown, it would end the process
      }
    },
  });
  /**
   * After indexing: what depends on the routes follows (the client is told, see routesChanged), and once indexing's diagnostics are out the
   * idle work runs at once (helper lists merged, the garbage of indexing collected), rather than
   * after the idle period or in the first completion: indexing leaves the most dead syntax trees
   * and temporaries the server ever holds.
   */
  let indexedOnce = false;
  const indexed = async () => {
    indexedOnce = true;
    readiness.indexingDone();
    changed();
    // A view that asked while indexing was under way (and found no routing file yet) asks again.
    routesChanged.now();
    try {
      await publisher.flush();
      idle.settle();
    } catch (error) {
      logError("settling after indexing", error);
    }
  };
  /** Wraps a request handler: cancelled requests are not computed, failures answer null. */
  const handle =
    <P, R>(what: string, handler: (params: P) => R) =>
    (params: P, token: lsp.CancellationToken): R | null | lsp.ResponseError<void> => {
      idle.touch();
      if (!initialized) return new lsp.ResponseError(lsp.ErrorCodes.ServerNotInitialized, `${what} before initialize`);
      if (token.isCancellationRequested) return new lsp.ResponseError(lsp.LSPErrorCodes.RequestCancelled, `${what} was cancelled`);
      try {
        return handler(params);
      } catch (error) {
        logError(what, error);
        return null;
      }
    };
  /**
   * A handler that answers with the file's routes: while the workspace does not hold the file yet,
   * or its routes.rb reading is under way, it waits for them (see FileReadiness) before answering.
   */
  const handleWithRoutes = <P extends lsp.TextDocumentPositionParams, R>(what: string, handler: (params: P) => R) => {
    const answer = handle(what, handler);
    return async (params: P, token: lsp.CancellationToken) => {
      if (initialized) {
        const uri = params.textDocument.uri;
        // Asked first, so that a routes.rb's reading of this text is under way.
        if (workspace.document(uri)) handle(`${what} (reading the file)`, () => workspace.routingFile(uri))(params, token);
        await readiness.whenReady(uri);
      }
      return answer(params, token);
    };
  };
  const offsetOf = (params: lsp.TextDocumentPositionParams) => documents.get(params.textDocument.uri)?.offsetAt(params.position) ?? offsetInWorkspace(params);
  const offsetInWorkspace = (params: lsp.TextDocumentPositionParams) =>
    workspace.document(params.textDocument.uri) ? lines(params.textDocument.uri).offsetAt(params.position) : undefined;
  const enabled = (feature: keyof ServiceSettings["features"]) => workspace.settings.features[feature];

  connection.onInitialize((params) => {
    initialized = true;
    client = params.capabilities;
    folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    const options = params.initializationOptions as { settings?: unknown } | undefined;
    pushedSettings = options?.settings;
    return {
      capabilities: {
        textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        inlayHintProvider: true,
        completionProvider: { triggerCharacters: ["_", ".", '"', "'"], resolveProvider: true },
        signatureHelpProvider: { triggerCharacters: ["(", ","], retriggerCharacters: [","] },
        definitionProvider: true,
        implementationProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.RefactorRewrite] },
        codeLensProvider: { resolveProvider: false },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "resource-routes" },
    };
  });

  /** Asks the client for `resourceRoutes` (or uses what it pushed) and applies it; re-indexes when the globs changed. */
  const applySettings = async (): Promise<void> => {
    const raw = client.workspace?.configuration ? await connection.workspace.getConfiguration("resourceRoutes") : pushedSettings;
    const { settings, problems } = readSettings(raw ?? {});
    for (const problem of problems) void connection.window.showWarningMessage(`Resource Routes: ${problem}`);
    const previous = workspace.settings;
    workspace.configure(settings);
    if (JSON.stringify([previous.routingFiles, previous.exclude]) !== JSON.stringify([settings.routingFiles, settings.exclude])) await indexing.indexAll();
  };

  connection.onInitialized(async () => {
    if (client.workspace?.didChangeConfiguration?.dynamicRegistration) {
      void connection.client.register(lsp.DidChangeConfigurationNotification.type, { section: "resourceRoutes" });
    }
    if (client.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void connection.client.register(lsp.DidChangeWatchedFilesNotification.type, { watchers: WATCHED.map((globPattern) => ({ globPattern })) });
    }
    if (client.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(async (event) => {
        const removed = new Set(event.removed.map((f) => f.uri));
        folders = [...folders.filter((f) => !removed.has(f)), ...event.added.map((f) => f.uri)];
        await indexing.indexAll();
        await indexed();
      });
    }
    try {
      await applySettings();
      await indexing.indexAll();
    } catch (error) {
      logError("indexing the workspace", error);
    }
    await indexed();
  });

  connection.onDidChangeConfiguration(async (params) => {
    pushedSettings = (params.settings as { resourceRoutes?: unknown } | undefined)?.resourceRoutes ?? pushedSettings;
    try {
      await applySettings();
    } catch (error) {
      logError("applying settings", error);
    }
    changed();
    routesChanged.now();
    if (client.workspace?.inlayHint?.refreshSupport) void connection.languages.inlayHint.refresh().catch(() => undefined);
  });

  connection.onDidChangeWatchedFiles(async (params) => {
    try {
      await indexing.apply(params.changes);
    } catch (error) {
      logError("reading changed files", error);
    }
    // A file a modern routes.rb's reading depends on: that routes.rb is read again (its last reading stands in meanwhile).
    for (const change of params.changes) {
      const routes = rubyReader.dependencyChanged(change.uri);
      if (routes) workspace.rubyReadingArrived(routes);
    }
    changed();
    routesChanged.now();
  });

  documents.onDidChangeContent(({ document }) => {
    idle.touch();
    workspace.set(document, document.change);
    readiness.recheck();
    changed();
    routesChanged.afterEdit(document.uri);
  });
  documents.onDidClose(async ({ document }) => {
    workspace.close(document.uri);
    // Its text on disk may differ from the editor's, or be there though no watcher event said so.
    try {
      await indexing.reread(document.uri);
    } catch (error) {
      logError("reading a closed file", error);
    }
    changed();
    routesChanged.afterEdit(document.uri);
  });

  connection.onHover(
    handleWithRoutes("hover", (params: lsp.HoverParams): lsp.Hover | null => {
      const offset = offsetOf(params);
      const hover = offset === undefined || !enabled("hover") ? undefined : service.hover(params.textDocument.uri, offset);
      return hover ? toHover(lines(params.textDocument.uri), hover) : null;
    }),
  );

  connection.languages.inlayHint.on(
    handle("inlay hints", (params: lsp.InlayHintParams): lsp.InlayHint[] => {
      const uri = params.textDocument.uri;
      const index = lines(uri);
      const span = { start: index.offsetAt(params.range.start), end: index.offsetAt(params.range.end) };
      const hints = [
        ...(enabled("inlayHints") ? service.inlayHints(uri, span) : []),
        ...(workspace.settings.declarationPaths ? service.declarationPathHints(uri, span) : []),
      ];
      return hints.map((hint) => toInlayHint(index, hint));
    }),
  );

  connection.onCompletion(
    handle("completion", (params: lsp.CompletionParams): lsp.CompletionList => {
      const offset = offsetOf(params);
      if (offset === undefined || !enabled("completion")) return { isIncomplete: false, items: [] };
      return toCompletionList(service.completions(params.textDocument.uri, offset), lines(params.textDocument.uri), client);
    }),
  );
  // A resolve that fails answers the item as it came.
  const resolve = handle("completion item", (item: lsp.CompletionItem) => resolveCompletionItem(workspace, item));
  connection.onCompletionResolve((item, token) => resolve(item, token) ?? item);

  connection.onSignatureHelp(
    handle("signature help", (params: lsp.SignatureHelpParams): lsp.SignatureHelp | null => {
      const offset = offsetOf(params);
      const help = offset === undefined ? undefined : service.signatureHelp(params.textDocument.uri, offset);
      return help ? toSignatureHelp(help) : null;
    }),
  );

  const location = (found: { uri: string; span: Span }) => toLocation(lines, found);

  connection.onDefinition(
    handle("definition", (params: lsp.DefinitionParams): lsp.Location[] | null => {
      const offset = offsetOf(params);
      const locations = offset === undefined ? [] : service.definitions(params.textDocument.uri, offset);
      return locations.length ? locations.map(location) : null;
    }),
  );

  connection.onImplementation(
    handle("implementation", (params: lsp.ImplementationParams): lsp.Location[] | null => {
      const offset = offsetOf(params);
      const locations = offset === undefined ? [] : service.implementations(params.textDocument.uri, offset);
      return locations.length ? locations.map(location) : null;
    }),
  );

  connection.onPrepareRename(
    handle("prepare rename", (params: lsp.PrepareRenameParams): lsp.PrepareRenameResult | lsp.ResponseError<void> | null => {
      const offset = offsetOf(params);
      if (offset === undefined) return null;
      const prepared = service.renameRange(params.textDocument.uri, offset);
      if ("error" in prepared) return new lsp.ResponseError(lsp.ErrorCodes.InvalidRequest, prepared.error);
      return { range: toRange(lines(params.textDocument.uri), prepared.span), placeholder: prepared.placeholder };
    }),
  );

  connection.onRenameRequest(
    handle("rename", (params: lsp.RenameParams): lsp.WorkspaceEdit | lsp.ResponseError<void> | null => {
      const offset = offsetOf(params);
      if (offset === undefined) return null;
      const result = service.renameEdits(params.textDocument.uri, offset, params.newName);
      if ("error" in result) return new lsp.ResponseError(lsp.ErrorCodes.InvalidRequest, result.error);
      // What happens to the controller module is said where the user sees it (an edit's annotation shows only in a preview).
      if (result.note)
        void connection.sendNotification(lsp.ShowMessageNotification.type, { type: lsp.MessageType.Info, message: `Resource Routes: ${result.note}` });
      return toWorkspaceEdit(result, lines, client.workspace?.workspaceEdit);
    }),
  );

  connection.onRequest(
    RenameKeepingUrlsRequest,
    handle("rename keeping the old URLs", (params: custom.RenameKeepingUrlsParams): custom.RenameKeepingUrlsResult | null => {
      const offset = offsetOf(params);
      if (offset === undefined) return null;
      const result = service.renameKeepingUrls(params.textDocument.uri, offset, params.newName);
      return "error" in result
        ? result
        : { edit: toWorkspaceEdit(result, lines, client.workspace?.workspaceEdit), ...(result.note ? { note: result.note } : {}) };
    }),
  );

  connection.onReferences(
    handle("references", (params: lsp.ReferenceParams): lsp.Location[] => {
      const offset = offsetOf(params);
      return offset === undefined ? [] : service.references(params.textDocument.uri, offset, params.context.includeDeclaration).map(location);
    }),
  );

  connection.onDocumentSymbol(
    handle("document symbols", (params: lsp.DocumentSymbolParams): lsp.DocumentSymbol[] => {
      const index = lines(params.textDocument.uri);
      return service.documentSymbols(params.textDocument.uri).map((symbol) => toDocumentSymbol(index, symbol));
    }),
  );

  connection.onWorkspaceSymbol(
    handle("workspace symbols", (params: lsp.WorkspaceSymbolParams): lsp.SymbolInformation[] =>
      // Capped: the protocol has no "incomplete" here, but editors ask again as the query grows.
      service.workspaceSymbols(params.query, MAX_WORKSPACE_SYMBOLS).map((symbol) => toSymbolInformation(lines, symbol)),
    ),
  );

  connection.onCodeAction(
    handle("code actions", (params: lsp.CodeActionParams): lsp.CodeAction[] => {
      const only = params.context.only;
      const uri = params.textDocument.uri;
      const index = lines(uri);
      const span = { start: index.offsetAt(params.range.start), end: index.offsetAt(params.range.end) };
      const roots = folders.flatMap((folder) => parseUri(folder)?.path ?? []);
      const actions = service.codeActions(uri, span, roots).map((action) => toCodeAction(action, uri, lines, client.workspace?.workspaceEdit));
      // `only` names kinds or their parents ("refactor" asks for "refactor.rewrite").
      return only ? actions.filter((action) => only.some((kind) => action.kind === kind || action.kind!.startsWith(`${kind}.`))) : actions;
    }),
  );

  connection.onCodeLens(
    handle("code lens", (params: lsp.CodeLensParams): lsp.CodeLens[] => {
      if (!enabled("codeLens")) return [];
      const uri = params.textDocument.uri;
      const index = lines(uri);
      return [
        ...service.routeCountLenses(uri).map((lens) => toRouteCountLens(uri, index, lens)),
        ...service.actionLenses(uri).map((lens) => toActionLens(lines, index, lens)),
      ];
    }),
  );

  connection.onRequest(
    RoutesTableRequest,
    handle("routes table", (params: custom.RoutesTableParams): custom.RoutesTableResult => {
      const reveal = params.uri && params.reveal ? lines(params.uri).offsetAt(params.reveal) : undefined;
      return toRoutesTableResult(lines, service.routesTable({ uri: params.uri, filter: params.filter, folders, reveal }));
    }),
  );

  connection.onRequest(
    RecognizeRequest,
    handle("recognize", (params: custom.RecognizeParams): custom.RecognizeResult => {
      return toRecognizeResult(lines, service.recognize(params.method, params.path, params.explain === true));
    }),
  );

  connection.onRequest(
    FileInfoRequest,
    handle("file info", (params: custom.FileInfoParams): custom.FileInfoResult => service.fileInfo(params.uri) ?? null),
  );
  connection.onRequest(
    RoutesTreeRequest,
    handle("routes tree", (params: custom.RoutesTreeParams): custom.RoutesTreeResult => {
      const groupBy = params?.groupBy === "controller" || params?.groupBy === "path" ? params.groupBy : "file";
      const answer = service.routesTree({
        parent: typeof params?.parent === "string" ? params.parent : undefined,
        groupBy,
        filter: typeof params?.filter === "string" ? params.filter : undefined,
        offset: Number(params?.offset) || 0,
        limit: Number(params?.limit) || undefined,
      });
      return { ...toRoutesTreeResult(lines, answer), ...(indexedOnce ? {} : { indexing: true }) };
    }),
  );

  documents.listen(connection);
  connection.listen();
}
