/**
 * What the protocol glue (lsp/) reaches of the language service: the service and its workspace,
 * the settings, indexing from disk, and the answers' types that lsp/convert.ts translates. The one
 * door into service/ from above (ESLint refuses a deeper import from lsp/).
 */
export { createRoutesLanguageService } from "./languageService";
export { RoutingWorkspace } from "./workspace";
export { DEFAULT_SETTINGS, readSettings, type ServiceSettings } from "./settings";
export { FileFilter, type FileSystem, indexFile, indexFolder, nodeFileSystem } from "./indexer";
export { controllerFolderPaths, inFolders, type ActionLens } from "./controllers";
export { diagnosticSteps } from "./diagnostics";
export { type CompletionItem, helperDetails, MAX_HELPER_ITEMS } from "./completion";
export type { CodeAction } from "./codeActions";
export type { DeclarationSymbol, RouteCountLens } from "./outline";
export type { HelperSymbol } from "./workspaceSymbols";
export type { Hover } from "./hover";
export type { InlayHint } from "./inlayHints";
export type { RecognizeResult, RoutesTable } from "./routesTable";
export type { RoutesTreeAnswer } from "./routesTree";
export type { SignatureHelp } from "./signatureHelp";
export type { WorkspaceChange } from "./edits";
