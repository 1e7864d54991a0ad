import { Span } from "../routing/declarations";
import { declaredSpan } from "../routing/spans";
import { routeNameOfHelper, wordAt } from "./helperNames";
import { RoutingWorkspace } from "./workspace";

export interface Location {
  uri: string;
  span: Span;
}

/** Go to definition: from a helper name (in any document) to the declaration of its route. */
export function findDefinition(workspace: RoutingWorkspace, uri: string, offset: number): Location | undefined {
  const document = workspace.document(uri);
  const word = document && wordAt(document.text, offset);
  const name = word && routeNameOfHelper(word.word);
  const holder = name ? workspace.namedRoute(name) : undefined;
  const span = holder && declaredSpan(holder.route);
  return holder && span ? { uri: holder.uri, span } : undefined;
}
