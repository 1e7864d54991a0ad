import type { TakenOver } from "../incremental/ownership";
import ts = require("typescript");
import { checkDrawSettings, Declaration, DeclarationTree, Diagnostic, DRAW_SETTINGS, DrawSettings, isOptionMap, nearest, Span } from "resource-routes/internal";

import { OptionSources } from "../incremental/optionSources";
import type { SourceText } from "../text/sourceText";
import { TextChange, textChange } from "../text/textChange";
import { addCost } from "./budget";
import { Evaluator, unwrap } from "./evaluate";
import { NotStatic } from "./evaluated";
import { notStaticDiagnostic } from "./evaluated";
import type { Reusable, RoutingFileAnalysis } from "./fileAnalysis";
import { FileSyntax, parseDiagnosticsOf, syntaxOf, tokenStart } from "./fileSyntax";
import { ImportedFunctions, type ModuleReading, type ModuleSources } from "./importedFunctions";
import { drawBindings, findDrawCall } from "./imports";
import { PACKAGE_NAME } from "./packageName";
import { partialImport } from "./partialImport";
import { DeclarationReader } from "./reader";
import { handOver, readAlone, readingAt, sameStatements, scopeStatements, statementAlone, withinOneStatement } from "./rereading";
import { bindsNames, Scope } from "./scope";

/** The static reading of one routing file. */
/**
 * Reads a routing file's text (TS, TSX, JS, MJS, CJS) with the TypeScript parser alone and returns
 * its declaration tree. Never runs, imports or evaluates the file's code, and never throws: a
 * failure inside the analyser becomes an `internal-error` diagnostic on the file, and the
 * declarations read before it are kept. With the previous version's analysis, only what the edit
 * changed is parsed and read again (`previous` must not be used afterwards); `known`, where its
 * text and `text` differ, if the caller has worked it out.
 */
export function analyzeRoutingFile(
  source: SourceText,
  fileName = "routes.ts",
  previous?: TakenOver<RoutingFileAnalysis>,
  known?: TextChange,
  /** Where functions the file imports and calls with the mapper are read (none: such a call is not static). */
  modules?: ModuleSources,
): RoutingFileAnalysis {
  const prior = previous?.reuse?.trees.fileName === fileName ? handOver(previous.reuse) : undefined;
  const change = prior && (known ?? textChange(previous!.text.toString(), source.toString()));
  const alone = prior && change ? readAlone(source, previous!, prior, change) : undefined;
  if (alone && "analysis" in alone) return alone.analysis;
  // The whole file is parsed (or its tree updated): as one string.
  const text = source.toString();
  const trees = prior ? prior.trees : FileSyntax.parse(fileName, text);
  const file = trees?.treeOf(text);
  if (!trees || !file) return unparsable(text, fileName);
  const diagnostics: Diagnostic[] = [];
  const settingsSources = new OptionSources();
  const evaluator = new Evaluator(text);
  const result: RoutingFileAnalysis = { diagnostics, settingsSources, text, syntax: syntaxOf(trees, fileName, text), reuse: { trees } };
  // The fast path failed where it should not have: the whole file is read, and the failure reported, not hidden.
  if (alone) diagnostics.push(internalError(alone.failed, undefined));
  const functions = modules && new ImportedFunctions(modules);
  try {
    read(result, file, evaluator, prior, change, functions && { functions, from: fileName });
  } catch (error) {
    result.reuse = { trees }; // what was read is incomplete: the next version reads everything again
    diagnostics.push(internalError(error, result.tree ? evaluator.span(file) : undefined));
  }
  result.cost = evaluator.budget.spent;
  if (functions?.read.size) result.modules = functions.read;
  if (functions?.missing) result.modulesMissing = true;
  return result;
}

/**
 * The syntax nodes that hold `offset`, from the outermost down to the innermost whose text (from
 * its first token to its end) contains it. Inside a call statement of the draw() callback the path
 * begins at the innermost call statement that holds it (in a namespace's block, that block's
 * statement), parsed alone (its size, not the file's: the file's tree is neither made nor
 * updated); elsewhere it begins at the file's tree. Node starts are the file text's
 * (`tokenStart(analysis.text, node.pos, node.end)`): a statement parsed alone has its own text.
 */
export function nodesAt(analysis: RoutingFileAnalysis, offset: number): ts.Node[] {
  const text = analysis.text;
  const readings = analysis.reuse?.readings;
  let index = readings ? readingAt(readings, offset) : -1;
  let reading = readings?.[index];
  for (let inner = reading?.block; inner; inner = reading?.block) {
    const at = readingAt(inner.statements, offset);
    if (at < 0 || !inner.statements[at].expression) break;
    [index, reading] = [at, inner.statements[at]];
  }
  const statement =
    reading?.expression && analysis.reuse ? statementAlone(analysis.reuse.trees.fileName, text, reading.place.pos, reading.place.end, index === 0) : undefined;
  const path: ts.Node[] = [];
  let node: ts.Node | undefined = statement ?? analysis.syntax?.();
  while (node) {
    path.push(node);
    node = ts.forEachChild(node, (child) => (tokenStart(text, child.pos, child.end) <= offset && offset <= child.end ? child : undefined));
  }
  return path;
}

