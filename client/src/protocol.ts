import { NotificationType0, RequestType } from "vscode-languageclient/node";

import * as custom from "../../server/src/lsp/customRequests";

/** The server's custom requests, as the language client's request types, from the one definition both sides import (server/src/lsp/customRequests.ts, its source: the bundle compiles it in). */
const request = <Params, Result>(definition: custom.CustomRequest<Params, Result>) => new RequestType<Params, Result, void>(definition.method);
export const RoutesTableRequest = request(custom.REQUESTS.routesTable);
export const RecognizeRequest = request(custom.REQUESTS.recognize);
export const FileInfoRequest = request(custom.REQUESTS.fileInfo);
export const RoutesTreeRequest = request(custom.REQUESTS.routesTree);
export const RenameKeepingUrlsRequest = request(custom.REQUESTS.renameKeepingUrls);
export const RoutesChangedNotification = new NotificationType0(custom.ROUTES_CHANGED);
export type { RequestLocation, RoutesTableResult } from "../../server/src/lsp/customRequests";
