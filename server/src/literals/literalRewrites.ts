import picomatch from "picomatch";

import { parseDiagnosticsOf, scriptKind } from "../analysis/fileSyntax";
import { drawBindings, findDrawCall } from "../analysis/imports";
import ts = require("typescript");
import type { RouteSet } from "resource-routes/internal";

import { helpersModuleOfRoute } from "../format/helpersRecipe";
import { FileImports, insertedTexts, type Insertion } from "./literalImports";
import { type LiteralMatch, matchLiteral, recognisesLiteral } from "./literalRoutes";
import { literalPath, type UrlLiteral, urlLiterals } from "./urlLiterals";

/** A URL literal of a file with the helper call that replaces it, where one does. */
interface FoundLiteral {
  literal: UrlLiteral;
  /** The literal's text as written. */
  text: string;
  /** Where it begins, 1-based. */
  line: number;
  column: number;
  match?: LiteralMatch;
  /** A route recognises it, named or not (an unnamed one has no helper to write). */
  recognised: boolean;
  /** The replacement as the file reaches the helpers (`routes.helpers.post_path(id)`, or `post_path(id)` from a helpers module). */
  replacement?: string;
  /** What replacing this literal alone needs besides: the import of the routing file, or of its helper, where the file lacks it. */
  insertion?: Insertion;
  /** Why a matched literal is not replaced (its helper may write another URL for some values, a name the file uses otherwise). */
  unreplaced?: string;
}

/** What rewriting a file's literals changes: its literals, and the text with each matched one replaced (and the imports added). */
export interface FileRewrite {
  found: FoundLiteral[];
  text: string;
  /** TypeScript's parser could not read the file (nested past its stack): nothing found, nothing changed. */
  unparsable?: true;
}

/**
 * The routing files a scan matches literals against: each file's path on disk, its routes, and the
 * helpers module made from it, if there is one (and whether it is split: a module per controller).
 */
export type RoutingFiles = ReadonlyArray<{ file: string; routes: RouteSet; helpersModule?: string; splitHelpers?: boolean }>;

/** What a rewrite leaves alone and how it matches (each has a default). */
export interface RewriteOptions {
  /** URL paths that are files, not routes (default DEFAULT_ASSET_GLOBS). */
  assetGlobs?: readonly string[];
  /** Front-end files: they import helpers from a routing file's helpers module (default none). */
  frontEnd?: (fileName: string) => boolean;
  /** A literal's match against one routing file (default matchLiteral): the editor keeps matches across versions of the routes (KeptLiteralMatches). */
  match?: (literal: UrlLiteral, set: { uri: string; routes: RouteSet }) => LiteralMatch | undefined;
  /** Whether a literal no helper writes is recognised at all (`recognised`), which needs each route set's whole recogniser (default true). */
  recognition?: boolean;
  /** The extension the project's module resolution requires of an added relative import (default: as the file's own imports are written). */
  importExtension?: (fileName: string) => "js" | "ts" | undefined;
  /** The file parsed for its literals (default scanLiterals): the editor keeps each version's, so an edit of the routes parses no view again. */
  scan?: (fileName: string, text: string) => LiteralScan | undefined;
}

/** A file parsed, and its URL literals: none in a routing file, whose strings are route patterns, not URLs. */
export interface LiteralScan {
  file: ts.SourceFile;
  literals: readonly UrlLiteral[];
}

/** The file's literals, or undefined where TypeScript's parser cannot read it (nested past its stack). */
export function scanLiterals(fileName: string, text: string): LiteralScan | undefined {
  const file = parsedForLiterals(fileName, text);
  if (!file) return undefined;
  return { file, literals: findDrawCall(file, drawBindings(file)) ? [] : urlLiterals(file) };
}

/** How a file reaches a routing file's helpers: by name from its helpers module, or through the routing file's default export. */
type Reach = { module: string } | { routing: string; name: string; imported: boolean };

