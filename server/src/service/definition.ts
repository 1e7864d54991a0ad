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
 * - from a helper name (in any document): the declaration of its route, alone, so the editor goes
 *   straight there (its controller action is the helper's implementation);
 * - in a routing file, from a declaration's method or name, or its `controller:` option: the
 *   controller actions its routes reach; from a custom action's key (`publish` in `member`): that action.
 */
export function definitions(workspace: RoutingWorkspace, uri: string, offset: number): Location[] {
  const helper = helperRoute(workspace, uri, offset);
  const span = helper && declaredSpan(helper.route);
  return [...declarationTargets(workspace, uri, offset), ...(helper && span ? [{ uri: helper.uri, span }] : directDefinition(workspace, uri, offset))];
}

/** From a custom helper's name (`homepage_url`): its `direct` declaration, the last of its name (the one Rails keeps). */
function directDefinition(workspace: RoutingWorkspace, uri: string, offset: number): Location[] {
  const document = workspace.document(uri);
  const word = document && wordAt(document.text, offset);
  const found = word && workspace.directHelper(word.word, workspace.routeSetOf(uri));
  const body = found ? workspace.routingFile(found.uri)?.analysis.tree?.body : undefined;
  const declaration = body?.filter((d) => d.kind === "direct" && d.names[0] === found!.direct.name).pop();
  return declaration?.source ? [{ uri: found!.uri, span: declaration.source.call }] : [];
}

/** Go to implementation from a helper name: the controller action its route reaches. */
export function implementations(workspace: RoutingWorkspace, uri: string, offset: number): Location[] {
  const helper = helperRoute(workspace, uri, offset);
  return helper ? actionLocations(workspace, helper.uri, [helper.route]) : [];
}

/** The route of the helper name at `offset`, with its routing file. */
function helperRoute(workspace: RoutingWorkspace, uri: string, offset: number) {
  const document = workspace.document(uri);
  const word = document && wordAt(document.text, offset);
  const name = word && routeNameOfHelper(word.word);
  return name ? workspace.namedRoute(name, workspace.routeSetOf(uri)) : undefined;
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
