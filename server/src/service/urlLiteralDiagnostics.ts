import { posix } from "path";
import { type Diagnostic, nearest } from "resource-routes/internal";

import { GENERATED_MARK } from "../files/generatedFile";
import { parseUri } from "../files/uris";
import { helpersRecipeOf } from "../format/helpersRecipe";
import { DiagnosticMemo } from "../incremental/diagnosticMemo";
import { KeptFor } from "../incremental/keptFor";
import { KeptLiteralMatches } from "../literals/keptLiteralMatches";
import { globTest, type LiteralScan, rewriteLiterals, type RoutingFiles, scanLiterals } from "../literals/literalRewrites";
import { requiredExtensionIn } from "../literals/moduleResolution";
import { literalPath, type UrlLiteral } from "../literals/urlLiterals";
import { literalSource } from "./literalUses";
import { RoutingWorkspace } from "./workspace";

/**
 * `url-literal` on the URLs a TS/JS document writes by hand that a route's helper generates
 * exactly (`/posts/${id}` is post_path(id)), with the helper call as the fix and, where the document
 * does not import the routing file, the import the fix adds. Off, or a hint by default
 * (`urlLiterals.severity`).
 */
export function urlLiteralDiagnostics(workspace: RoutingWorkspace, uri: string): Diagnostic[] {
  const document = workspace.document(uri);
  if (!document || workspace.settings.urlLiterals === "off") return [];
  const modules = helpersModules(workspace);
  const routing = workspace.routingFiles().flatMap(({ uri: routingUri, file }) => {
    const routingPath = parseUri(routingUri)?.path;
    const helpers = routingPath === undefined ? undefined : modules.get(routingPath);
    return routingPath ? [{ file: routingPath, routes: file.routes, helpersModule: helpers?.module, splitHelpers: helpers?.split }] : [];
  });
  if (routing.length === 0) return [];
  // Kept while the document's text, the settings and the route sets stay the same objects: every
  // round of diagnostics asks again of each open document, and only the edited one changed. The
  // inputs are held weakly: a kept answer keeps no earlier version of a routing file alive.
  const inputs: unknown[] = [document.text, workspace.settings, ...routing.flatMap((r) => [r.routes, r.helpersModule, r.splitHelpers])];
  return made.get(document, inputs, () => literalDiagnostics(workspace, uri, routing));
}

/**
 * The helpers modules of the workspace (`resource-routes helpers`, or the language server's own
 * writing of them), by the path of the routing file each is made from: where a front-end file's
 * fix imports a helper from. Read from each module's first lines (its recipe).
 */
function helpersModules(workspace: RoutingWorkspace): Map<string, { module: string; split: boolean }> {
  const modules = new Map<string, { module: string; split: boolean }>();
  for (const document of workspace.documents()) {
    if (document.text.slice(0, GENERATED_MARK.length) !== GENERATED_MARK) continue;
    // The recipe is on the second line: the head of the text is enough.
    const recipe = helpersRecipeOf(document.text.slice(0, 4096));
    const module = recipe && parseUri(document.uri)?.path;
    if (module) modules.set(posix.resolve(posix.dirname(module), recipe.routes), { module, split: recipe.split ?? false });
  }
  return modules;
}

/**
 * Each document's literal matches against each routing file, kept across the routes' versions (see
 * KeptLiteralMatches): brought to each version as it is worked out, so that a version the
 * document's diagnostics never saw (a newer keystroke came first) breaks no chain of edits.
 */
function keptMatches(workspace: RoutingWorkspace, uri: string, routingFile: string): KeptLiteralMatches {
  const byRouting = matchesOf.get(workspace, () => {
    const made = new Map<string, Map<string, KeptLiteralMatches>>();
    workspace.onNewRoutes((routingUri, file) => {
      const path = parseUri(routingUri)?.path;
      const byDocument = path ? made.get(path) : undefined;
      // A document the workspace no longer holds (closed, and not kept from disk) drops its matches here.
      for (const [document, kept] of byDocument ?? [])
        if (workspace.document(document)) kept.advance(file.routes);
        else byDocument!.delete(document);
    });
    return made;
  });
  let byDocument = byRouting.get(routingFile);
  if (!byDocument) byRouting.set(routingFile, (byDocument = new Map()));
  let kept = byDocument.get(uri);
  if (!kept) byDocument.set(uri, (kept = new KeptLiteralMatches()));
  return kept;
}

