import { Route } from "resource-routes/internal";

import { parametersOf, routeNameOfHelper } from "./helperNames";
import { RoutingWorkspace } from "./workspace";

/** The signature of the helper call around the cursor, with the argument the cursor is in. */
export interface SignatureHelp {
  /** `post_comment_path(post_id, id, format?, options?)` */
  label: string;
  documentation: string;
  parameters: string[];
  activeParameter: number;
}

/** How far back the open parenthesis of the call is looked for: a helper call fits on a few lines. */
const LOOK_BEHIND = 2_000;

/** Signature help inside the argument list of a helper call: `post_path(|`, `post_path(post, |`. */
export function signatureHelp(workspace: RoutingWorkspace, uri: string, offset: number): SignatureHelp | undefined {
  const text = workspace.document(uri)?.text;
  // What the search may read: the characters before the cursor, up to LOOK_BEHIND.
  const from = Math.max(0, offset - LOOK_BEHIND);
  const call = text === undefined ? undefined : enclosingCall(text.slice(from, offset), offset - from);
  const name = call && routeNameOfHelper(call.callee);
  const holder = name ? workspace.namedRoute(name) : undefined;
  if (!call || !holder) return undefined;
  const parameters = [...parametersOf(holder.route), "options?"];
  return {
    label: `${call.callee}(${parameters.join(", ")})`,
    documentation: describe(holder.route),
    parameters,
    activeParameter: Math.min(call.argument, parameters.length - 1),
  };
}

function describe(route: Route): string {
  return `${route.verb} ${route.path} → ${route.target}. Positional arguments fill the path's segments in order; a final object gives the rest.`;
}

/**
 * The innermost unclosed call before `offset`: its callee identifier and the index of the argument
 * the cursor is in. Brackets and strings of the arguments are skipped; a statement boundary ends the search.
 */
function enclosingCall(text: string, offset: number): { callee: string; argument: number } | undefined {
  let depth = 0;
  let argument = 0;
  const stop = Math.max(0, offset - LOOK_BEHIND);
  for (let i = offset - 1; i >= stop; i--) {
    const char = text[i];
    if (char === '"' || char === "'" || char === "`") {
      const open = text.lastIndexOf(char, i - 1);
      if (open < stop) return undefined;
      i = open;
    } else if (char === ")" || char === "]" || char === "}") depth++;
    else if (char === "[" || char === "{") {
      // At depth 0 the cursor is inside an object or array argument: the commas seen were its own.
      if (depth === 0) argument = 0;
      else depth--;
    } else if (char === "(") {
      if (depth > 0) {
        depth--;
        continue;
      }
      const callee = /[A-Za-z_$][\w$]*$/.exec(text.slice(Math.max(stop, i - 200), i).trimEnd());
      return callee ? { callee: callee[0], argument } : undefined;
    } else if (char === "," && depth === 0) argument++;
    else if (char === ";" && depth === 0) return undefined;
  }
  return undefined;
}
