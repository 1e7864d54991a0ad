import { controllerNameOf, declaredSpan, Diagnostic, Route, RouteTable, Span } from "resource-routes/internal";

import { ControllerAction, ControllerModuleInfo } from "../analysis/controllerModule";
import { LoadedRoutingFile } from "../analysis/routingFile";
import { parseUri } from "../files/uris";
import { RouteGroup, routeGroups } from "../incremental/groupedTable";
import { KeptFor } from "../incremental/keptFor";
import { RoutingWorkspace } from "./workspace";

/** A controller module of the workspace: where it is and what it defines. */
interface ControllerEntry {
  uri: string;
  info: ControllerModuleInfo;
}

/** The controllers of one routing file: its folder, whether the workspace has it, and each module by controller name. */
export interface ControllerFolder {
  path: string;
  exists: boolean;
  modules: Map<string, ControllerEntry>;
  /** The controller name of each module, by its uri. */
  controllerOf: Map<string, string>;
}

/**
 * The controllers folder of a routing file (its `controllers` setting, default `./controllers`,
 * relative to the file) and the workspace's modules in it: `admin/posts.ts` is controller
 * `admin/posts`, `posts/index.ts` is `posts`. Read statically, like the routing file.
 */
export function controllerFolder(workspace: RoutingWorkspace, routingUri: string, file: LoadedRoutingFile): ControllerFolder | undefined {
  const folder = controllersPath(routingUri, file);
  if (folder === undefined) return undefined;
  // Kept until a document under the folder changes: asked for on every publish, lens and hover.
  const known = knownFolders.get(workspace, () => new Map());
  const changes = workspace.changesUnder(folder);
  const kept = known.get(folder);
  if (kept?.changes === changes) return kept.folder;
  const found = readControllerFolder(workspace, folder);
  known.set(folder, { changes, folder: found });
  return found;
}

const knownFolders = new KeptFor<RoutingWorkspace, Map<string, { changes: number; folder: ControllerFolder }>>();

function readControllerFolder(workspace: RoutingWorkspace, folder: string): ControllerFolder {
  return controllerFolderOf(folder, workspace.documentsUnder(folder), (uri) => workspace.controllerModule(uri)!);
}

/**
 * A controllers folder from the module files in it (uris whose paths begin with `folder`), read
 * by `read` when they name a controller: the language server reads them from its documents, the
 * CLI from the disk, with the same rules.
 */
export function controllerFolderOf(folder: string, uris: Iterable<string>, read: (uri: string) => ControllerModuleInfo): ControllerFolder {
  const modules = new Map<string, ControllerEntry>();
  let exists = false;
  for (const uri of uris) {
    const name = controllerNameOf(parseUri(uri)!.path.slice(folder.length + 1));
    if (name === undefined) continue;
    exists = true;
    // `posts.ts` wins over `posts/index.ts`, as the adapters look them up.
    const existing = modules.get(name);
    if (existing && !/\/index\.[a-z]+$/.test(existing.uri)) continue;
    modules.set(name, { uri, info: read(uri) });
  }
  return { path: folder, exists, modules, controllerOf: new Map([...modules].map(([name, entry]) => [entry.uri, name])) };
}

/** The path (as URIs write it) of a routing file's controllers folder. */
function controllersPath(routingUri: string, file: LoadedRoutingFile): string | undefined {
  const routingPath = parseUri(routingUri)?.path;
  if (!routingPath) return undefined;
  return resolvePath(routingPath.slice(0, routingPath.lastIndexOf("/")), file.analysis.tree?.settings.controllers ?? "./controllers");
}

/** The controllers folders of every routing file of the workspace, for the indexer to keep their modules. */
export function controllerFolderPaths(workspace: RoutingWorkspace): string[] {
  return [...new Set(workspace.routingFiles().flatMap(({ uri, file }) => controllersPath(uri, file) ?? []))];
}

/** Whether the file at `uri` lies in one of `folders` (paths as URIs write them). */
export function inFolders(uri: string, folders: readonly string[]): boolean {
  const path = parseUri(uri)?.path;
  return path !== undefined && folders.some((folder) => path.startsWith(`${folder}/`));
}

