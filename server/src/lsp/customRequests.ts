/**
 * Requests beyond LSP that the VS Code extension uses and any client may: their names and shapes
 * are part of the server's documented interface (docs/editor.md, "Custom requests"). Plain types and names
 * only, so that the server and the client (each with its own LSP library) build their request
 * types from this one definition.
 */

/** A location as LSP gives it. */
export interface RequestLocation {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export const ROUTES_TABLE = "resourceRoutes/routesTable";

export interface RoutesTableParams {
  /** Only this routing file's routes. */
  uri?: string;
  /** Only rows containing this text (ignoring case). */
  filter?: string;
  /** A position in `uri`: the rows of the declaration written there come back `revealed` (a route-count lens passes its own). */
  reveal?: { line: number; character: number };
}

export interface RoutesTableResult {
  text: string;
  /** `location`: the route's declaration; `action`: its controller action, when the workspace defines it. */
  rows: Array<{ line: number; helper?: string; location?: RequestLocation; action?: RequestLocation; revealed?: boolean }>;
}

const RECOGNIZE = "resourceRoutes/recognize";

export interface RecognizeParams {
  method: string;
  path: string;
  /** Also list the routes in order up to the one that matched, each with why the request passed it over. */
  explain?: boolean;
}

export type RecognizeResult = (
  | { matched: true; route: string | null; controller: string | null; action: string | null; params: Record<string, string>; location?: RequestLocation }
  | { matched: false; error: string }
) & {
  /** With `explain`: the routes in order up to the match (every route, up to 200, where none matched), each with where it is declared. */
  explanation?: { routes: Array<{ line: string; passedOver?: string; location?: RequestLocation }>; more: number };
};

const FILE_INFO = "resourceRoutes/fileInfo";

export interface FileInfoParams {
  uri: string;
}

export type FileInfoResult = { behaviour: string; routes: number } | null;

/**
 * Server → client: the routes, or what is said of them (their problems), may have changed, so
 * what shows them (the status bar, the Routes view, an open routes table) asks again. Sent at once
 * when settings or files on disk change, and once typing pauses after an edit of a routing file or
 * of a controller module; a client needs no timer of its own.
 */
export const ROUTES_CHANGED = "resourceRoutes/routesChanged";

const ROUTES_TREE = "resourceRoutes/routesTree";

export interface RoutesTreeParams {
  /** The `id` of the item whose children are wanted; the first level without it. */
  parent?: string;
  groupBy: "file" | "controller" | "path";
  /** Only routes whose verb, path, helper or controller#action contain this text (ignoring case). */
  filter?: string;
  /** Paging: the first child wanted (default 0), and how many at most (default 500). */
  offset?: number;
  limit?: number;
}

export interface RoutesTreeItemResult {
  /** The `parent` of the request for its children; absent on routes. */
  id?: string;
  label: string;
  description?: string;
  tooltip?: string;
  /** file, namespace, resources, resource, with_options, connect, named_route, root, controller, action, path or route. */
  kind: string;
  routes: number;
  hasChildren: boolean;
  /** Where it is declared. */
  location?: RequestLocation;
  /** Its controller action, where the workspace defines it. */
  action?: RequestLocation;
  route?: { verb: string; path: string; helper?: string; target: string };
  diagnostics?: Array<{ severity: string; code: string; message: string }>;
}

export interface RoutesTreeResult {
  items: RoutesTreeItemResult[];
  /** Children past this page: ask again with a larger offset. */
  more: number;
  /**
   * The workspace's first indexing is still under way: no item may only mean that no routing file
   * was found yet (the server sends routesChanged when it ends).
   */
  indexing?: boolean;
}

const RENAME_KEEPING_URLS = "resourceRoutes/renameKeepingUrls";

/** A rename whose changed URLs keep working: redirects for them are added to the redirects module beside the routing file. */
export interface RenameKeepingUrlsParams {
  textDocument: { uri: string };
  position: { line: number; character: number };
  newName: string;
}

/** The LSP WorkspaceEdit to apply (created module, renames and all) with what the user is told of it (the controller module kept or renamed), or why the rename is refused. */
export type RenameKeepingUrlsResult = { edit: object; note?: string } | { error: string };

/**
 * A request of this protocol: its method, typed with its params and result, from which each side
 * makes its own library's request type (`new RequestType<P, R, void>(request.method)`), so that
 * the shapes are written here once.
 */
export interface CustomRequest<Params, Result> {
  readonly method: string;
  /** Never set: carries the types. */
  readonly shapes?: { params: Params; result: Result };
}

export const REQUESTS = {
  routesTable: { method: ROUTES_TABLE } as CustomRequest<RoutesTableParams, RoutesTableResult | null>,
  recognize: { method: RECOGNIZE } as CustomRequest<RecognizeParams, RecognizeResult | null>,
  fileInfo: { method: FILE_INFO } as CustomRequest<FileInfoParams, FileInfoResult>,
  routesTree: { method: ROUTES_TREE } as CustomRequest<RoutesTreeParams, RoutesTreeResult | null>,
  renameKeepingUrls: { method: RENAME_KEEPING_URLS } as CustomRequest<RenameKeepingUrlsParams, RenameKeepingUrlsResult | null>,
};
