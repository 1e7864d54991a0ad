/**
 * How the Routes view shows what the server's routes tree gives: labels, icons, tooltips and the
 * commands a click runs. Plain data, no `vscode` import, so it is tested without an editor; the
 * view (routesTreeView.ts) turns it into TreeItems.
 */
import type { RoutesTreeItemResult } from "../../server/src/lsp/customRequests";

/** What a tree node shows, as VS Code's TreeItem takes it (icons as codicon ids). */
export interface TreeItemSpec {
  id?: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon: string;
  /** `collapsed`, `none`. */
  collapsible: boolean;
  /** The context value menus select on: `route`, `route.action` (its action is known), `declaration`, `group`. */
  contextValue: string;
  /** What a click does: go to the declaration (routes and declarations), or nothing. */
  command?: { command: string; title: string; arguments: unknown[] };
}

/** Codicons by item kind; a route's verb picks its own. */
const KIND_ICONS: Record<string, string> = {
  file: "file-code",
  namespace: "symbol-namespace",
  resources: "symbol-class",
  resource: "symbol-object",
  with_options: "symbol-property",
  connect: "symbol-event",
  named_route: "symbol-key",
  root: "home",
  controller: "symbol-module",
  action: "symbol-method",
  path: "folder",
};
const VERB_ICONS: Record<string, string> = { GET: "arrow-right", POST: "add", PUT: "edit", PATCH: "edit", DELETE: "trash", ANY: "circle-outline" };

/** Each severity's icon and the mark before its message, most severe first: a row shows its most severe problem as what it is. */
const SEVERITIES: ReadonlyArray<{ severity: string; icon: string; mark: string }> = [
  { severity: "error", icon: "error", mark: "✖" },
  { severity: "warning", icon: "warning", mark: "⚠" },
  { severity: "information", icon: "info", mark: "ⓘ" },
  { severity: "hint", icon: "lightbulb", mark: "💡" },
];

export function treeItemSpec(item: RoutesTreeItemResult): TreeItemSpec {
  const rank = (severity: string) => {
    const at = SEVERITIES.findIndex((s) => s.severity === severity);
    return at < 0 ? SEVERITIES.length : at;
  };
  const problem = item.diagnostics?.reduce((most, d) => (rank(d.severity) < rank(most.severity) ? d : most));
  const shown = problem && (SEVERITIES[rank(problem.severity)] ?? SEVERITIES[1]);
  const icon = shown
    ? shown.icon
    : item.kind === "route"
      ? (VERB_ICONS[item.route?.verb.split("|")[0] ?? "ANY"] ?? "circle-outline")
      : (KIND_ICONS[item.kind] ?? "symbol-misc");
  const tooltip = [item.tooltip ?? item.label, ...(item.kind !== "route" ? (item.diagnostics ?? []).map((d) => `${d.code}: ${d.message}`) : [])].join("\n");
  return {
    id: item.id ?? (item.location ? `${item.label}@${item.location.uri}#${item.location.range.start.line}:${item.location.range.start.character}` : undefined),
    label: item.label,
    description: problem && shown ? `${item.description ?? ""} ${shown.mark} ${problem.message}`.trim() : item.description,
    tooltip,
    icon,
    collapsible: item.hasChildren,
    contextValue:
      item.kind === "route"
        ? item.action
          ? "route.action"
          : "route"
        : item.kind === "file" || item.kind === "controller" || item.kind === "path" || item.kind === "action"
          ? "group"
          : "declaration",
    ...(item.location
      ? {
          command: {
            command: "resourceRoutes.openLocation",
            title: "Go to Declaration",
            arguments: [item.location.uri, item.location.range.start.line, item.location.range.start.character],
          },
        }
      : {}),
  };
}

/**
 * The helper call to paste for a route: `post_comment_path(post_id, id)`, its segments named as
 * its path names them (an optional format left out).
 */
export function helperCall(route: { path: string; helper?: string }): string | undefined {
  if (!route.helper) return undefined;
  const keys = [...route.path.replace(/\.:format$/, "").matchAll(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  return `${route.helper}(${keys.join(", ")})`;
}

/** A route of Search Routes: what the quick pick matches on (verb, path, helper, controller#action). */
export function searchLabel(route: { verb: string; path: string; helper?: string; target: string }): { label: string; description: string } {
  return { label: `${route.verb} ${route.path}`, description: `${route.helper ? `${route.helper} · ` : ""}${route.target}` };
}

/** The starter routing file "Create a routing file" writes. */
export const STARTER_ROUTES = `import { draw } from "resource-routes";

// Each declaration makes RESTful routes: \`npx resource-routes routes\` prints them.
export default draw((map) => {
  map.resources("posts");
});
`;