/**
 * A file's URL literals, each matched against the routing files' routes, and the file rewritten:
 * matched literals become helper calls on the routing file's default export (`routes.helpers`),
 * imported where the file does not import it yet (as `routes`, its relative path written as the
 * file's other relative imports are: with `.js` where they have it); or, in a file that imports
 * the routing file's helpers module by name or is front-end code (`frontEnd`), the helper itself,
 * imported by name from that module (`resource-routes helpers`), unless the file already declares
 * that name for something else.
 */
export function rewriteLiterals(fileName: string, text: string, routingFiles: RoutingFiles, options: RewriteOptions = {}): FileRewrite {
  const {
    assetGlobs = DEFAULT_ASSET_GLOBS,
    frontEnd = () => false,
    match: matchOne = (literal, set) => matchLiteral(literal, [set]),
    recognition = true,
    importExtension = () => undefined,
    scan = scanLiterals,
  } = options;
  const assets = globTest(assetGlobs);
  const scanned = scan(fileName, text);
  if (!scanned) return { found: [], text, unparsable: true };
  const { file, literals } = scanned;
  const sets = routingFiles.map(({ file: routing, routes }) => ({ uri: routing, routes }));
  const imports = new FileImports(file, fileName, () => importExtension(fileName));
  // A browser's code never imports the server's routing file (its bundle would hold the server's routes and the facility),
  // and no file imports a routes.rb: there, only the helpers module reaches the helpers.
  const moduleOnly = (routing: string) => frontEnd(fileName) || routing.endsWith(".rb");
  const reachOf = ({ uri: routing, route }: LiteralMatch): Reach | undefined => {
    const entry = routingFiles.find((candidate) => candidate.file === routing);
    // A split helpers module: the route's controller's module exports its helper.
    const module = entry?.helpersModule && helpersModuleOfRoute(entry.helpersModule, entry.splitHelpers ?? false, route);
    if (module && (imports.namedImports(module) || moduleOnly(routing))) return { module };
    const name = imports.defaultName(routing);
    if (name === undefined && moduleOnly(routing)) return undefined;
    return { routing, name: name ?? "routes", imported: name !== undefined };
  };
  const found: FoundLiteral[] = [];
  /** The routing file whose default export the rewrite imports (one: each would be named `routes`), its import, and the names each helpers module gives. */
  let importedRouting: string | undefined;
  // One insertion for every literal that needs it (a view's thirty literals, at each edit of the routes).
  let routingImport: Insertion | undefined;
  const names = new Map<string, Set<string>>();
  for (const literal of literals) {
    if (isAsset(literal, assets)) continue;
    let match: LiteralMatch | undefined;
    for (const set of sets) if ((match = matchOne(literal, set))) break;
    const at = file.getLineAndCharacterOfPosition(literal.start);
    const entry: FoundLiteral = {
      literal,
      text: text.slice(literal.start, literal.end),
      line: at.line + 1,
      column: at.character + 1,
      recognised: !!match || (recognition && recognisesLiteral(literal, sets)),
    };
    found.push(entry);
    if (!match) continue;
    entry.match = match;
    if (match.unproven) {
      entry.unreplaced = match.unproven;
      continue;
    }
    let reach = reachOf(match);
    if (!reach) {
      entry.unreplaced = `${match.uri.endsWith(".rb") ? "a routes.rb's helpers come" : "a front-end file takes its helpers"} from the browser helpers module, and there is none: write it with \`resource-routes helpers\` (or name it with --helpers-module)`;
      continue;
    }
    if ("module" in reach && !imports.imports(reach.module, match.helper) && imports.declares(match.helper)) {
      if (match.uri.endsWith(".rb")) {
        entry.unreplaced = `the file declares ${match.helper} itself, and a routes.rb's helper can only be imported by that name`;
        continue;
      }
      reach = { routing: match.uri, name: "routes", imported: false };
    }
    if ("module" in reach) {
      if (!imports.imports(reach.module, match.helper)) {
        entry.insertion = imports.namesImport(reach.module, [match.helper]);
        if (!names.has(reach.module)) names.set(reach.module, new Set());
        names.get(reach.module)!.add(match.helper);
      }
      entry.replacement = match.call;
    } else {
      if (!reach.imported) {
        if (imports.declares("routes")) {
          entry.unreplaced = "the file declares `routes` for something else: import the routing file under a name of its own, and the fix uses it";
          continue;
        }
        // A second routing file's helpers would need a second `routes`: its literals are left for another run.
        if ((importedRouting ??= reach.routing) !== reach.routing) {
          entry.unreplaced = `the file would need a second \`routes\` for ${reach.routing}'s helpers: run again after this one's are replaced`;
          continue;
        }
        entry.insertion = routingImport ??= imports.defaultImport(reach.routing, "routes");
      }
      entry.replacement = `${reach.name}.helpers.${match.call}`;
    }
    if (literal.jsxAttribute) entry.replacement = `{${entry.replacement}}`;
  }
  const insertions = [...(routingImport ? [routingImport] : []), ...[...names].map(([module, helpers]) => imports.namesImport(module, [...helpers]))];
  return { found, text: edited(text, found, insertions) };
}

