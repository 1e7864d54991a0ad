import { Declaration, declaredSpan, type Diagnostic, type Route, type RouteTable, Span } from "resource-routes/internal";

import type { LoadedRoutingFile } from "../analysis/routingFile";
import { decodedOr } from "../files/uris";
import { KeptFor } from "../incremental/keptFor";
import { unreachableRoutes } from "../routing/unreachable";
import { ActionLocation, actionOf, controllerFolder } from "./controllers";
import { documentDiagnostics } from "./diagnostics";
import { declarationBase } from "./inlayHints";
import { routeCountText } from "./outline";
import { RoutingWorkspace } from "./workspace";

/** How the tree groups the routes: by routing file and declaration, by controller and action, or by path. */
export type RoutesTreeGrouping = "file" | "controller" | "path";

export interface RoutesTreeRequest {
  /** The item whose children are wanted (its `id`); the first level without it. */
  parent?: string;
  groupBy: RoutesTreeGrouping;
  /** Only routes whose verb, path, helper or controller#action contain this text (ignoring case), and the groups that hold them. */
  filter?: string;
  /** Paging: the first child wanted (default 0) and how many at most (default 500). */
  offset?: number;
  limit?: number;
}

type RoutesTreeKind = "file" | Declaration["kind"] | "controller" | "action" | "path" | "route";

/** One node of the tree: enough for a client to show it and to ask for its children. */
export interface RoutesTreeItem {
  /** Its identity, the `parent` of the request for its children (absent on routes: they have none). */
  id?: string;
  label: string;
  description?: string;
  tooltip?: string;
  kind: RoutesTreeKind;
  /** The routes below it (a route: 1), the filtered ones when a filter is given. */
  routes: number;
  hasChildren: boolean;
  /** Where it is declared: a routing file's start, a declaration, a route's declaration. */
  location?: { uri: string; span: Span };
  /** A route's (an action's) controller action, where the workspace defines it. */
  action?: ActionLocation;
  /** A route: its verb, path, helper and target, for clients that show them apart. */
  route?: { verb: string; path: string; helper?: string; target: string };
  /** A route's (a declaration's) problems: unreachable, a missing action or controller. */
  diagnostics?: Array<Pick<Diagnostic, "severity" | "code" | "message">>;
}

export interface RoutesTreeAnswer {
  items: RoutesTreeItem[];
  /** Children past the page. */
  more: number;
}

const DEFAULT_LIMIT = 500;
/** The largest page answered, whatever a client asks: a client pages through a larger level (`more`). */
const MAX_LIMIT = 1_000;
/** The diagnostics a tree shows on its routes. */
const ROUTE_PROBLEMS = new Set(["unreachable-route", "missing-action", "missing-controller", "route-name-taken"]);

/**
 * The routes tree a level at a time: the children of `parent` (the first level without it), in
 * pages. A level is worked out from the routes' own fields, and an item is made only for the
 * children on the page asked for, so the first level of a 100,000-route workspace makes a handful
 * of items and expanding a node costs what it shows.
 */
export function routesTree(workspace: RoutingWorkspace, request: RoutesTreeRequest): RoutesTreeAnswer {
  const filter = request.filter?.trim().toLowerCase() || undefined;
  const keep = filter ? (route: Route) => routeLine(route).toLowerCase().includes(filter) : undefined;
  const children = childrenOf(workspace, request.groupBy, request.parent, keep);
  const offset = Math.max(0, request.offset ?? 0);
  const limit = Math.min(MAX_LIMIT, Math.max(1, request.limit ?? DEFAULT_LIMIT));
  const page = children.slice(offset, offset + limit);
  return { items: page.map((make) => make()), more: Math.max(0, children.length - offset - page.length) };
}

/** The text a filter is matched against: `GET /posts/:id.:format post_path posts#show`. */
function routeLine(route: Route): string {
  return `${route.verb} ${route.path} ${route.name ? `${route.name}_path ` : ""}${route.target}`;
}

