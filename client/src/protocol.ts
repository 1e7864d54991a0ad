import { Location, RequestType } from "vscode-languageclient/node";

/** The server's custom requests (server/src/lsp/customRequests.ts; README, "Custom requests"). */

export interface RoutesTableResult {
  text: string;
  rows: Array<{ line: number; helper?: string; location?: Location }>;
}

export const RoutesTableRequest = new RequestType<{ uri?: string; filter?: string }, RoutesTableResult | null, void>("resourceRoutes/routesTable");

export type RecognizeResult =
  | { matched: true; route: string | null; controller: string | null; action: string | null; params: Record<string, string>; location?: Location }
  | { matched: false; error: string };

export const RecognizeRequest = new RequestType<{ method: string; path: string }, RecognizeResult | null, void>("resourceRoutes/recognize");

export const FileInfoRequest = new RequestType<{ uri: string }, { behaviour: string; routes: number } | null, void>("resourceRoutes/fileInfo");
