/**
 * What the protocol glue (lsp/) reaches of the language service: the service and its workspace,
 * the settings, indexing from disk, and the answers' types that lsp/convert.ts translates. The one
 * door into service/ from above (ESLint refuses a deeper import from lsp/).
 */
export type { CodeAction } from "./codeActions";
export { type CompletionItem, helperDetails, MAX_HELPER_ITEMS } from "./completion";
export { type ActionLens, controllerFolderPaths, inFolders } from "./controllers";
export { diagnosticSteps } from "./diagnostics";
export type { WorkspaceChange } from "./edits";
export type { Hover } from "./hover";
export { FileFilter, type FileSystem, indexFile, indexFolder, nodeFileSystem } from "./indexer";
export type { InlayHint } from "./inlayHints";
export { createRoutesLanguageService } from "./languageService";
export type { DeclarationSymbol, RouteCountLens } from "./outline";
export type { RecognizeResult, RoutesTable } from "./routesTable";
export type { RoutesTreeAnswer } from "./routesTree";
export { DEFAULT_SETTINGS, readSettings, type ServiceSettings } from "./settings";
export type { SignatureHelp } from "./signatureHelp";
export { RoutingWorkspace } from "./workspace";
export type { HelperSymbol } from "./workspaceSymbols";
