import { type Diagnostic, nearest } from "resource-routes/internal";
import picomatch from "picomatch";
import { GENERATED_MARK } from "../files/generatedFile";
import { rewriteLiterals, type RoutingFiles } from "../literals/literalRewrites";
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
  if (text.startsWith(GENERATED_MARK) || isTestFile(workspace, path)) return [];
  const rewrite = rewriteLiterals(path, text, routing, workspace.settings.assetGlobs);
  const insertion = rewrite.insertion;
  const unknown = workspace.settings.unknownUrls ? unknownUrls(rewrite.found, routing) : [];
  return [
    ...unknown,
    ...rewrite.found.flatMap((found) =>
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
    ),
  ];
}

/** A file whose URLs are tests' expectations (`urlLiterals.tests`). */
function isTestFile(workspace: RoutingWorkspace, path: string): boolean {
  const globs = workspace.settings.testGlobs;
  let matcher = testMatchers.get(globs);
  if (!matcher) testMatchers.set(globs, (matcher = globs.length ? picomatch([...globs]) : () => false));
  return matcher(path);
}

const testMatchers = new WeakMap<readonly string[], (path: string) => boolean>();

/**
 * `unknown-url` on the literals no route recognises with their method (off unless asked for): a
 * URL that may answer 404, with the nearest route's path where one is close.
 */
function unknownUrls(found: ReturnType<typeof rewriteLiterals>["found"], routing: RoutingFiles): Diagnostic[] {
  const paths = [...new Set(routing.flatMap(({ routes }) => routes.routes.map((route) => route.path.replace(/\.:format$/, ""))))];
  return found.flatMap((entry) => {
    if (entry.match || entry.recognised) return [];
    const written = entry.literal.pieces
      .map((piece) => ("text" in piece ? piece.text : ":x"))
      .join("")
      .replace(/[?#].*$/, "");
    // Each route's path with its parameters filled from the literal's segments, so the nearest is the one it misspells.
    const segments = written.split("/");
    const filled = new Map(
      paths.map((pattern) => [
        pattern
          .split("/")
          .map((part, i) => (/^[:*]/.test(part) && segments[i] !== undefined ? segments[i] : part))
          .join("/"),
        pattern,
      ]),
    );
    const close = nearest(written, filled.keys());
    const suggestion = close === undefined ? undefined : filled.get(close);
    return [
      {
        severity: "warning" as const,
        code: "unknown-url" as const,
        message: `No route recognises ${entry.literal.method} ${written}${suggestion ? `; did you mean ${suggestion}?` : ""}`,
        span: { start: entry.literal.start, end: entry.literal.end },
      },
    ];
  });
}
