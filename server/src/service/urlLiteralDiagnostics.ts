import type { Diagnostic } from "resource-routes/internal";
import { GENERATED_MARK } from "../files/generatedFile";
import { rewriteLiterals } from "../literals/literalRewrites";
import { parseUri } from "./uris";
import { RoutingWorkspace } from "./workspace";

/** The largest document read for literals: larger ones are bundles. */
const MAX_LENGTH = 1_000_000;

/**
 * `url-literal` on the URLs a TS/JS document writes by hand that a route's helper generates
 * exactly (`/posts/${id}` is post_path(id)), with the helper call as the fix and, where the document
 * does not import the routing file, the import the fix adds. Off, or a hint by default
 * (`urlLiterals.severity`).
 */
export function urlLiteralDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const severity = workspace.settings.urlLiterals;
  const document = workspace.document(uri);
  const path = parseUri(uri)?.path;
  if (severity === "off" || !document || !path || !/\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) || /\.d\.[cm]?ts$/.test(path)) return [];
  const routing = workspace.routingFiles().flatMap(({ uri: routingUri, file }) => {
    const routingPath = parseUri(routingUri)?.path;
    return routingPath ? [{ file: routingPath, routes: file.routes }] : [];
  });
  if (routing.length === 0 || document.text.length > MAX_LENGTH) return [];
  const text = document.text.toString();
  if (text.startsWith(GENERATED_MARK)) return [];
  const rewrite = rewriteLiterals(path, text, routing);
  const insertion = rewrite.insertion;
  return rewrite.found.flatMap((found) =>
    found.match && found.replacement
      ? [
          {
            severity,
            code: "url-literal" as const,
            message: `${found.text} is ${found.match.call} (${found.match.route.target}): the helper generates this URL and follows the route when it changes`,
            span: { start: found.literal.start, end: found.literal.end },
            replacement: found.replacement,
            ...(insertion ? { insertion } : {}),
          },
        ]
      : [],
  );
}
