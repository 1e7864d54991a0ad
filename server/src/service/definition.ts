import { declaredSpan, Span } from "resource-routes/internal";
import { actionLocations } from "./controllers";
import { innermostDeclaration } from "./declarationAt";
import { routeNameOfHelper, wordAt } from "./helperNames";
import { RoutingWorkspace } from "./workspace";

export interface Location {
  uri: string;
  span: Span;
}

/**
 * Go to definition:
 * - from a helper name (in any document): the declaration of its route, then its controller action;
 * - in a routing file, from a declaration's method or name, or its `controller:` option: the
 *   controller actions its routes reach; from a custom action's key (`publish` in `member`): that action.
 */
export function definitions(workspace: RoutingWorkspace, uri: string, offset: number): Location[] {
  return [...declarationTargets(workspace, uri, offset), ...helperTargets(workspace, uri, offset)];
}

function helperTargets(workspace: RoutingWorkspace, uri: string, offset: number): Location[] {
  const document = workspace.document(uri);
  const word = document && wordAt(document.text, offset);
  const name = word && routeNameOfHelper(word.word);
  const holder = name ? workspace.namedRoute(name, workspace.routeSetOf(uri)) : undefined;
  const span = holder && declaredSpan(holder.route);
  if (!holder || !span) return [];
  return [{ uri: holder.uri, span }, ...actionLocations(workspace, holder.uri, [holder.route])];
}

function declarationTargets(workspace: RoutingWorkspace, uri: string, offset: number): Location[] {
  const file = workspace.routingFile(uri);
  const declaration = file?.analysis.tree && innermostDeclaration(file.analysis.tree.body, offset);
  const source = declaration?.source;
  if (!file || !declaration || !source) return [];
  const within = (span: Span | undefined) => !!span && offset >= span.start && offset <= span.end;
  const routes = file.routes.table.routesOf({ declaration });
  for (const [path, option] of source.options) {
    if (path.includes(".") && within(option.key) && /^(member|collection|new)\./.test(path)) {
      return actionLocations(
        workspace,
        uri,
        routes.filter((r) => r.option === path),
      );
    }
  }
  const controller = source.options.get("controller");
  if ([source.method, ...source.names].some(within) || within(controller?.key) || within(controller?.value)) return actionLocations(workspace, uri, routes);
  return [];
}