/** The children of a node, each made only when asked for (a page of them). */
function childrenOf(
  workspace: RoutingWorkspace,
  groupBy: RoutesTreeGrouping,
  parent: string | undefined,
  filter: ((route: Route) => boolean) | undefined,
): Array<() => RoutesTreeItem> {
  const keep = filter ?? (() => true);
  const files = workspace.routingFiles();
  const items = new RouteItems(workspace);
  if (parent === undefined) {
    if (groupBy === "file") {
      const label = fileLabels(files.map((f) => f.uri));
      return files.flatMap(({ uri, file }, i) => {
        const count = countKept(file.routes.routes, keep);
        return count
          ? [
              () => ({
                id: `f|${uri}`,
                label: label[i],
                description: `${routeCount(count)} · behaviour ${file.behaviour}`,
                kind: "file" as const,
                routes: count,
                hasChildren: true,
                location: { uri, span: { start: 0, end: 0 } },
              }),
            ]
          : [];
      });
    }
    const groups = new Map<string, number>();
    for (const { file } of files) {
      for (const route of file.routes.routes) {
        if (!keep(route)) continue;
        const key = groupKey(groupBy, route);
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
    }
    return [...groups]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, count]) => () => ({
        id: `${groupBy === "controller" ? "c" : "p"}|${name}`,
        label: name,
        description: routeCount(count),
        kind: groupBy === "controller" ? ("controller" as const) : ("path" as const),
        routes: count,
        hasChildren: true,
      }));
  }
  const [tag, ...rest] = parent.split("|");
  if (tag === "f" || tag === "d") {
    const uri = rest[0];
    const file = files.find((f) => f.uri === uri)?.file;
    const tree = file?.analysis.tree;
    if (!file || !tree) return [];
    const path = tag === "d" ? rest[1].split(".").map(Number) : [];
    let declarations = tree.body;
    let declaration: Declaration | undefined;
    for (const index of path) {
      declaration = declarations[index];
      if (!declaration) return [];
      declarations = declaration.block ?? [];
    }
    const routes = file.routes.routes;
    const below = belowOf(tree.body, routes);
    const declarationItems = declarations.flatMap((child, i) => {
      const count = countKept(below.get(child) ?? [], keep);
      if (!count || !child.source) return [];
      return [() => items.declaration(uri, child, [...path, i], count, below, filter)];
    });
    const own = declaration ? routes.filter((route) => route.origin?.declaration === declaration && keep(route)) : [];
    return [...declarationItems, ...own.map((route) => () => items.route(uri, route))];
  }
  const name = rest.join("|");
  if (tag === "c") {
    const actions = new Map<string, number>();
    for (const { file } of files)
      for (const route of file.routes.routes)
        if (keep(route) && groupKey("controller", route) === name) actions.set(actionKey(route), (actions.get(actionKey(route)) ?? 0) + 1);
    return [...actions].map(
      ([action, count]) =>
        () =>
          items.action(name, action, count),
    );
  }
  if (tag === "a" || tag === "p") {
    const [controller, action] = tag === "a" ? [rest[0], rest.slice(1).join("|")] : [undefined, undefined];
    return files.flatMap(({ uri, file }) =>
      file.routes.routes
        .filter(
          (route) =>
            keep(route) && (tag === "a" ? groupKey("controller", route) === controller && actionKey(route) === action : groupKey("path", route) === name),
        )
        .map((route) => () => items.route(uri, route)),
    );
  }
  return [];
}

/** Makes items, with what they share worked out once per request (a file's diagnostics, its controllers folder). */
class RouteItems {
  private readonly problems = new Map<string, Diagnostic[]>();

  constructor(private readonly workspace: RoutingWorkspace) {}

  /**
   * A declaration's row. Under a filter it speaks of the routes the filter keeps alone: its own
   * count, and only the problems that concern one of them (its block's included).
   */
  declaration(
    uri: string,
    declaration: Declaration,
    path: number[],
    count: number,
    below: Map<Declaration, Route[]>,
    filter: ((route: Route) => boolean) | undefined,
  ): RoutesTreeItem {
    const kept = filter ? (below.get(declaration) ?? []).filter(filter) : (below.get(declaration) ?? []);
    const own = kept.filter((route) => route.origin?.declaration === declaration);
    const base = own.length ? declarationBase(own) : undefined;
    const label = declaration.kind === "connect" ? `connect ${declaration.path ?? ""}` : `${declaration.kind} ${declaration.names.join(", ")}`.trim();
    const file = this.workspace.routingFile(uri);
    const concernsKept = (d: Diagnostic) => !!file && kept.some((route) => concernsRoute(d, route, file, declaredSpan(route)));
    const problems = this.problemsAt(uri, declaration.source!.call, filter ? concernsKept : undefined);
    return {
      id: `d|${uri}|${path.join(".")}`,
      label,
      description: `${base ? `${base} · ` : ""}${routeCountText(own.length, count)}`,
      kind: declaration.kind,
      routes: count,
      hasChildren: true,
      location: { uri, span: declaration.source!.call },
      ...(problems.length ? { diagnostics: problems } : {}),
    };
  }

