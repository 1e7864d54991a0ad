import * as ts from "typescript";
import { Declaration, DeclarationTree, DrawSettings, OptionSource, Span } from "../routing/declarations";
import { Diagnostic } from "../routing/diagnostics";
import { isOptionMap } from "../routing/values";
import { nearest } from "../routing/validate";
import { checkDrawSettings, DRAW_SETTINGS } from "../routing/settings";
import { Evaluator, NotStatic, unwrap } from "./evaluate";
import { drawBindings, findDrawCall, PACKAGE_NAME } from "./imports";
import { DeclarationReader, notStaticDiagnostic, StatementReading } from "./reader";
import { Scope } from "./scope";

/** The static reading of one routing file. */
export interface RoutingFileAnalysis {
  /** Undefined when the file is not a routing file (no draw() imported from resource-routes is called). */
  tree?: DeclarationTree;
  diagnostics: Diagnostic[];
  /** Where the settings were written (`behaviour`, `resources_path_names.new`). */
  settingsSources: Map<string, OptionSource>;
  /** The syntax tree the declarations were read from (the language service finds completion contexts in it). */
  syntax: ts.SourceFile;
  /** Each top-level statement of the draw() callback and what reading it gave, for re-use by the next version. */
  readings?: StatementReading[];
}

/**
 * Reads a routing file's text (TS, TSX, JS, MJS, CJS) with the TypeScript parser alone and returns
 * its declaration tree. Never runs, imports or evaluates the file's code, and never throws: a
 * failure inside the analyser becomes an `internal-error` diagnostic on the file, and the
 * declarations read before it are kept.
 */
export function analyzeRoutingFile(text: string, fileName = "routes.ts", previous?: RoutingFileAnalysis): RoutingFileAnalysis {
  // Statements outside the callback, as the previous version had them: kept before the tree is updated.
  const previousOutside = previous && new Set(previous.syntax.statements);
  const parsed = parse(text, fileName, previous?.syntax);
  if (!parsed) return unparsable(text, fileName);
  const { file, change } = parsed;
  const diagnostics: Diagnostic[] = [];
  const settingsSources = new Map<string, OptionSource>();
  const evaluator = new Evaluator(file);
  const result: RoutingFileAnalysis = { diagnostics, settingsSources, syntax: file };
  try {
    read(result, evaluator, previous, change, previousOutside);
  } catch (error) {
    diagnostics.push(internalError(error, result.tree ? evaluator.span(file) : undefined));
  }
  return result;
}

