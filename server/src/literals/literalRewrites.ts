import * as path from "path";
import picomatch from "picomatch";
import { parseDiagnosticsOf } from "../analysis/fileSyntax";
import ts = require("typescript");
import type { RouteSet } from "resource-routes/internal";
import { matchLiteral, recognisesLiteral, type LiteralMatch } from "./literalRoutes";
import { literalPath, urlLiterals, type UrlLiteral } from "./urlLiterals";

/** A URL literal of a file with the helper call that replaces it, where one does. */
interface FoundLiteral {
  literal: UrlLiteral;
  /** The literal's text as written. */
  text: string;
  line: number;
  match?: LiteralMatch;
  /** A route recognises it, named or not (an unnamed one has no helper to write). */
  recognised: boolean;
  /** The replacement as the file reaches the helpers (`routes.helpers.post_path(id)`). */
  replacement?: string;
}

/** What rewriting a file's literals changes: its literals, and the text with each matched one replaced (and the import added). */
export interface FileRewrite {
  found: FoundLiteral[];
  text: string;
  /** TypeScript's parser could not read the file (nested past its stack): nothing found, nothing changed. */
  unparsable?: true;
  /** The import the rewrite adds, where the file does not import the routing file yet: its text and where it goes in the original text. */
  insertion?: { at: number; text: string };
}

/** The routing files a scan matches literals against: each file's path on disk and its routes. */
export type RoutingFiles = ReadonlyArray<{ file: string; routes: RouteSet }>;

/**
 * A file's URL literals, each matched against the routing files' routes, and the file rewritten:
 * matched literals become helper calls on the routing file's default export (`routes.helpers`),
 * imported where the file does not import it yet (as `routes`, its relative path written as the
 * file's other relative imports are: with `.js` where they have it).
 */
export function rewriteLiterals(fileName: string, text: string, routingFiles: RoutingFiles, assetGlobs: readonly string[] = DEFAULT_ASSET_GLOBS): FileRewrite {
  const assets = globTest(assetGlobs);
  const file = parsedForLiterals(fileName, text);
  if (!file) return { found: [], text, unparsable: true };
  const sets = routingFiles.map(({ file: routing, routes }) => ({ uri: routing, routes }));
  const imports = defaultImports(file, fileName);
  const found: FoundLiteral[] = [];
  const needed = new Set<string>();
  for (const literal of urlLiterals(file)) {
    if (isAsset(literal, assets)) continue;
    const match = matchLiteral(literal, sets);
    const entry: FoundLiteral = {
      literal,
      text: text.slice(literal.start, literal.end),
      line: file.getLineAndCharacterOfPosition(literal.start).line + 1,
      recognised: !!match || recognisesLiteral(literal, sets),
    };
    if (match) {
      const name = imports.get(path.resolve(match.uri)) ?? "routes";
      if (!imports.has(path.resolve(match.uri))) needed.add(match.uri);
      entry.match = match;
      entry.replacement = literal.jsxAttribute ? `{${name}.helpers.${match.call}}` : `${name}.helpers.${match.call}`;
    }
    found.push(entry);
  }
  const insertion = needed.size ? importInsertion(file, fileName, [...needed][0]) : undefined;
  // The text in one pass, in order (replacing one literal after another re-copies the file each time).
  const edits = found.flatMap((entry) => (entry.replacement ? [{ at: entry.literal.start, end: entry.literal.end, text: entry.replacement }] : []));
  // The import goes after the file's imports, at an offset of the original text, in its place among the edits.
  if (insertion) edits.splice(edits.filter((edit) => edit.at < insertion.at).length, 0, { at: insertion.at, end: insertion.at, text: insertion.text });
  const parts: string[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(text.slice(from, edit.at), edit.text);
    from = edit.end;
  }
  parts.push(text.slice(from));
  return { found, text: parts.join(""), ...(insertion ? { insertion } : {}) };
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

function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The file's default imports of relative modules: the imported file (resolved, without extension guessing beyond .ts/.js) → its local name. */
function defaultImports(file: ts.SourceFile, fileName: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const name = statement.importClause?.name?.text;
    const specifier = statement.moduleSpecifier.text;
    if (!name || !specifier.startsWith(".")) continue;
    const resolved = path.resolve(path.dirname(fileName), specifier).replace(/\.(js|mjs|cjs)$/, "");
    for (const extension of [".ts", ".tsx", ".js", ".mjs", ".cjs", ".mts", ".cts", ""]) found.set(`${resolved}${extension}`, name);
  }
  return found;
}

/** `import routes from "…"` after the file's last import (or first, where it has none), as an insertion into the original text. */
function importInsertion(file: ts.SourceFile, fileName: string, routingFile: string): { at: number; text: string } {
  let relative = path
    .relative(path.dirname(fileName), routingFile)
    .replace(/\\/g, "/")
    .replace(/\.(ts|tsx|mts|cts|js|mjs|cjs)$/, "");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  const relativeImports = file.statements.filter(
    (s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text.startsWith("."),
  );
  if (relativeImports.some((s) => /\.js$/.test((s.moduleSpecifier as ts.StringLiteral).text))) relative += ".js";
  const line = `import routes from "${relative}";`;
  const imports = file.statements.filter(ts.isImportDeclaration);
  return imports.length ? { at: imports[imports.length - 1].getEnd(), text: `\n${line}` } : { at: 0, text: `${line}\n` };
}

/** URL paths that are files rather than routes, by default: a literal whose path they match is left alone. */
export const DEFAULT_ASSET_GLOBS: readonly string[] = ["/assets/**", "/static/**"];

/** Files whose URLs are tests' expectations, by default: their literals are left alone. */
export const DEFAULT_TEST_GLOBS: readonly string[] = ["**/*.{test,spec}.*", "**/{test,tests,__tests__}/**"];

/** Paths of files rather than routes: matching the asset globs, or ending in a file's extension. */
export function isAsset(literal: UrlLiteral, assets: (path: string) => boolean): boolean {
  const written = literalPath(literal, "x");
  return assets(written) || /\.(png|jpe?g|gif|svg|webp|ico|css|js|mjs|map|woff2?|ttf|eot|txt|pdf|zip)$/i.test(written);
}