  action(controller: string, action: string, count: number): RoutesTreeItem {
    let location: ActionLocation | undefined;
    for (const { uri, file } of this.workspace.routingFiles()) {
      const folder = controllerFolder(this.workspace, uri, file);
      const route = folder && file.routes.routes.find((r) => r.controller === controller && r.action === action);
      location = route && actionOf(folder!, route);
      if (location) break;
    }
    return {
      id: `a|${controller}|${action}`,
      label: action,
      description: `${controller === REDIRECTS || controller === APPLICATIONS ? action : `${controller}#${action}`} · ${routeCount(count)}`,
      kind: "action",
      routes: count,
      hasChildren: true,
      ...(location ? { action: location } : {}),
    };
  }

  route(uri: string, route: Route): RoutesTreeItem {
    const file = this.workspace.routingFile(uri);
    const folder = file && controllerFolder(this.workspace, uri, file);
    const span = declaredSpan(route);
    const helper = route.name ? `${route.name}_path` : undefined;
    const action = folder ? actionOf(folder, route) : undefined;
    // Reported anywhere on its declaration (a custom action's on its option key), kept when they are this route's.
    const declared = route.origin?.declaration.source?.call ?? span;
    const problems = declared && file ? this.problemsAt(uri, declared, (d) => concernsRoute(d, route, file, span)) : [];
    const requirements = Object.entries(route.requirements).map(([key, pattern]) => `${key}: /${pattern.source}/`);
    const conditions = Object.entries(route.conditions).map(([key, value]) => `${key}: ${value}`);
    return {
      label: `${route.verb} ${route.path}`,
      description: `${helper ? `${helper} · ` : ""}${route.target}`,
      tooltip: [
        `${route.verb} ${route.path} → ${route.target}`,
        ...(helper ? [`helper: ${helper}`] : []),
        ...(requirements.length ? [`requirements: ${requirements.join(", ")}`] : []),
        ...(conditions.length ? [`conditions: ${conditions.join(", ")}`] : []),
        ...problems.map((p) => `${p.code}: ${p.message}`),
      ].join("\n"),
      kind: "route",
      routes: 1,
      hasChildren: false,
      ...(span ? { location: { uri, span } } : {}),
      ...(action ? { action } : {}),
      route: { verb: route.verb, path: route.path, ...(helper ? { helper } : {}), target: route.target },
      ...(problems.length ? { diagnostics: problems } : {}),
    };
  }

  /** The route problems reported on `span` (or inside it) in the routing file, those `keep` takes. */
  private problemsAt(
    uri: string,
    span: Span,
    keep: (diagnostic: Diagnostic) => boolean = () => true,
  ): Array<Pick<Diagnostic, "severity" | "code" | "message">> {
    let list = this.problems.get(uri);
    if (!list) this.problems.set(uri, (list = documentDiagnostics(this.workspace, uri).filter((d) => ROUTE_PROBLEMS.has(d.code))));
    return list
      .filter((d) => d.span && d.span.start >= span.start && d.span.end <= span.end && keep(d))
      .map(({ severity, code, message }) => ({ severity, code, message }));
  }
}

/**
 * Whether a problem reported on a route's declaration is the route's own: a missing action on the
 * route that reaches it, a missing controller on the routes that name it, unreachable on the
 * routes that cannot be reached (a declaration's routes share the span these are reported on), a
 * taken name on the routes of the part it is reported on.
 */
