import { CONTROLLER_EXTENSIONS } from "resource-routes/internal";
import * as ts from "typescript";

import type { SourceText } from "../text/sourceText";

/** What resolving a document's imports needs of the workspace: its documents' texts and its routing files. */
export interface ImportGraph {
  text(uri: string): SourceText | undefined;
  isRoutingFile(uri: string): boolean;
}

/** A module specifier in an import, a re-export, `import()` or `require()`. */
const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*(["'])([^"'\n]+)\1/g;
/** A re-export: `export { default as routes } from "./routes"`, `export * from "./routes"`. */
const RE_EXPORT = /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+)\1/g;
/** How many modules of re-exports are followed from a document to a routing file. */
const MOST_HOPS = 4;

/**
 * The routing files (their URIs) a document imports a route set from: through its relative
 * imports and those the `paths` of its tsconfig.json map (with or without an extension, `.js`
 * standing for `.ts` as TypeScript reads it, or a folder's index), directly or through modules
 * of the workspace that re-export it. Empty when it imports none: then every route set of the
 * workspace is its.
 */
export function importedRoutingFiles(graph: ImportGraph, uri: string): string[] {
  const found = new Set<string>();
  const visited = new Set<string>([uri]);
  // Each folder's project configuration, looked up and parsed once however many imports ask.
  const configs = new Map<string, ProjectConfig | undefined>();
  const follow = (from: string, text: SourceText, pattern: RegExp, hops: number) => {
    for (const match of text.slice(0, text.length).matchAll(pattern)) {
      const target = resolveModule(graph, configs, from, match[2]);
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

/** The module (its URI) a specifier names from the module `from`, as importedRoutingFiles resolves it; undefined for a package or a missing file. */
export function moduleAt(graph: ImportGraph, from: string, specifier: string): string | undefined {
  return resolveModule(graph, new Map(), from, specifier);
}

/**
 * The workspace document a specifier names from `from`: a relative one, or one a `paths` entry of
 * the nearest tsconfig.json or jsconfig.json maps (exactly or through its one `*`); undefined for
 * a package, or a file the workspace does not hold.
 */
function resolveModule(graph: ImportGraph, configs: Map<string, ProjectConfig | undefined>, from: string, specifier: string): string | undefined {
  if (specifier.startsWith("./") || specifier.startsWith("../")) return documentAt(graph, from, specifier);
  for (const target of pathTargets(graph, configs, from, specifier)) {
    const found = documentAt(graph, from, target);
    if (found) return found;
  }
  return undefined;
}

/** The document `specifier` names relative to `base`: as written, with a script extension (`.js` standing for `.ts`), or a folder's index. */
function documentAt(graph: ImportGraph, base: string, specifier: string): string | undefined {
  let url: string;
  try {
    url = new URL(specifier, base).toString();
  } catch {
    return undefined;
  }
  const withoutScript = url.replace(/\.(?:[cm]?js|jsx)$/, "");
  // The extensions a module of the application may have, in the order a controller's are looked for.
  const candidates = [url, ...CONTROLLER_EXTENSIONS.map((e) => withoutScript + e), ...CONTROLLER_EXTENSIONS.map((e) => `${url.replace(/\/$/, "")}/index${e}`)];
  return candidates.find((candidate) => graph.text(candidate) !== undefined);
}

/** Where the `paths` of the project configuration nearest `from` map a bare specifier (URLs, most specific pattern first). */
function pathTargets(graph: ImportGraph, configs: Map<string, ProjectConfig | undefined>, from: string, specifier: string): string[] {
  let folder: URL;
  try {
    folder = new URL(".", from);
  } catch {
    return [];
  }
  if (!configs.has(folder.href)) configs.set(folder.href, nearestProjectConfig(graph, folder));
  const config = configs.get(folder.href);
  if (!config) return [];
  const base = new URL(config.baseUrl ?? ".", config.uri).toString().replace(/\/?$/, "/");
  const matches: Array<{ prefix: number; targets: string[] }> = [];
  for (const [pattern, targets] of Object.entries(config.paths)) {
    if (!Array.isArray(targets)) continue;
    const star = pattern.indexOf("*");
    let wildcard: string;
    if (star < 0) {
      if (pattern !== specifier) continue;
      wildcard = "";
    } else {
      const [head, tail] = [pattern.slice(0, star), pattern.slice(star + 1)];
      if (!specifier.startsWith(head) || !specifier.endsWith(tail) || specifier.length < head.length + tail.length) continue;
      wildcard = specifier.slice(head.length, specifier.length - tail.length);
    }
    const mapped = targets.filter((t): t is string => typeof t === "string").map((t) => new URL(t.replace("*", wildcard), base).toString());
    matches.push({ prefix: star < 0 ? Infinity : star, targets: mapped });
  }
  return matches.sort((a, b) => b.prefix - a.prefix).flatMap((m) => m.targets);
}

/** A project configuration's `paths`, and the folder they are relative to. */
interface ProjectConfig {
  uri: string;
  baseUrl?: string;
  paths: Record<string, unknown>;
}

/** The tsconfig.json or jsconfig.json of `start` or the nearest folder above it that the workspace holds, with its `paths`. */
function nearestProjectConfig(graph: ImportGraph, start: URL): ProjectConfig | undefined {
  for (let folder = start; ; folder = new URL("..", folder)) {
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const uri = new URL(name, folder).toString();
      const text = graph.text(uri);
      if (text === undefined) continue;
      const options = (
        ts.parseConfigFileTextToJson(uri, text.slice(0, text.length)).config as { compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | undefined
      )?.compilerOptions;
      const paths = options?.paths;
      if (typeof paths !== "object" || paths === null) return undefined;
      return { uri, baseUrl: typeof options?.baseUrl === "string" ? options.baseUrl : undefined, paths: paths as Record<string, unknown> };
    }
    if (folder.pathname === "/") return undefined;
  }
}
