import { ControllerAction, ControllerModuleInfo } from "../analysis/controllerModule";
import { LoadedRoutingFile } from "../analysis/routingFile";
import { Diagnostic } from "../routing/diagnostics";
import { controllerNameOf } from "../routing/controllerFiles";
import { Route } from "../routing/route";
import { declaredSpan } from "../routing/spans";
import { Span } from "../routing/declarations";
import { parseUri } from "./uris";
import { RoutingWorkspace } from "./workspace";

/** A controller module of the workspace: where it is and what it defines. */
export interface ControllerEntry {
  uri: string;
  info: ControllerModuleInfo;
}

/** The controllers of one routing file: its folder, whether the workspace has it, and each module by controller name. */
export interface ControllerFolder {
  path: string;
  exists: boolean;
  modules: Map<string, ControllerEntry>;
}

/**
 * The controllers folder of a routing file (its `controllers` setting, default `./controllers`,
 * relative to the file) and the workspace's modules in it: `admin/posts.ts` is controller
 * `admin/posts`, `posts/index.ts` is `posts`. Read statically, like the routing file.
 */
export function controllerFolder(workspace: RoutingWorkspace, routingUri: string, file: LoadedRoutingFile): ControllerFolder | undefined {
  const folder = controllersPath(routingUri, file);
  if (folder === undefined) return undefined;
  const modules = new Map<string, ControllerEntry>();
  let exists = false;
  for (const uri of workspace.documentsUnder(folder)) {
    const name = controllerNameOf(parseUri(uri)!.path.slice(folder.length + 1));
    if (name === undefined) continue;
    exists = true;
    // `posts.ts` wins over `posts/index.ts`, as the adapters look them up.
    const existing = modules.get(name);
    if (existing && !/\/index\.[a-z]+$/.test(existing.uri)) continue;
    modules.set(name, { uri, info: workspace.controllerModule(uri)! });
  }
  return { path: folder, exists, modules };
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
export function actionOf(folder: ControllerFolder, route: Route): ActionLocation | undefined {
  const entry = route.controller === null ? undefined : folder.modules.get(route.controller);
  const action = entry?.info.actions.find((a) => a.name === route.action);
  return entry && action ? { uri: entry.uri, span: action.span } : undefined;
}

/** The routes (of every routing file) that reach each action of the controller module at `uri`. */
export function routesOfActions(workspace: RoutingWorkspace, uri: string): Array<{ action: ControllerAction; routes: Array<{ uri: string; route: Route }> }> | undefined {
  // A file outside every controllers folder is never parsed for its exports (hovers and diagnostics ask of every file).
  if (!inFolders(uri, controllerFolderPaths(workspace))) return undefined;
  const info = workspace.controllerModule(uri);
  if (!info) return undefined;
  let found = false;
  const byAction = new Map(info.actions.map((action) => [action.name, [] as Array<{ uri: string; route: Route }>]));
  for (const { uri: routingUri, file } of workspace.routingFiles()) {
    const folder = controllerFolder(workspace, routingUri, file);
    const name = folder && [...folder.modules].find(([, entry]) => entry.uri === uri)?.[0];
    if (name === undefined) continue;
    found = true;
    for (const route of file.routes.routes) {
      if (route.controller === name && route.action !== null) byAction.get(route.action)?.push({ uri: routingUri, route });
    }
  }
  return found ? info.actions.map((action) => ({ action, routes: byAction.get(action.name)! })) : undefined;
}

/**
 * On a routing file: `missing-action` where a route targets an action its existing module does not
 * define (never when the module has exports the reader cannot know), `missing-controller` where
 * no module exists for a controller while the controllers folder does.
 */
export function routeTargetDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const file = workspace.routingFile(uri);
  const folder = file && controllerFolder(workspace, uri, file);
  // Without a controllers folder nothing is missing: the routes are not even looked at.
  if (!file || !folder?.exists) return [];
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  for (const route of file.routes.routes) {
    if (route.controller === null || route.action === null || !route.origin) continue;
    const entry = folder.modules.get(route.controller);
    // A custom action is reported on its option key (`publish` of `member: { publish: "put" }`), a default one on the name.
    const custom = route.origin.option === undefined ? undefined : route.origin.declaration.source?.options.get(route.origin.option)?.key;
    const span = custom ?? declaredSpan(route);
    const key = `${route.target}\u0000${span?.start}`;
    if (reported.has(key)) continue;
    if (!entry) {
      if (!folder.exists || reported.has(`controller\u0000${route.controller}\u0000${span?.start}`)) continue;
      reported.add(`controller\u0000${route.controller}\u0000${span?.start}`);
      const actions = uniqueActions(file.routes.routes.filter((r) => r.controller === route.controller));
      diagnostics.push({ severity: "information", code: "missing-controller", message: `No module for controller "${route.controller}" in ${folder.path}: its routes answer 404 (uninitialized controller).`, span, controller: { name: route.controller, actions } });
      continue;
    }
    if (entry.info.hasUnknownExports || entry.info.actions.some((a) => a.name === route.action)) continue;
    reported.add(key);
    diagnostics.push({
      severity: "warning",
      code: "missing-action",
      message: `The controller "${route.controller}" does not define the action "${route.action}" that ${route.verb} ${route.path} reaches.`,
      span,
      controller: { name: route.controller, actions: [{ name: route.action, route: `${route.verb} ${route.path}` }] },
    });
  }
  return diagnostics;
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
