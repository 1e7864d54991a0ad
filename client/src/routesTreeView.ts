import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";

import type { RoutesTreeItemResult } from "../../server/src/lsp/customRequests";
import { RecognizeRequest, RoutesTreeRequest } from "./protocol";
import { parseRequest } from "./requestLine";
import { helperCall, searchLabel, STARTER_ROUTES, treeItemSpec } from "./routesTreeItems";

type Grouping = "file" | "controller" | "path";

/** A node of the view: a server item, or "Load more…" for the next page of a level. */
type Node = { item: RoutesTreeItemResult } | { more: { parent?: string; offset: number } };

/** Children asked for at a time. */
const PAGE = 200;
/** A filtered view opens a first-level node down to its matches when at most this many routes match below it. */
const OPEN_MATCHES = 100;

/**
 * The Routes view (the extension's own Activity Bar container): routing files, declarations and
 * routes as the server's routes tree gives them, a level at a time; grouped by file, controller or
 * path; filtered; with go-to-declaration on click and actions on each route. Refreshed when the
 * server says routes changed and after edits; node ids are the server's, so expansion survives.
 */
export class RoutesTreeView implements vscode.TreeDataProvider<Node> {
  private grouping: Grouping = "file";
  private filter = "";
  private readonly changes = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changes.event;
  /** Pages loaded beyond the first, by parent id ("" for the first level). */
  private readonly pages = new Map<string, number>();
  private view: vscode.TreeView<Node> | undefined;
  /** Each node's parent, as getChildren gave it (reveal walks up through getParent). */
  private readonly parents = new WeakMap<Node, Node>();
  /** Set by a new filter: the next first level is opened down to its matches. */
  private openMatches = false;

  constructor(
    private readonly client: LanguageClient,
    /** The server's word that the routes changed (after edits once typing pauses, settings, files on disk). */
    private readonly routesChanged: vscode.Event<void>,
  ) {}

  register(): vscode.Disposable[] {
    this.view = vscode.window.createTreeView("resourceRoutes.routes", { treeDataProvider: this, showCollapseAll: true });
    const route = (node?: Node) => (node && "item" in node ? node.item : undefined);
    return [
      this.view,
      this.routesChanged(() => this.refresh()),
      vscode.commands.registerCommand("resourceRoutes.tree.refresh", () => this.refresh()),
      vscode.commands.registerCommand("resourceRoutes.tree.groupByFile", () => this.groupBy("file")),
      vscode.commands.registerCommand("resourceRoutes.tree.groupByController", () => this.groupBy("controller")),
      vscode.commands.registerCommand("resourceRoutes.tree.groupByPath", () => this.groupBy("path")),
      vscode.commands.registerCommand("resourceRoutes.tree.filter", () => this.askFilter()),
      vscode.commands.registerCommand("resourceRoutes.tree.clearFilter", () => this.setFilter("")),
      vscode.commands.registerCommand("resourceRoutes.tree.loadMore", (parent: string | undefined) => this.loadMore(parent)),
      vscode.commands.registerCommand("resourceRoutes.tree.goToAction", (node?: Node) => {
        const action = route(node)?.action;
        if (action) void open(this.client, action);
      }),
      vscode.commands.registerCommand("resourceRoutes.tree.copyPath", (node?: Node) => copy(route(node)?.route?.path)),
      vscode.commands.registerCommand("resourceRoutes.tree.copyHelperCall", (node?: Node) => copy(route(node)?.route && helperCall(route(node)!.route!))),
      vscode.commands.registerCommand("resourceRoutes.tree.recognize", (node?: Node) => {
        const item = route(node)?.route;
        if (item)
          // Asked with the route's own pattern written in: recognising the pattern itself would give `id: ":id"`.
          void vscode.commands.executeCommand("resourceRoutes.recognize", {
            prefill: `${item.verb.split("|")[0] === "ANY" ? "GET" : item.verb.split("|")[0]} ${item.path.replace(/\.:format$/, "")}`,
          });
      }),
      vscode.commands.registerCommand("resourceRoutes.searchRoutes", () => this.search()),
      vscode.commands.registerCommand("resourceRoutes.createRoutingFile", () => createRoutingFile()),
    ];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if ("more" in node) {
      const item = new vscode.TreeItem("Load more…", vscode.TreeItemCollapsibleState.None);
      item.command = { command: "resourceRoutes.tree.loadMore", title: "Load more", arguments: [node.more.parent] };
      return item;
    }
    const spec = treeItemSpec(node.item);
    const item = new vscode.TreeItem(spec.label, spec.collapsible ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    if (spec.id) item.id = spec.id;
    item.description = spec.description;
    item.tooltip = spec.tooltip;
    item.iconPath = new vscode.ThemeIcon(spec.icon);
    item.contextValue = spec.contextValue;
    if (spec.command) item.command = spec.command;
    return item;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node && "more" in node) return [];
    const parent = node?.item.id;
    const pages = this.pages.get(parent ?? "") ?? 1;
    const answer = await this.client.sendRequest(RoutesTreeRequest, { parent, groupBy: this.grouping, filter: this.filter || undefined, limit: PAGE * pages });
    const items: Node[] = (answer?.items ?? []).map((item) => ({ item }));
    if (node) for (const child of items) this.parents.set(child, node);
    // While the server's first indexing is under way, an empty answer is not yet "no routing file".
    if (!node) void vscode.commands.executeCommand("setContext", "resourceRoutes.noRoutingFiles", items.length === 0 && !this.filter && !answer?.indexing);
    if (!node && this.openMatches) {
      this.openMatches = false;
      // After the level is shown: VS Code keeps each node open or closed by id, so a filter opens them itself.
      setTimeout(() => {
        for (const child of items)
          if ("item" in child && child.item.hasChildren && child.item.routes <= OPEN_MATCHES)
            void this.view?.reveal(child, { expand: 3, select: false, focus: false });
      });
    }
    return answer?.more ? [...items, { more: { parent, offset: items.length } }] : items;
  }