const matchesOf = new KeptFor<RoutingWorkspace, Map<string, Map<string, KeptLiteralMatches>>>();

const made = new DiagnosticMemo<object, Diagnostic[]>(true);

/** Each version of a document (a document object) parsed for its literals once: every edit of the routes asks for its diagnostics again. */
const scans = new KeptFor<object, LiteralScan | undefined>();

/** Each literal's report, made again only when what it says changed (an edit of the routes changes few literals' matches). */
const reports = new DiagnosticMemo<UrlLiteral, Diagnostic[]>(true);

type Found = ReturnType<typeof rewriteLiterals>["found"][number];

function literalDiagnostics(workspace: RoutingWorkspace, uri: string, routing: RoutingFiles): Diagnostic[] {
  const severity = workspace.settings.urlLiterals;
  if (severity === "off") return [];
  const scanned = literalSource(workspace, uri);
  if (!scanned || globTest(workspace.settings.testGlobs)(scanned.path)) return [];
  const { path, text } = scanned;
  const { assetGlobs, frontEndGlobs, unknownUrls: recognition } = workspace.settings;
  const version = workspace.document(uri)!;
  const rewrite = rewriteLiterals(path, text, routing, {
    assetGlobs,
    frontEnd: globTest(frontEndGlobs),
    // The extension the file's tsconfig.json (a document of the workspace) requires of an import the fix adds.
    importExtension: () => requiredExtensionIn(uri, (config) => workspace.document(config)?.text.toString()),
    match: (literal, set) => keptMatches(workspace, uri, set.uri).matchOf(literal, set),
    // Recognising what no helper writes needs the whole recogniser of each version of the routes: only for unknown-url.
    recognition,
    scan: () => scans.get(version, () => scanLiterals(path, text)),
  });
  const unknown = workspace.settings.unknownUrls ? unknownUrls(rewrite.found, routing) : [];
  return [
    ...unknown,
    ...rewrite.found.flatMap((found) => {
      if (!found.match) return [];
      const { route, call } = found.match;
      const { insertion } = found;
      const inputs = [severity, route, call, found.text, found.unreplaced, found.replacement, insertion?.at, insertion?.text, insertion?.blankLine];
      return reports.get(found.literal, inputs, () => literalReport(found, severity));
    }),
  ];
}

/** A matched literal's `url-literal` report: its fix, or why it has none (its helper may write another URL for some values); none where neither is said. */
function literalReport(found: Found, severity: Diagnostic["severity"]): Diagnostic[] {
  const match = found.match!;
  const span = { start: found.literal.start, end: found.literal.end };
  if (!found.replacement)
    return found.unreplaced
      ? [{ severity, code: "url-literal", message: `${found.text} goes to ${match.route.target}; not replaced by ${match.call}: ${found.unreplaced}`, span }]
      : [];
  return [
    {
      severity,
      code: "url-literal",
      message: `${found.text} is ${match.call} (${match.route.target}): the helper generates this URL and follows the route when it changes`,
      span,
      replacement: found.replacement,
      ...(found.insertion ? { insertion: found.insertion } : {}),
    },
  ];
}

/**
 * `unknown-url` on the literals no route recognises with their method (off unless asked for): a
 * URL that may answer 404, with the nearest route's path where one is close.
 */
function unknownUrls(found: ReturnType<typeof rewriteLiterals>["found"], routing: RoutingFiles): Diagnostic[] {
  const paths = [...new Set(routing.flatMap(({ routes }) => routes.routes.map((route) => route.path.replace(/\.:format$/, ""))))];
  return found.flatMap((entry) => {
    if (entry.match || entry.recognised) return [];
    const written = literalPath(entry.literal, ":x");
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
