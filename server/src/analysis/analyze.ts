import type { TakenOver } from "../../../runtime/out/text/ownership";
import ts = require("typescript");
import { Declaration, DeclarationTree, DrawSettings, Span } from "../../../runtime/out/routing/declarations";
import { Diagnostic } from "../../../runtime/out/routing/diagnostics";
import { isOptionMap } from "../../../runtime/out/routing/values";
import { nearest } from "../../../runtime/out/routing/validate";
import { checkDrawSettings, DRAW_SETTINGS } from "../../../runtime/out/routing/settings";
import { Evaluator, NotStatic, unwrap } from "./evaluate";
import { drawBindings, findDrawCall, PACKAGE_NAME } from "./imports";
import { DeclarationReader, notStaticDiagnostic, StatementReading } from "./reader";
import { bindsNames, Scope } from "./scope";
import { addCost, Cost, wellWithinLimits } from "./budget";
import { FileSyntax, parseAt, scriptKind, tokenStart } from "./fileSyntax";
import { TextChange, textChange } from "../text/textChange";
import { OptionSources } from "../../../runtime/out/routing/optionSources";
import type { SourceText } from "../text/sourceText";

/** The static reading of one routing file. */
export interface RoutingFileAnalysis {
  /** Undefined when the file is not a routing file (no draw() imported from resource-routes is called). */
  tree?: DeclarationTree;
  diagnostics: Diagnostic[];
  /** Where the settings were written (`behaviour`, `resources_path_names.new`). */
  settingsSources: OptionSources;
  /** The text that was read: read in parts where an edit is read alone (an open document's text is in chunks, see ChunkedText). */
  text: SourceText;
  /**
   * The syntax tree of `text` (the language service finds completion contexts in it), made when
   * first asked for: an edit inside one statement of the callback is read without one.
   */
  syntax(): ts.SourceFile;
  /** What the analysis of the file's next version re-uses; none on a compacted analysis (a closed file's). */
  reuse?: Reusable;
  /**
   * The evaluation work this version's analysis did (ANALYSIS_LIMITS bounds it): what tests assert
   * of hostile files instead of a time; undefined where only one statement was read again.
   */
  cost?: Cost;
}

/** What one analysis leaves to the next version's. */
interface Reusable {
  trees: FileSyntax;
  /** Each top-level statement of the draw() callback and what reading it gave. */
  readings?: StatementReading[];
  /** What the readings spent, together (kept up as statements are read again, not summed per edit). */
  readingsCost?: Cost;
  /** How the callback's statements were read, when it is a block: an edit inside one of them is read alone. */
  callback?: CallbackReading;
  /** The statements that declare what the callback's statements can see (see scopeStatements). */
  scope?: ts.Statement[];
  /** The reading read again alone (readOneStatement), and where its declarations begin in the tree's body. */
  readAgain?: { reading: StatementReading; bodyAt: number };
}

interface CallbackReading {
  mapper: string;
  /** The callback body's scope: the consts of the file and of the callback (each evaluated once, then kept). */
  scope: Scope;
  /** Where the last statement that binds a name (or holds the draw() call) ends: an edit after it changes no binding. */
  bindingsEnd: number;
  /** How many diagnostics come before those of the callback's statements (the parser's, the settings'). */
  head: number;
  /** What the whole reading spent, consts included (a const is paid for once, by the statement that first reads it). */
  cost: Cost;
}

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
  try {
    read(result, file, evaluator, prior, change);
  } catch (error) {
    result.reuse = { trees }; // what was read is incomplete: the next version reads everything again
    diagnostics.push(internalError(error, result.tree ? evaluator.span(file) : undefined));
  }
  result.cost = evaluator.budget.spent;
  return result;
}

/**
 * What a version leaves to the next, taken once: readings are moved in place as they are re-used,
 * so a version handed over again (after an analysis that failed half-way) leaves only its trees.
 */
function handOver(reuse: Reusable): Reusable {
  const taken = { ...reuse };
  reuse.readings = undefined;
  reuse.callback = undefined;
  return taken;
}

