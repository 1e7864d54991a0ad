import { NotificationType0, RequestType } from "vscode-languageclient/node";
import * as custom from "../../server/src/lsp/customRequests";

/** The server's custom requests, as the language client's request types, from the one definition both sides import (server/src/lsp/customRequests.ts, its source: the bundle compiles it in). */
export const RoutesTableRequest = new RequestType<custom.RoutesTableParams, custom.RoutesTableResult | null, void>(custom.ROUTES_TABLE);
export const RecognizeRequest = new RequestType<custom.RecognizeParams, custom.RecognizeResult | null, void>(custom.RECOGNIZE);
export const FileInfoRequest = new RequestType<custom.FileInfoParams, custom.FileInfoResult, void>(custom.FILE_INFO);
export const RoutesTreeRequest = new RequestType<custom.RoutesTreeParams, custom.RoutesTreeResult | null, void>(custom.ROUTES_TREE);
export const RoutesChangedNotification = new NotificationType0(custom.ROUTES_CHANGED);
export type { RequestLocation, RoutesTableResult } from "../../server/src/lsp/customRequests";
