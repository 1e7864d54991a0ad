import { declaredSpan, explainRecognition, RoutingError, Span } from "resource-routes/internal";

import type { LoadedRoutingFile } from "../analysis/routingFile";
import { decodedOr } from "../files/uris";
import { routesTable } from "../format/routesTable";
import { ActionLocation, actionOf, controllerFolder } from "./controllers";
import { innermostDeclaration } from "./declarationAt";
import { RoutingWorkspace } from "./workspace";

/** One row of the routes table: a route and where it was declared. */
interface RouteRow {
  /** The row's line in the table's text. */
  line: number;
  uri: string;
  span?: Span;
  /** `post_path`, or undefined for an unnamed route. */
  helper?: string;
  /** Where its controller action is defined, when the workspace has it. */
  action?: ActionLocation;
  /** One of the routes of the declaration asked for with `reveal`. */
  revealed?: true;
}

/** The workspace's routes as `rake routes` prints them, one section per routing file. */
export interface RoutesTable {
  text: string;
  rows: RouteRow[];
}

/**
 * The routes table of the workspace (or of one routing file): a heading per file, then its routes.
 * With `filter`, only the rows whose text contains it (ignoring case); with `reveal` (an offset in
 * `uri`), the declaration written there has its own routes' rows marked, for the editor to show them.
 */
export function routesTableOf(workspace: RoutingWorkspace, options: { uri?: string; filter?: string; folders?: string[]; reveal?: number } = {}): RoutesTable {
  const lines: string[] = [];
  const rows: RouteRow[] = [];
  const filter = options.filter?.trim().toLowerCase();
  for (const { uri, file } of workspace.routingFiles()) {
    if (options.uri && uri !== options.uri) continue;
    const routes = file.routes.routes;
    const texts = routesTable(routes).split("\n");
    const kept = routes.map((route, i) => ({ route, text: texts[i] })).filter((r) => !filter || r.text.toLowerCase().includes(filter));
    const folder = controllerFolder(workspace, uri, file);
    const revealed =
      options.reveal !== undefined && uri === options.uri && file.analysis.tree ? innermostDeclaration(file.analysis.tree.body, options.reveal) : undefined;
    if (lines.length) lines.push("");
    lines.push(`# ${displayName(uri, options.folders ?? [])} — behaviour ${file.behaviour}, ${kept.length} of ${routes.length} routes`);
    for (const { route, text } of kept) {
      const row: RouteRow = {
        line: lines.length,
        uri,
        span: declaredSpan(route),
        helper: route.name ? `${route.name}_path` : undefined,
        action: folder && actionOf(folder, route),
      };
      if (revealed && route.origin?.declaration === revealed) row.revealed = true;
      rows.push(row);
      lines.push(text);
    }
  }
  return { text: lines.join("\n") + "\n", rows };
}

/** A file's URI relative to the workspace folder holding it (`config/routes.ts`), else the whole URI. */
function displayName(uri: string, folders: string[]): string {
  for (const folder of folders) {
    const prefix = folder.endsWith("/") ? folder : `${folder}/`;
    if (uri.startsWith(prefix)) return decodedOr(uri.slice(prefix.length));
  }
  return uri;
}

/** What a request is routed to, or why it is not. */
export type RecognizeResult = (
  | { matched: true; route: string | null; controller: string | null; action: string | null; params: Record<string, string>; uri: string; span?: Span }
  | { matched: false; error: string }
) & { explanation?: RecognizeExplanation };

/** Why the request went where it went, in one routing file: its routes in order up to the one that matched, each with why it was passed over. */
interface RecognizeExplanation {
  uri: string;
  routes: Array<{ line: string; passedOver?: string; span?: Span }>;
  /** Routes past the list's limit. */
  more: number;
}

/**
 * Recognises `METHOD /path` against each routing file of the workspace in turn; the first match
 * wins. With `explain`, the matching file's routes (the first file's where none matched) up to
 * the match, each with why it was passed over, as `resource-routes recognize --explain` lists them.
 */
export function recognizeRequest(workspace: RoutingWorkspace, method: string, path: string, explain = false): RecognizeResult {
  const files = workspace.routingFiles();
  if (files.length === 0) return { matched: false, error: "The workspace has no routing file" };
  let firstError: string | undefined;
  const explained = (uri: string, file: LoadedRoutingFile) => (explain ? { explanation: explanationOf(uri, file, method, path) } : {});
  for (const { uri, file } of files) {
    try {
      const found = file.routes.recognize(method, path);
      const route = found.route ? file.routes.table.named.get(found.route) : undefined;
      return { matched: true, ...found, uri, span: route && declaredSpan(route), ...explained(uri, file) };
    } catch (error) {
      if (!(error instanceof RoutingError)) throw error;
      firstError ??= error.message;
    }
  }
  return { matched: false, error: firstError!, ...explained(files[0].uri, files[0].file) };
}

function explanationOf(uri: string, file: LoadedRoutingFile, method: string, path: string): RecognizeExplanation {
  const { routes, more } = explainRecognition(file.routes, method, path);
  return {
    uri,
    more,
    routes: routes.map(({ route, passedOver }) => ({
      line: `${route.verb} ${route.path} ${route.target}`,
      ...(passedOver ? { passedOver } : {}),
      span: declaredSpan(route),
    })),
  };
}

/** The behaviour and route count of a routing file, for a status display. */
export function routingFileInfo(workspace: RoutingWorkspace, uri: string): { behaviour: string; routes: number } | undefined {
  const file = workspace.routingFile(uri);
  return file && { behaviour: file.behaviour, routes: file.routes.table.size };
}