/**
 * readOneStatement's analysis; undefined when the edit is not of its kind, or the statement is
 * nested past the engine's stack (the whole file is read then, and says why); any other failure
 * is a fault of this fast path, given back for the caller to report.
 */
function readAlone(
  text: SourceText,
  previous: RoutingFileAnalysis,
  prior: Reusable,
  change: TextChange,
): { analysis: RoutingFileAnalysis } | { failed: unknown } | undefined {
  try {
    const analysis = readOneStatement(text, previous, prior, change);
    return analysis && { analysis };
  } catch (error) {
    return error instanceof RangeError ? undefined : { failed: error };
  }
}

/**
 * The analysis of an edit that lies inside one call statement of the callback, after every
 * statement that binds a name: only that statement is parsed (alone, at its place in the file)
 * and read; the others keep their readings, moved by the edit's length. Undefined when the edit
 * is not of that kind, or the statement parsed alone might not be what the whole file's parse
 * would make of it (a syntax error in it, or not apart from its neighbours); the caller then
 * parses the file.
 */
function readOneStatement(text: SourceText, previous: RoutingFileAnalysis, prior: Reusable, change: TextChange): RoutingFileAnalysis | undefined {
  const { readings, callback, readingsCost } = prior;
  if (!readings || !callback || !readingsCost || !previous.tree || change.start < callback.bindingsEnd) return undefined;
  // The first reading that holds the edit (readings are in file order, each from its leading trivia to its end).
  let index = firstEndingFrom(readings, change.start);
  while (index < readings.length && readings[index].place.pos <= change.start && readings[index].place.end < change.oldEnd) index++;
  const old = readings[index] && readings[index].place.pos <= change.start ? readings[index] : undefined;
  if (!old || old.mapper !== callback.mapper || !old.expression) return undefined;
  const delta = change.newEnd - change.oldEnd;
  const statement = statementAlone(prior.trees.fileName, text, old.place.pos, old.place.end + delta, index === 0);
  if (!statement) return undefined;

  const reading = new DeclarationReader(new Evaluator(text), []).readStatement(statement, callback.mapper, callback.scope);
  // Its node is of a tree of its own, which no tree of the file holds: kept, it would never be
  // found again (see drawCallback), and each statement edited would keep its tree for good.
  reading.node = undefined;
  // A range outside the statement (a const's value) is only where it was if it lies before every edit since the scope was made.
  if (reading.outsideEnd > callback.bindingsEnd) return undefined;
  const next = readings.slice();
  next[index] = reading;
  // Near the file's budget, only a whole reading tells what it leaves out. A whole reading of this
  // version would spend at most what the statements spent plus what the consts cost when first read.
  const spent = addCost(addCost(readingsCost, old.cost, -1), reading.cost);
  if (!wellWithinLimits(addCost(callback.cost, spent))) return undefined;
  for (let i = index + 1; i < next.length; i++) next[i].place.move(delta);
  // The tree's body and the diagnostics are the readings' in order (after the settings'
  // diagnostics): the statement's run in each is replaced, where it lies found by counting.
  let bodyAt = 0;
  let declarationCount = 0;
  let diagnosticsAt = callback.head;
  let diagnosticCount = callback.head;
  for (let i = 0; i < readings.length; i++) {
    if (i === index) {
      bodyAt = declarationCount;
      diagnosticsAt = diagnosticCount;
    }
    declarationCount += readings[i].declarations.length;
    diagnosticCount += readings[i].diagnostics.length;
  }
  if (previous.tree.body.length !== declarationCount || previous.diagnostics.length !== diagnosticCount) return undefined;
  return {
    tree: { settings: previous.tree.settings, body: replaced(previous.tree.body, bodyAt, old.declarations.length, reading.declarations) },
    diagnostics: replaced(previous.diagnostics, diagnosticsAt, old.diagnostics.length, reading.diagnostics),
    settingsSources: previous.settingsSources,
    text,
    syntax: syntaxOf(prior.trees, prior.trees.fileName, text),
    reuse: { trees: prior.trees, readings: next, readingsCost: spent, callback, scope: prior.scope, readAgain: { reading, bodyAt } },
  };
}