/** What the analysis reads into `result`: diagnostics of the parser, the settings, the declarations. */
function read(
  result: RoutingFileAnalysis,
  evaluator: Evaluator,
  previous: RoutingFileAnalysis | undefined,
  change: TextChange | undefined,
  previousOutside: Set<ts.Statement> | undefined,
): void {
  const { syntax: file, diagnostics, settingsSources } = result;
  for (const d of (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? []) {
    diagnostics.push({
      severity: "error",
      code: "syntax-error",
      message: ts.flattenDiagnosticMessageText(d.messageText, " "),
      span: { start: d.start, end: d.start + d.length },
    });
  }
  const call = findDrawCall(file, drawBindings(file));
  if (!call) return;

  const scope = new Scope().declareBlock(file.statements, true);
  const body: Declaration[] = [];
  const tree: DeclarationTree = { settings: {}, body };
  result.tree = tree;
  const args = call.arguments.map(unwrap);
  const callback = args.find((a): a is ts.ArrowFunction | ts.FunctionExpression => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
  if (args.length > 1 && args[0] !== callback) tree.settings = readSettings(args[0], evaluator, scope, settingsSources, diagnostics);
  if (!callback) {
    diagnostics.push({
      severity: "error",
      code: "not-static",
      message: "draw() needs a callback written in place, `(map) => { ... }`; no routes can be read",
      span: evaluator.span(call),
    });
    return;
  }
  const before = previous?.readings;
  const reusable = before && change && previousOutside && withinOneStatement(change, before) && sameScope(file, call, callback, previousOutside, before) ? before : undefined;
  result.readings = new DeclarationReader(evaluator, diagnostics).drawCallback(callback, scope, body, reusable);
}

/** An error inside the analyser, as a diagnostic on the file (the stack goes nowhere: the message says where to report it). */
export function internalError(error: unknown, span: Span | undefined): Diagnostic {
  const what = error instanceof RangeError ? "ran out of stack" : `failed (${error instanceof Error ? error.message : String(error)})`;
  return {
    severity: "error",
    code: "internal-error",
    message: `The analyser ${what} while reading this file; the routes found before are kept. Please report this file to the Resource Routes issue tracker.`,
    span,
  };
}

/**
 * A file the TypeScript parser itself cannot read (it recurses, and brackets nested a thousand
 * deep exhaust its stack): one `too-deep` diagnostic where the nesting is deepest, an empty tree
 * when the file names the package (so the editor shows the diagnostic), and an empty syntax tree.
 */
function unparsable(text: string, fileName: string): RoutingFileAnalysis {
  const at = deepestBracket(text);
  const diagnostic: Diagnostic = {
    severity: "error",
    code: "too-deep",
    message: `Too deep: brackets nested ${at.depth} levels deep here are more than the TypeScript parser reads; no routes can be read from this file.`,
    span: { start: at.offset, end: at.offset + 1 },
  };
  return {
    tree: text.includes(PACKAGE_NAME) ? { settings: {}, body: [] } : undefined,
    diagnostics: [diagnostic],
    settingsSources: new Map(),
    syntax: ts.createSourceFile(fileName, "", ts.ScriptTarget.Latest, false, scriptKind(fileName)),
  };
}

/** Where brackets `( [ {` nest deepest, by a scan of the tokens (no parsing). */
function deepestBracket(text: string): { offset: number; depth: number } {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let depth = 0;
  let deepest = { offset: 0, depth: 0 };
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.OpenParenToken || token === ts.SyntaxKind.OpenBracketToken || token === ts.SyntaxKind.OpenBraceToken) {
      if (++depth > deepest.depth) deepest = { offset: scanner.getTokenStart(), depth };
    } else if (token === ts.SyntaxKind.CloseParenToken || token === ts.SyntaxKind.CloseBracketToken || token === ts.SyntaxKind.CloseBraceToken) {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/**
 * Whether the consts a statement of the callback can see are those of the previous version: every
 * top-level statement but the draw() call's own, and every statement of the callback that is not a call, is a
 * syntax node the updated tree re-used unchanged.
 */
function sameScope(
  file: ts.SourceFile,
  call: ts.CallExpression,
  callback: ts.ArrowFunction | ts.FunctionExpression,
  previousOutside: Set<ts.Statement>,
  readings: readonly StatementReading[],
): boolean {
  const previousInside = new Set(readings.map((r) => r.node));
  for (const statement of file.statements) {
    if (statement.pos <= call.pos && call.end <= statement.end) continue;
    if (!previousOutside.has(statement)) return false;
  }
  if (!ts.isBlock(callback.body)) return false;
  // Any statement but a call may declare a name (a const, a function, a `var` hoisted out of a loop) that others see.
  return callback.body.statements.every((statement) => ts.isExpressionStatement(statement) || previousInside.has(statement));
}

/** Where an edit replaced text: `start` to `oldEnd` in the previous text. */
interface TextChange {
  start: number;
  oldEnd: number;
}

/**
 * A syntax tree of `text`: the previous version's tree updated where the text changed (the
 * parser re-uses the rest), or a new one. The change is the span between the common prefix and suffix.
 */
function parse(text: string, fileName: string, previous: ts.SourceFile | undefined): { file: ts.SourceFile; change?: TextChange } | undefined {
  const fresh = () => {
    try {
      return { file: ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName)) };
    } catch {
      return undefined; // the parser's own recursion ran out of stack
    }
  };
  if (!previous || previous.fileName !== fileName) return fresh();
  const old = previous.text;
  let start = 0;
  const shorter = Math.min(old.length, text.length);
  while (start < shorter && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  const change = { span: { start, length: old.length - end - start }, newLength: text.length - end - start };
  try {
    return { file: ts.updateSourceFile(previous, text, change), change: { start, oldEnd: old.length - end } };
  } catch {
    // A tree can be updated once only: one that was (by an analysis that then failed) is parsed anew;
    // and an update can run out of stack like a parse.
    return fresh();
  }
}

/** Whether an edit lies inside one top-level statement of the callback: then all else, consts included, is as it was. */
function withinOneStatement(change: TextChange, readings: readonly StatementReading[]): boolean {
  return readings.some((reading) => reading.pos <= change.start && change.oldEnd <= reading.end);
}

function readSettings(
  node: ts.Expression,
  evaluator: Evaluator,
  scope: Scope,
  sources: Map<string, OptionSource>,
  diagnostics: Diagnostic[],
): DrawSettings {
  const value = evaluator.options(node, scope, sources, (missing) => diagnostics.push(notStaticDiagnostic(missing, "this setting is left out", evaluator)));
  if (value instanceof NotStatic || !isOptionMap(value)) {
    diagnostics.push({
      severity: "information",
      code: "not-static",
      message: "Not static: draw()'s settings cannot be known without running code; the defaults are used.",
      span: evaluator.span(node),
    });
    return {};
  }
  for (const key of Object.keys(value)) {
    if ((DRAW_SETTINGS as readonly string[]).includes(key)) continue;
    const suggestion = nearest(key, DRAW_SETTINGS);
    diagnostics.push({
      severity: "warning",
      code: "unknown-option",
      message: `Unknown draw() setting "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
      span: sources.get(key)?.key,
      replacement: suggestion,
    });
  }
  const { settings, problems } = checkDrawSettings(value);
  for (const problem of problems) {
    diagnostics.push({ severity: "error", code: "invalid-setting", message: problem.message, span: sources.get(problem.path)?.value });
  }
  return settings;
}

export function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.tsx$/i.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/i.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/i.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export { PACKAGE_NAME };