function concernsRoute(diagnostic: Diagnostic, route: Route, file: LoadedRoutingFile, span: Span | undefined): boolean {
  if (diagnostic.code === "missing-action")
    return (
      diagnostic.controller?.name === route.controller &&
      diagnostic.controller.actions.some((a) => a.name === route.action && a.route === `${route.verb} ${route.path}`)
    );
  if (diagnostic.code === "missing-controller") return diagnostic.controller?.name === route.controller;
  if (diagnostic.code === "unreachable-route") return capturedIn(file.routes.table).has(route);
  // route-name-taken: on the part of the declaration that made this route.
  return !!span && !!diagnostic.span && diagnostic.span.start >= span.start && diagnostic.span.end <= span.end;
}

/** The routes a table's unreachable pass reports, once per table (a page of routes asks for each). */
function capturedIn(table: RouteTable): ReadonlySet<Route> {
  return capturedByTable.get(table, () => new Set(unreachableRoutes(table).map((capture) => capture.route)));
}

/** The controller groups of the redirect routes and of the routes to an application of their own: names no controller can have. */
const REDIRECTS = "(redirects)";
const APPLICATIONS = "(applications)";

/** A route's entry under its controller's group: its action, where a redirect sends it, or its application and path. */
function actionKey(route: Route): string {
  if (route.app) return `${route.target} ${route.path}`;
  return route.redirect ? route.target : (route.action ?? ":action");
}

const capturedByTable = new KeptFor<RouteTable, ReadonlySet<Route>>();

/**
 * The group a route falls in: its controller, or its path's first segment up to a dot (`/posts`
 * for `/posts.:format`), read from the segments (a route writes its path anew each time it is
 * asked for, and a level of the tree asks of every route).
 */
function groupKey(groupBy: RoutesTreeGrouping, route: Route): string {
  // Redirect routes and applications' go to no controller: groups of their own, whose names no controller can have.
  if (groupBy === "controller") return route.redirect ? REDIRECTS : route.app ? APPLICATIONS : (route.controller ?? ":controller");
  let key = "/";
  for (const part of route.segments[0] ?? []) {
    if (part.kind !== "static") {
      key += `${part.kind === "param" ? ":" : "*"}${part.key}`;
      continue;
    }
    const dot = part.text.indexOf(".");
    if (dot >= 0) return key + part.text.slice(0, dot);
    key += part.text;
  }
  return key;
}

/** routesBelow, once per version of a file's routes: each expansion of its declarations asks. */
function belowOf(body: readonly Declaration[], routes: readonly Route[]): Map<Declaration, Route[]> {
  return belowCache.get(routes, () => routesBelow(body, routes));
}

const belowCache = new KeptFor<readonly Route[], Map<Declaration, Route[]>>();

/** The routes each declaration holds, its block's included, from one pass over the file's routes. */
function routesBelow(body: readonly Declaration[], routes: readonly Route[]): Map<Declaration, Route[]> {
  const parents = new Map<Declaration, Declaration | undefined>();
  const note = (declarations: readonly Declaration[], parent: Declaration | undefined) => {
    for (const declaration of declarations) {
      parents.set(declaration, parent);
      if (declaration.block) note(declaration.block, declaration);
    }
  };
  note(body, undefined);
  const below = new Map<Declaration, Route[]>();
  for (const route of routes) {
    for (let declaration = route.origin?.declaration; declaration; declaration = parents.get(declaration)) {
      const list = below.get(declaration);
      if (list) list.push(route);
      else below.set(declaration, [route]);
    }
  }
  return below;
}

function countKept(routes: readonly Route[], keep: (route: Route) => boolean): number {
  let count = 0;
  for (const route of routes) if (keep(route)) count++;
  return count;
}

/**
 * Each routing file's label: its path below the folder all of them share, so its name alone where
 * there is one (`routes.ts`), and with several the applications of a monorepo or a multi-root
 * workspace tell apart (`blog/config/routes.ts`, `shop/config/routes.ts`).
 */
function fileLabels(uris: readonly string[]): string[] {
  const parts = uris.map((uri) => uri.replace(/[?#].*$/, "").split("/"));
  let shared = 0;
  while (parts.length > 0 && parts.every((p) => shared < p.length - 1 && p[shared] === parts[0][shared])) shared++;
  return parts.map((p) => decodedOr(p.slice(shared).join("/")));
}

/** "1 route", "3 routes". */
function routeCount(count: number): string {
  return `${count} route${count === 1 ? "" : "s"}`;
}