/** A copy of `list` with the `count` items from `at` replaced by `items`. */
function replaced<T>(list: readonly T[], at: number, count: number, items: readonly T[]): T[] {
  const result = list.slice();
  result.splice(at, count, ...items);
  return result;
}

/**
 * The expression statement from `pos` to `end` of `text` (a statement of the draw() callback in
 * the file's parse), parsed alone at its place: undefined unless that parse is sure to give what
 * the whole file's gives (the statement stands apart from its neighbours, parses as one
 * expression statement ending at `end`, without syntax errors).
 */
function statementAlone(fileName: string, text: SourceText, pos: number, end: number, first: boolean): ts.ExpressionStatement | undefined {
  if (!apart(text, pos, end, first)) return undefined;
  const alone = parseAt(fileName, text.slice(pos, end), pos);
  const statement = alone.statements[0];
  if (alone.statements.length !== 1 || !ts.isExpressionStatement(statement) || statement.end !== end || parseDiagnosticsOf(alone).length > 0) return undefined;
  return statement;
}

/**
 * The syntax nodes that hold `offset`, from the outermost down to the innermost whose text (from
 * its first token to its end) contains it. Inside a call statement of the draw() callback the path
 * begins at that statement, parsed alone (its size, not the file's: the file's tree is neither
 * made nor updated); elsewhere it begins at the file's tree. Node starts are the file text's
 * (`tokenStart(analysis.text, node.pos, node.end)`): a statement parsed alone has its own text.
 */
export function nodesAt(analysis: RoutingFileAnalysis, offset: number): ts.Node[] {
  const text = analysis.text;
  const readings = analysis.reuse?.readings;
  const index = readings ? readingAt(readings, offset) : -1;
  const reading = readings?.[index];
  const statement =
    reading?.expression && analysis.reuse ? statementAlone(analysis.reuse.trees.fileName, text, reading.place.pos, reading.place.end, index === 0) : undefined;
  const path: ts.Node[] = [];
  let node: ts.Node | undefined = statement ?? analysis.syntax();
  while (node) {
    path.push(node);
    node = ts.forEachChild(node, (child) => (tokenStart(text, child.pos, child.end) <= offset && offset <= child.end ? child : undefined));
  }
  return path;
}

/** The index of the first reading (in file order) whose range holds `offset`; -1 if none does. */
function readingAt(readings: readonly StatementReading[], offset: number): number {
  const index = firstEndingFrom(readings, offset);
  return index < readings.length && readings[index].place.pos <= offset ? index : -1;
}