/** The text with each replacement and insertion made, in one pass in order (one after another would re-copy the file each time). */
function edited(text: string, found: readonly FoundLiteral[], insertions: readonly Insertion[]): string {
  const edits = [
    ...found.flatMap((entry) => (entry.replacement ? [{ at: entry.literal.start, end: entry.literal.end, text: entry.replacement }] : [])),
    ...insertedTexts(insertions).map(({ at, text: inserted }) => ({ at, end: at, text: inserted })),
  ].sort((a, b) => a.at - b.at || a.end - b.end);
  const parts: string[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(text.slice(from, edit.at), edit.text);
    from = edit.end;
  }
  parts.push(text.slice(from));
  return parts.join("");
}

/**
 * The first syntax error a rewrite adds to a file (one the text before did not have), or undefined:
 * a rewritten file is written only when it parses as well as before.
 */
export function addedSyntaxError(fileName: string, before: string, after: string): string | undefined {
  const errors = (text: string) => {
    const file = parsedForLiterals(fileName, text);
    return file ? parseDiagnosticsOf(file) : undefined;
  };
  const known = errors(before)?.length ?? 0;
  const now = errors(after);
  if (!now) return "TypeScript's parser cannot read it (nested too deeply)";
  return now.length > known ? ts.flattenDiagnosticMessageText(now[0].messageText, " ") : undefined;
}

/** A list of globs as one test (none matches nothing), compiled once per list: the settings' lists, asked of every document. */
export function globTest(globs: readonly string[]): (path: string) => boolean {
  let test = compiled.get(globs);
  if (!test) compiled.set(globs, (test = globs.length ? picomatch([...globs]) : () => false));
  return test;
}

const compiled = new WeakMap<readonly string[], (path: string) => boolean>();

/**
 * A TS/JS file's syntax tree for its URL literals, or undefined where TypeScript's parser cannot
 * read it: its recursion ends on thousands of nested parentheses (a RangeError), which a scan
 * of a whole codebase passes over rather than stops at.
 */
export function parsedForLiterals(fileName: string, text: string): ts.SourceFile | undefined {
  try {
    return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** URL paths that are files rather than routes, by default: a literal whose path they match is left alone. */
export const DEFAULT_ASSET_GLOBS: readonly string[] = ["/assets/**", "/static/**"];

/** Front-end files, by default (components): their fixes use the routing file's helpers module where there is one. */
export const DEFAULT_FRONT_END_GLOBS: readonly string[] = [
  "**/*.{tsx,jsx,vue,svelte}",
  "**/{app/javascript,app/assets/javascripts,public,frontend,static,assets,www}/**",
];

/** Files whose URLs are tests' expectations, by default: their literals are left alone. */
export const DEFAULT_TEST_GLOBS: readonly string[] = ["**/*.{test,spec}.*", "**/{test,tests,__tests__}/**"];

/** Paths of files rather than routes: matching the asset globs, or ending in a file's extension. */
export function isAsset(literal: UrlLiteral, assets: (path: string) => boolean): boolean {
  const written = literalPath(literal, "x");
  return assets(written) || /\.(png|jpe?g|gif|svg|webp|ico|css|js|mjs|map|woff2?|ttf|eot|txt|pdf|zip)$/i.test(written);
}