/** A POSIX path `relative` resolved against `base` (both as URI paths use them). */
function resolvePath(base: string, relative: string): string {
  const parts = relative.startsWith("/") ? [] : base.split("/");
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.filter(Boolean).join("/")}`.replace(/\/$/, "") || "/";
}

/** Where an action of a route is defined, when its module defines it. */
export interface ActionLocation {
  uri: string;
  span: Span;
}

/** The actions the routes of a routing file reach, found in their modules, once each. */
export function actionLocations(workspace: RoutingWorkspace, routingUri: string, routes: readonly Route[]): ActionLocation[] {
  const file = workspace.routingFile(routingUri);
  const folder = file && controllerFolder(workspace, routingUri, file);
  if (!folder) return [];
  const seen = new Set<string>();
  const locations: ActionLocation[] = [];
  for (const route of routes) {
    if (seen.has(route.target)) continue;
    seen.add(route.target);
    const location = actionOf(folder, route);
    if (location) locations.push(location);
  }
  return locations;
}

/** Where the action a route reaches is defined, in a routing file's controllers folder. */
export function actionOf(folder: ControllerFolder, route: Pick<Route, "controller" | "action">): ActionLocation | undefined {
  const entry = route.controller === null ? undefined : folder.modules.get(route.controller);
  const action = entry?.info.actions.find((a) => a.name === route.action);
  return entry && action ? { uri: entry.uri, span: action.span } : undefined;
}

/** The routes (of every routing file) that reach each action of the controller module at `uri`. */
export function routesOfActions(
  workspace: RoutingWorkspace,
  uri: string,
): Array<{ action: ControllerAction; routes: Array<{ uri: string; route: Route }> }> | undefined {
  // A file outside every controllers folder is never parsed for its exports (hovers and diagnostics ask of every file).
  if (!inFolders(uri, controllerFolderPaths(workspace))) return undefined;
  const info = workspace.controllerModule(uri);
  if (!info) return undefined;
  let found = false;
  const byAction = new Map(info.actions.map((action) => [action.name, [] as Array<{ uri: string; route: Route }>]));
  for (const { uri: routingUri, file } of workspace.routingFiles()) {
    const folder = controllerFolder(workspace, routingUri, file);
    const name = folder?.controllerOf.get(uri);
    if (name === undefined) continue;
    found = true;
    for (const group of routeGroups(file.routes.table)) {
      for (const route of routesByController(group).get(name) ?? []) {
        if (route.action !== null) byAction.get(route.action)?.push({ uri: routingUri, route });
      }
    }
  }
  return found ? info.actions.map((action) => ({ action, routes: byAction.get(action.name)! })) : undefined;
}

/**
 * On a routing file: `missing-action` where a route targets an action its existing module does not
 * define (never when the module has exports the reader cannot know), `missing-controller` where
 * no module exists for a controller while the controllers folder does. Its work follows the
 * declarations and the controllers they reach, each declaration's routes grouped by controller
 * once (an edit re-expands only the declarations it touched): a large routing file with
 * thousands of controllers not written yet is answered without comparing every route with every
 * other.
 */
export function routeTargetDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const file = workspace.routingFile(uri);
  const folder = file && controllerFolder(workspace, uri, file);
  // Without a controllers folder nothing is missing: the routes are not even looked at.
  if (!file || !folder?.exists) return [];
  const routingPath = parseUri(uri)!.path;
  return missingTargetDiagnostics(file.routes.table, folder, relativeFolder(routingPath.slice(0, routingPath.lastIndexOf("/")), folder.path));
}

/** A folder as a message names it: relative to the routing file's own folder (`./controllers`, `../app/controllers`). */
function relativeFolder(from: string, to: string): string {
  const a = from.split("/").filter(Boolean);
  const b = to.split("/").filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up = a.length - common;
  return [...(up ? Array<string>(up).fill("..") : ["."]), ...b.slice(common)].join("/");
}

/**
 * `missing-controller` and `missing-action` for a routing file's routes against its controllers
 * folder, named `folderName` in messages. The language server and `check` both report these.
 */
export function missingTargetDiagnostics(table: RouteTable, folder: ControllerFolder, folderName: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const groups = routeGroups(table);
  // A missing module's quick fix creates it with every action the file's routes reach in it (worked out once per controller).
  let everyRoute: Map<string, Route[]> | undefined;
  const actionsOf = new Map<string, Array<{ name: string; route: string }>>();
  const actionsOfMissing = (controller: string) => {
    let actions = actionsOf.get(controller);
    if (!actions) actionsOf.set(controller, (actions = uniqueActions((everyRoute ??= routesByControllerIn(groups)).get(controller)!)));
    return actions;
  };
  for (const group of groups) {
    for (const route of routesMissingTargets(group, folder)) {
      const controller = route.controller!;
      const entry = folder.modules.get(controller);
      // A custom action is reported on its option key (`publish` of `member: { publish: "put" }`), a default one on the name.
      const custom = route.option === undefined ? undefined : route.origin!.declaration.source?.options.get(route.option)?.key;
      const span = custom ?? declaredSpan(route);
      const key = entry ? `${route.target}\u0000${span?.start}` : `controller\u0000${controller}\u0000${span?.start}`;
      if (reported.has(key)) continue;
      reported.add(key);
      if (!entry) {
        const message = `No module for controller "${controller}" in ${folderName}: its routes answer 404 (uninitialized controller).`;
        diagnostics.push({
          severity: "information",
          code: "missing-controller",
          message,
          span,
          controller: { name: controller, actions: actionsOfMissing(controller) },
        });
        continue;
      }
      diagnostics.push({
        severity: "warning",
        code: "missing-action",
        message: `The controller "${controller}" does not define the action "${route.action}" that ${route.verb} ${route.path} reaches.`,
        span,
        controller: { name: controller, actions: [{ name: route.action!, route: `${route.verb} ${route.path}` }] },
      });
    }
  }
  return diagnostics;
}

/**
 * The routes of a group whose controller module is missing or lacks their action (not when the
 * module has exports the reader cannot know). Kept per group with the modules it was checked
 * against: a publish after an edit checks again only the declarations it re-expanded and those
 * whose modules changed.
 */
function routesMissingTargets(group: RouteGroup, folder: ControllerFolder): readonly Route[] {
  const byController = routesByController(group);
  const known = missingTargets.peek(group);
  if (known && known.checkedAgainst.length === byController.size) {
    let i = 0;
    let same = true;
    for (const controller of byController.keys()) if (known.checkedAgainst[i++] !== folder.modules.get(controller)?.info) same = false;
    if (same) return known.routes;
  }
  const checkedAgainst: Array<ControllerModuleInfo | undefined> = [];
  const routes: Route[] = [];
  for (const [controller, reaching] of byController) {
    const info = folder.modules.get(controller)?.info;
    checkedAgainst.push(info);
    if (info?.hasUnknownExports) continue;
    for (const route of reaching) {
      if (route.action === null || !route.origin) continue;
      if (!info || !info.actions.some((a) => a.name === route.action)) routes.push(route);
    }
  }
  missingTargets.set(group, { checkedAgainst, routes });
  return routes;
}

const missingTargets = new KeptFor<RouteGroup, { checkedAgainst: Array<ControllerModuleInfo | undefined>; routes: Route[] }>();

/** The routes of a group by the controller they name (not those whose controller a path segment supplies), in route order; kept per group. */
function routesByController(group: RouteGroup): ReadonlyMap<string, readonly Route[]> {
  return controllerIndexes.get(group, () => routesByControllerIn([group]));
}

const controllerIndexes = new KeptFor<RouteGroup, Map<string, Route[]>>();

function routesByControllerIn(groups: readonly RouteGroup[]): Map<string, Route[]> {
  const index = new Map<string, Route[]>();
  for (const group of groups) {
    for (const route of group.routes) {
      if (route.controller === null) continue;
      let list = index.get(route.controller);
      if (!list) index.set(route.controller, (list = []));
      list.push(route);
    }
  }
  return index;
}

/** Each action of the routes once, with the first route that reaches it (`GET /posts/:id.:format`). */
function uniqueActions(routes: readonly Route[]): Array<{ name: string; route: string }> {
  const actions = new Map<string, string>();
  for (const route of routes) if (route.action !== null && !actions.has(route.action)) actions.set(route.action, `${route.verb} ${route.path}`);
  return [...actions].map(([name, route]) => ({ name, route }));
}

/** On a controller module: `unrouted-action` on each action no route reaches. */
export function unroutedActionDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  return (routesOfActions(workspace, uri) ?? [])
    .filter(({ routes }) => routes.length === 0)
    .map(({ action }) => ({ severity: "hint", code: "unrouted-action", message: `No route reaches the action "${action.name}".`, span: action.span }));
}

/** A code lens above a controller action: the routes that reach it, leading to the first one's declaration. */
export interface ActionLens {
  span: Span;
  title: string;
  target: { uri: string; span: Span };
}

/** How many routes a lens names before it says how many more there are. */
const ROUTES_PER_LENS = 3;

/** `GET /posts/:id.:format · post_path` above every action of a controller module that routes reach. */
export function actionLenses(workspace: RoutingWorkspace, uri: string): ActionLens[] {
  const lenses: ActionLens[] = [];
  for (const { action, routes } of routesOfActions(workspace, uri) ?? []) {
    const first = routes[0];
    const target = first && declaredSpan(first.route);
    if (!first || !target) continue;
    const named = routes.slice(0, ROUTES_PER_LENS).map(({ route }) => `${route.verb} ${route.path}${route.name ? ` · ${route.name}_path` : ""}`);
    const more = routes.length > ROUTES_PER_LENS ? `, +${routes.length - ROUTES_PER_LENS} more` : "";
    lenses.push({ span: action.span, title: named.join(", ") + more, target: { uri: first.uri, span: target } });
  }
  return lenses;
}