/** The index of the first reading (in file order) that ends at or after `offset`: readings.length if none does. */
function firstEndingFrom(readings: readonly StatementReading[], offset: number): number {
  let low = 0;
  let high = readings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (readings[middle].place.end < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What the analysis reads into `result`: diagnostics of the parser, the settings, the declarations. */
function read(result: RoutingFileAnalysis, file: ts.SourceFile, evaluator: Evaluator, prior: Reusable | undefined, change: TextChange | undefined): void {
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
  const before = prior?.readings;
  const statements = scopeStatements(file, call, callback);
  const reusable = before && change && prior?.scope && withinOneStatement(change, before) && sameStatements(statements, prior.scope) ? before : undefined;
  result.reuse!.scope = statements;
  const head = diagnostics.length;
  const reading = new DeclarationReader(evaluator, diagnostics).drawCallback(callback, scope, body, reusable);
  result.reuse!.readings = reading.statements;
  result.reuse!.readingsCost = reading.statements.reduce((sum, r) => addCost(sum, r.cost), { steps: 0, iterations: 0 });
  // Syntax errors elsewhere would have to move with the edit: such a file is read whole until they are gone.
  if (reading.mapper && parseDiagnosticsOf(file).length === 0)
    result.reuse!.callback = {
      mapper: reading.mapper,
      scope: reading.scope,
      bindingsEnd: bindingsEnd(file, call, callback),
      head,
      cost: evaluator.budget.spent,
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
 * The analysis without its syntax tree, as a closed file's is kept: the readings of its statements
 * stay (without the syntax nodes), so that an edit inside one statement, once the file is opened,
 * is read alone; the tree is parsed when first asked for.
 */
export function compacted(analysis: RoutingFileAnalysis): RoutingFileAnalysis {
  const reuse = analysis.reuse;
  if (!reuse || !reuse.trees.current) return analysis;
  const trees = FileSyntax.unparsed(reuse.trees.fileName);
  // The readings stay, without their statements: an edit inside one statement is read as on an open file.
  const readings = reuse.readings?.map((reading) => ({ ...reading, node: undefined }));
  return {
    ...analysis,
    syntax: syntaxOf(trees, trees.fileName, analysis.text),
    reuse: { trees, readings, readingsCost: reuse.readingsCost, callback: reuse.callback, scope: undefined },
  };
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

/** The syntax errors the parser recorded on a tree. */
function parseDiagnosticsOf(file: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  return (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
}

/**
 * One version's tree: from the file's trees, or without them parsed anew each time; an empty one
 * if the parser cannot read the text (which does not happen to a text it read before).
 */
function syntaxOf(trees: FileSyntax | undefined, fileName: string, source: SourceText): () => ts.SourceFile {
  return () =>
    (trees ? trees.treeOf(source.toString()) : FileSyntax.parse(fileName, source.toString())?.current) ??
    ts.createSourceFile(fileName, "", ts.ScriptTarget.Latest, false, scriptKind(fileName));
}

/**
 * Whether the statement from `pos` to `end` stands apart from its neighbours, so that parsing it
 * alone gives what the whole file's parse gives: it ends with `;`, or the next token (past a line
 * break) is a name or the block's `}`, which cannot go on with an expression; and it follows the
 * block's `{` or a `;`, or begins (past a line break) with a name, which cannot go on with the
 * statement before.
 */
function apart(text: SourceText, pos: number, end: number, first: boolean): boolean {
  const start = tokenStart(text, pos, end);
  const next = tokenStart(text, end, text.length);
  const endsApart = text.charCodeAt(end - 1) === SEMICOLON || text.charCodeAt(next) === CLOSE_BRACE || (breaksLine(text, end, next) && startsName(text, next));
  const startsApart = first || text.charCodeAt(pos - 1) === SEMICOLON || (breaksLine(text, pos, start) && startsName(text, start));
  return endsApart && startsApart;
}

function breaksLine(text: SourceText, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13) return true;
  return false;
}

/** A name that is not an operator (`in`, `instanceof`, which go on with an expression across lines). */
function startsName(text: SourceText, at: number): boolean {
  const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(at, at + 12))?.[0];
  return name !== undefined && name !== "in" && name !== "instanceof";
}

const SEMICOLON = ";".charCodeAt(0);
const CLOSE_BRACE = "}".charCodeAt(0);

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

/**
 * The statements whose names a statement of the callback can see: every top-level statement but
 * the draw() call's own, and every statement of the callback that is not a call (any other may
 * declare a name: a const, a function, a `var` hoisted out of a loop). The consts in scope are
 * those of the previous version when these are the very syntax nodes it had, in the same order
 * (the updated tree re-used them unchanged, and none was added or removed).
 */
function scopeStatements(file: ts.SourceFile, call: ts.CallExpression, callback: ts.ArrowFunction | ts.FunctionExpression): ts.Statement[] {
  const outside = file.statements.filter((statement) => !(statement.pos <= call.pos && call.end <= statement.end));
  const inside = ts.isBlock(callback.body) ? callback.body.statements.filter((statement) => !ts.isExpressionStatement(statement)) : [];
  return [...outside, ...inside];
}

function sameStatements(a: readonly ts.Statement[], b: readonly ts.Statement[]): boolean {
  return a.length === b.length && a.every((statement, i) => statement === b[i]);
}

/** Whether an edit lies inside one top-level statement of the callback: then all else, consts included, is as it was. */
function withinOneStatement(change: TextChange, readings: readonly StatementReading[]): boolean {
  return readings.some(({ place }) => place.pos <= change.start && change.oldEnd <= place.end);
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
