import type { SourceText } from "../text/sourceText";
import type { RoutingWorkspace } from "./workspace";

/** What resolving a document's imports needs of the workspace: its documents' texts and its routing files. */
export interface ImportGraph {
  text(uri: string): SourceText | undefined;
  isRoutingFile(uri: string): boolean;
}

/** A module specifier in an import, a re-export, `import()` or `require()`. */
const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*(["'])([^"'\n]+)\1/g;
/** A re-export: `export { default as routes } from "./routes"`, `export * from "./routes"`. */
const RE_EXPORT = /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+)\1/g;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
/** How many modules of re-exports are followed from a document to a routing file. */
const MOST_HOPS = 4;

/**
 * The routing files (their URIs) a document imports a route set from: through its relative
 * imports (with or without an extension, `.js` standing for `.ts` as TypeScript reads it, or a
 * folder's index), directly or through modules of the workspace that re-export it. Empty when it
 * imports none: then every route set of the workspace is its.
 */
export function importedRoutingFiles(graph: ImportGraph, uri: string): string[] {
  const found = new Set<string>();
  const visited = new Set<string>([uri]);
  const follow = (from: string, text: SourceText, pattern: RegExp, hops: number) => {
    for (const match of text.slice(0, text.length).matchAll(pattern)) {
      const target = resolveModule(graph, from, match[2]);
      if (!target || visited.has(target)) continue;
      visited.add(target);
      if (graph.isRoutingFile(target)) found.add(target);
      else if (hops < MOST_HOPS) follow(target, graph.text(target)!, RE_EXPORT, hops + 1);
    }
  };
  const text = graph.text(uri);
  if (text) follow(uri, text, SPECIFIER, 0);
  return [...found].sort();
}

/** The workspace document a relative specifier names from `from`, or undefined (a package, or a file the workspace does not hold). */
function resolveModule(graph: ImportGraph, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  let base: string;
  try {
    base = new URL(specifier, from).toString();
  } catch {
    return undefined;
  }
  const withoutScript = base.replace(/\.(?:[cm]?js|jsx)$/, "");
  const candidates = [base, ...EXTENSIONS.map((e) => withoutScript + e), ...EXTENSIONS.map((e) => `${base.replace(/\/$/, "")}/index${e}`)];
  return candidates.find((candidate) => graph.text(candidate) !== undefined);
}

/** Whether the document at `uri` uses the route set of the routing file `routingFile`: it imports it, or imports none. */
export function usesRouteSet(workspace: RoutingWorkspace, uri: string, routingFile: string): boolean {
  const scope = workspace.routeSetOf(uri);
  return !scope || scope.includes(routingFile);
}
