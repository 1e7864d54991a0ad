import * as lsp from "vscode-languageserver/node";

/**
 * Requests beyond LSP that the VS Code extension uses and any client may: their names and shapes
 * are part of the server's documented interface (README, "Custom requests").
 */

export interface RoutesTableParams {
  /** Only this routing file's routes. */
  uri?: string;
  /** Only rows containing this text (ignoring case). */
  filter?: string;
}

export interface RoutesTableResult {
  text: string;
  rows: Array<{ line: number; helper?: string; location?: lsp.Location }>;
}

export const RoutesTableRequest = new lsp.RequestType<RoutesTableParams, RoutesTableResult | null, void>("resourceRoutes/routesTable");

export interface RecognizeParams {
  method: string;
  path: string;
}

export type RecognizeResult =
  | { matched: true; route: string | null; controller: string | null; action: string | null; params: Record<string, string>; location?: lsp.Location }
  | { matched: false; error: string };

export const RecognizeRequest = new lsp.RequestType<RecognizeParams, RecognizeResult | null, void>("resourceRoutes/recognize");

export const FileInfoRequest = new lsp.RequestType<{ uri: string }, { behaviour: string; routes: number } | null, void>("resourceRoutes/fileInfo");