  getParent(node: Node): Node | undefined {
    return this.parents.get(node);
  }

  refresh(): void {
    this.changes.fire(undefined);
  }

  private groupBy(grouping: Grouping): void {
    this.grouping = grouping;
    this.pages.clear();
    this.refresh();
  }

  private async askFilter(): Promise<void> {
    const filter = await vscode.window.showInputBox({
      title: "Filter Routes",
      prompt: "Text in a route's verb, path, helper or controller#action",
      value: this.filter,
      placeHolder: "comments",
    });
    if (filter !== undefined) this.setFilter(filter.trim());
  }

  private setFilter(filter: string): void {
    this.filter = filter;
    this.openMatches = filter !== "";
    this.pages.clear();
    if (this.view) this.view.message = filter ? `Filtered: “${filter}” (Clear Filter in the toolbar shows every route)` : undefined;
    void vscode.commands.executeCommand("setContext", "resourceRoutes.filtered", filter !== "");
    this.refresh();
  }

  private loadMore(parent: string | undefined): void {
    this.pages.set(parent ?? "", (this.pages.get(parent ?? "") ?? 1) + 1);
    this.refresh();
  }

  /**
   * Search Routes…: every route of the workspace in a quick pick, matched on verb, path, helper and
   * controller#action. Typing a method and a concrete path (`GET /posts/12`) puts the route that
   * recognises it first.
   */
  private async search(): Promise<void> {
    const answer = await this.client.sendRequest(RoutesTreeRequest, { groupBy: "path", limit: 100_000 });
    const routes: RoutesTreeItemResult[] = [];
    for (const group of answer?.items ?? []) {
      const children = await this.client.sendRequest(RoutesTreeRequest, { groupBy: "path", parent: group.id, limit: 100_000 });
      routes.push(...(children?.items ?? []));
    }
    type Pick = vscode.QuickPickItem & { route: RoutesTreeItemResult };
    const items: Pick[] = routes
      .filter((r) => r.route)
      .map((route) => ({
        ...searchLabel(route.route!),
        route,
        buttons: [
          ...(route.action ? [{ iconPath: new vscode.ThemeIcon("symbol-method"), tooltip: "Go to Action" }] : []),
          { iconPath: new vscode.ThemeIcon("copy"), tooltip: "Copy Helper Call" },
        ],
      }));
    const pick = vscode.window.createQuickPick<Pick>();
    pick.title = "Search Routes";
    pick.placeholder = "A verb, path, helper or controller#action; or a request such as GET /posts/12";
    pick.matchOnDescription = true;
    pick.items = items;
    pick.onDidChangeValue(async (value) => {
      const request = parseRequest(value);
      if (!request) return void (pick.items = items);
      const found = await this.client.sendRequest(RecognizeRequest, request);
      if (!found?.matched || !found.location) return;
      const first = items.find(
        (p) =>
          p.route.location?.uri === found.location!.uri &&
          p.route.location.range.start.line === found.location!.range.start.line &&
          p.route.route?.target === `${found.controller}#${found.action}`,
      );
      if (first)
        pick.items = [
          { ...first, label: first.label, description: `recognises ${value.trim()} · ${first.description}`, alwaysShow: true },
          ...items.filter((p) => p !== first),
        ];
    });
    pick.onDidTriggerItemButton(({ item, button }) => {
      if (button.tooltip === "Go to Action" && item.route.action) void open(this.client, item.route.action);
      else void copy(helperCall(item.route.route!));
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      pick.hide();
      if (chosen?.route.location) void open(this.client, chosen.route.location);
    });
    pick.onDidHide(() => pick.dispose());
    pick.show();
  }
}

async function open(client: LanguageClient, location: NonNullable<RoutesTreeItemResult["location"]>): Promise<void> {
  const converted = client.protocol2CodeConverter.asLocation(location);
  await vscode.window.showTextDocument(converted.uri, { selection: converted.range });
}

async function copy(text: string | undefined): Promise<void> {
  if (!text) return;
  await vscode.env.clipboard.writeText(text);
  void vscode.window.setStatusBarMessage(`Copied ${text}`, 3000);
}

/** "Create a routing file": a starter routes.ts with one resource in the first workspace folder, opened. */
async function createRoutingFile(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return void vscode.window.showWarningMessage("Resource Routes: open a folder first.");
  const uri = vscode.Uri.joinPath(folder.uri, "routes.ts");
  try {
    await vscode.workspace.fs.stat(uri);
  } catch {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(STARTER_ROUTES));
  }
  await vscode.window.showTextDocument(uri);
}