/** What the analysis reads into `result`: diagnostics of the parser, the settings, the declarations. */
function read(
  result: RoutingFileAnalysis,
  file: ts.SourceFile,
  evaluator: Evaluator,
  prior: Reusable | undefined,
  change: TextChange | undefined,
  modules: ModuleReading | undefined,
): void {
  const { diagnostics, settingsSources } = result;
  for (const d of parseDiagnosticsOf(file)) {
    diagnostics.push({
      severity: "error",
      code: "syntax-error",
      message: ts.flattenDiagnosticMessageText(d.messageText, " "),
      span: { start: d.start, end: d.start + d.length },
    });
  }
  const call = findDrawCall(file, drawBindings(file));
  if (!call) return;
  const partial = partialImport(file);
  if (partial) diagnostics.push(partial);

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
  // C's calls nest by the blocks they run in, on one mapper: a top-level statement's reading is kept, and an edit inside one read
  // alone, as in A and B (one that read outside it is read again), but no block's statements are read alone.
  const scoped = tree.settings.behaviour === "C";
  const before = prior?.readings;
  const statements = scopeStatements(file, call, callback);
  const reusable = before && change && prior?.scope && withinOneStatement(change, before) && sameStatements(statements, prior.scope) ? before : undefined;
  result.reuse!.scope = statements;
  const head = diagnostics.length;
  const reading = new DeclarationReader(evaluator, diagnostics, scoped, modules).drawCallback(callback, scope, body, reusable);
  result.reuse!.readings = reading.statements;
  result.reuse!.readingsCost = reading.statements.reduce((sum, r) => addCost(sum, r.cost), { steps: 0, iterations: 0 });
  // Syntax errors elsewhere would have to move with the edit: such a file is read whole until they are gone.
  if (reading.mapper && parseDiagnosticsOf(file).length === 0)
    result.reuse!.callback = {
      mapper: reading.mapper,
      scope: reading.scope,
      bindingsEnd: bindingsEnd(file, call, callback),
      head,
      outside: addCost(evaluator.budget.spent, result.reuse!.readingsCost, -1),
      scoped,
    };
}

/**
 * Where the last statement that binds a name ends, among the file's statements and the
 * callback's (the draw() call's own statement counts up to the call: it may bind the routes to a const).
 */
function bindingsEnd(file: ts.SourceFile, call: ts.CallExpression, callback: ts.ArrowFunction | ts.FunctionExpression): number {
  let end = callback.body.pos;
  for (const statement of file.statements) {
    if (bindsNames(statement)) end = Math.max(end, statement.pos <= call.pos && call.end <= statement.end ? call.pos : statement.end);
  }
  if (ts.isBlock(callback.body)) for (const statement of callback.body.statements) if (bindsNames(statement)) end = Math.max(end, statement.end);
  return end;
}

/**
 * After expansion put re-used declarations (equal as data, given the new source ranges) in the
 * tree in place of those read, the readings hold the tree's objects again: the next version builds
 * its tree from the readings, and its expansion knows an unchanged declaration by identity.
 * `replacedRun`: the body's run a patch expanded again (RouteTable.edit), when it was one; if it
 * lies in the statement read alone, only that statement's declarations are taken.
 */
export function adoptTreeDeclarations(analysis: RoutingFileAnalysis, replacedRun?: { at: number; length: number }): void {
  const readings = analysis.reuse?.readings;
  const body = analysis.tree?.body;
  if (!readings || !body) return;
  // After a statement read alone, whose declarations alone were new, expansion replaced at most its run.
  const again = analysis.reuse?.readAgain;
  const count = again?.reading.declarations.length ?? 0;
  if (again && replacedRun && replacedRun.at >= again.bodyAt && replacedRun.at + replacedRun.length <= again.bodyAt + count) {
    for (let i = 0; i < count; i++) again.reading.declarations[i] = body[again.bodyAt + i];
    return;
  }
  if (readings.reduce((n, r) => n + r.declarations.length, 0) !== body.length) return;
  let next = 0;
  for (const reading of readings) for (let i = 0; i < reading.declarations.length; i++) reading.declarations[i] = body[next++];
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
    settingsSources: new OptionSources(),
    cost: { steps: 0, iterations: 0 }, // nothing was evaluated
    text,
    syntax: syntaxOf(undefined, fileName, ""),
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

function readSettings(node: ts.Expression, evaluator: Evaluator, scope: Scope, sources: OptionSources, diagnostics: Diagnostic[]): DrawSettings {
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
