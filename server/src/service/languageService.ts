import type { Diagnostic, Span } from "resource-routes/internal";

import { CodeAction, codeActions } from "./codeActions";
import { CompletionItem, completions } from "./completion";
import { ActionLens, actionLenses } from "./controllers";
import { definitions, implementations, Location } from "./definition";
import { documentDiagnostics } from "./diagnostics";
import { Hover, hover } from "./hover";
import { declarationPathHints, InlayHint, inlayHints } from "./inlayHints";
import { DeclarationSymbol, documentSymbols, RouteCountLens, routeCountLenses } from "./outline";
import { references } from "./references";
import { prepareRename, rename, RenameResult } from "./rename";
import { recognizeRequest, RecognizeResult, RoutesTable, routesTableOf, routingFileInfo } from "./routesTable";
import { routesTree, RoutesTreeAnswer, RoutesTreeRequest } from "./routesTree";
import { readOnlyRouting } from "./rubyRoutes";
import { SignatureHelp, signatureHelp } from "./signatureHelp";
import { RoutingWorkspace } from "./workspace";
import { HelperSymbol, workspaceSymbols } from "./workspaceSymbols";

/**
 * Every editor feature of a routing workspace behind one interface, in editor terms (documents by
 * URI, offsets and spans in their text), knowing nothing of a protocol: lsp/server.ts translates
 * to and from LSP, and tests call it directly. Each method is named after what it answers.
 */
export interface RoutesLanguageService {
  /** The documents and routing files the features read: the server sets and deletes documents on it. */
  readonly workspace: RoutingWorkspace;
  /** A declaration's routes, an option's meaning, or a helper's route, at `offset`. */
  hover(uri: string, offset: number): Hover | undefined;
  /** Helper names anywhere; option keys, methods and actions inside a declaration. */
  completions(uri: string, offset: number): CompletionItem[];
  /** A helper call's parameters, the active one at `offset`. */
  signatureHelp(uri: string, offset: number): SignatureHelp | undefined;
  /** Where a helper's route is declared, or a declaration's controller actions. */
  definitions(uri: string, offset: number): Location[];
  /** The controller action a helper's route reaches. */
  implementations(uri: string, offset: number): Location[];
  /** Every use of the helpers of the declaration or helper at `offset`. */
  references(uri: string, offset: number, includeDeclaration: boolean): Location[];
  /** What a rename at `offset` would rename, or why it cannot. */
  renameRange(uri: string, offset: number): { span: Span; placeholder: string } | { error: string };
  /** The edits (and file renames) of renaming what is at `offset`. */
  renameEdits(uri: string, offset: number, newName: string): RenameResult;
  /** renameEdits, with redirects for the URLs the rename changes added to the redirects module beside the routing file. */
  renameKeepingUrls(uri: string, offset: number, newName: string): RenameResult;
  /** The document's problems: the analyser's, unknown helpers, unreachable routes, missing actions. */
  diagnostics(uri: string): Diagnostic[];
  /** Quick fixes for the problems within `span`; `roots` are the workspace folders new files may go in. */
  codeActions(uri: string, span: Span, roots?: readonly string[]): CodeAction[];
  /** Each declaration's route count, above it. */
  routeCountLenses(uri: string): RouteCountLens[];
  /** Above each controller action, the routes that reach it. */
  actionLenses(uri: string): ActionLens[];
  /** The path each helper call within `span` builds. */
  inlayHints(uri: string, span: Span): InlayHint[];
  /** In a routing file, each declaration's base path at the end of its line. */
  declarationPathHints(uri: string, span: Span): InlayHint[];
  /** A routing file's declarations as a tree. */
  documentSymbols(uri: string): DeclarationSymbol[];
  /** The workspace's helpers matching `query`, at most `limit`. */
  workspaceSymbols(query: string, limit?: number): HelperSymbol[];
  /** The `rake routes`-style table (see routesTableOf). */
  routesTable(options?: { uri?: string; filter?: string; folders?: string[]; reveal?: number }): RoutesTable;
  /** A level of the routes tree (see routesTree). */
  routesTree(request: RoutesTreeRequest): RoutesTreeAnswer;
  /** The route a request goes to, and with `explain` why each route before it was passed over. */
  recognize(method: string, path: string, explain?: boolean): RecognizeResult;
  /** A routing file's behaviour and route count; undefined for another file. */
  fileInfo(uri: string): { behaviour: string; routes: number } | undefined;
}

const RUBY_RENAME = "A routes.rb is renamed in Ruby: convert it to a TypeScript routing file to rename its routes here";

export function createRoutesLanguageService(workspace: RoutingWorkspace = new RoutingWorkspace()): RoutesLanguageService {
  return {
    workspace,
    hover: (uri, offset) => hover(workspace, uri, offset),
    // A routes.rb is read, never edited: its completions and edits would be TypeScript's (rubyRoutes.ts).
    completions: (uri, offset) => (readOnlyRouting(workspace, uri) ? [] : completions(workspace, uri, offset)),
    signatureHelp: (uri, offset) => (readOnlyRouting(workspace, uri) ? undefined : signatureHelp(workspace, uri, offset)),
    definitions: (uri, offset) => definitions(workspace, uri, offset),
    implementations: (uri, offset) => implementations(workspace, uri, offset),
    references: (uri, offset, includeDeclaration) => references(workspace, uri, offset, includeDeclaration),
    renameRange: (uri, offset) => (readOnlyRouting(workspace, uri) ? { error: RUBY_RENAME } : prepareRename(workspace, uri, offset)),
    renameEdits: (uri, offset, newName) => (readOnlyRouting(workspace, uri) ? { error: RUBY_RENAME } : rename(workspace, uri, offset, newName)),
    renameKeepingUrls: (uri, offset, newName) => (readOnlyRouting(workspace, uri) ? { error: RUBY_RENAME } : rename(workspace, uri, offset, newName, true)),
    diagnostics: (uri) => documentDiagnostics(workspace, uri),
    codeActions: (uri, span, roots) => codeActions(workspace, uri, span, roots),
    routeCountLenses: (uri) => routeCountLenses(workspace, uri),
    actionLenses: (uri) => actionLenses(workspace, uri),
    inlayHints: (uri, span) => inlayHints(workspace, uri, span),
    declarationPathHints: (uri, span) => declarationPathHints(workspace, uri, span),
    documentSymbols: (uri) => documentSymbols(workspace, uri),
    workspaceSymbols: (query, limit) => workspaceSymbols(workspace, query, limit),
    routesTable: (options) => routesTableOf(workspace, options),
    routesTree: (request) => routesTree(workspace, request),
    recognize: (method, path, explain) => recognizeRequest(workspace, method, path, explain),
    fileInfo: (uri) => routingFileInfo(workspace, uri),
  };
}
