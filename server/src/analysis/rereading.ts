import ts = require("typescript");
import type { Declaration, Span } from "resource-routes/internal";

import { AnchoredSpan } from "../incremental/optionSources";
import type { SourceText } from "../text/sourceText";
import { TextChange } from "../text/textChange";
import { addCost, wellWithinLimits } from "./budget";
import { Evaluator } from "./evaluate";
import type { Reusable, RoutingFileAnalysis } from "./fileAnalysis";
import { FileSyntax, parseAt, parseDiagnosticsOf, syntaxOf, tokenStart } from "./fileSyntax";
import { DeclarationReader } from "./reader";
import type { StatementReading } from "./readings";

/*
 * Re-reading after an edit: the incremental layer over the analyser's reading (reader.ts). What
 * one analysis leaves to the next version's (the syntax trees, each top-level statement's reading
 * of the draw() callback), and the fast path that reads an edited statement alone, parsed at its
 * place, while the other statements keep their readings, moved by the edit's length.
 */

/**
 * What a version leaves to the next, taken once: readings are moved in place as they are re-used,
 * so a version handed over again (after an analysis that failed half-way) leaves only its trees.
 */
export function handOver(reuse: Reusable): Reusable {
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
export function readAlone(
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
  // A statement that read another module's function is read with the whole file (where the modules are found).
  if (!old || old.mapper !== callback.mapper || !old.expression || old.elsewhere) return undefined;
  const delta = change.newEnd - change.oldEnd;
  // The tree's body and the diagnostics are the readings' in order (after the settings'
  // diagnostics): the statement's run in each is replaced, where it lies found by counting.
  const before = countsOf(readings, 0, index);
  const rest = countsOf(readings, index, readings.length);
  const bodyAt = before.declarations;
  const diagnosticsAt = callback.head + before.diagnostics;
  if (previous.tree.body.length !== bodyAt + rest.declarations || previous.diagnostics.length !== diagnosticsAt + rest.diagnostics) return undefined;
  const reading =
    blockStatementAt(old, change) >= 0
      ? readInBlock(text, prior.trees.fileName, old, previous.tree.body.slice(bodyAt, bodyAt + old.declarations.length), change)
      : readTopLevel(text, prior, old, change, index === 0);
  if (!reading) return undefined;
  // A range outside the statement (a const's value) is only where it was if it lies before every edit since the scope was made.
  if (reading.outsideEnd > callback.bindingsEnd) return undefined;
  const next = readings.slice();
  next[index] = reading;
  // Near the file's budget, only a whole reading tells what it leaves out. A whole reading of this
  // version would spend at most what the settings and the statements spend now, plus the consts the
  // old statement was the first to read (kept evaluated in the scope, so its new reading paid
  // nothing for them, and another statement would pay them instead): at most what it cost.
  const spent = addCost(addCost(readingsCost, old.cost, -1), reading.cost);
  if (!wellWithinLimits(addCost(addCost(callback.outside, spent), old.cost))) return undefined;
  for (let i = index + 1; i < next.length; i++) next[i].place.move(delta);
  return {
    tree: { settings: previous.tree.settings, body: spliced(previous.tree.body, bodyAt, old.declarations.length, reading.declarations) },
    diagnostics: spliced(previous.diagnostics, diagnosticsAt, old.diagnostics.length, reading.diagnostics),
    settingsSources: previous.settingsSources,
    text,
    ...(previous.modules ? { modules: previous.modules } : {}),
    ...(previous.modulesMissing ? { modulesMissing: true } : {}),
    syntax: syntaxOf(prior.trees, prior.trees.fileName, text),
    reuse: { trees: prior.trees, readings: next, readingsCost: spent, callback, scope: prior.scope, readAgain: { reading, bodyAt } },
  };
}

/** The edited top-level statement, parsed alone at its place and read. */
function readTopLevel(text: SourceText, prior: Reusable, old: StatementReading, change: TextChange, first: boolean): StatementReading | undefined {
  const callback = prior.callback!;
  const statement = statementAlone(prior.trees.fileName, text, old.place.pos, old.place.end + change.newEnd - change.oldEnd, first);
  if (!statement) return undefined;
  const evaluator = new Evaluator(text);
  const reading = new DeclarationReader(evaluator, [], callback.scoped).readStatement(statement, callback.mapper, callback.scope);
  // An import where the application's code may stand is read in its module, with the whole file.
  if (evaluator.wantsModules) return undefined;
  // Its node is of a tree of its own, which no tree of the file holds: kept, it would never be
  // found again (see drawCallback), and each statement edited would keep its tree for good.
  reading.node = undefined;
  return reading;
}

/** The index of the statement of the reading's block of calls that holds the whole edit; -1 when none does (or it has no such block). */
function blockStatementAt(reading: StatementReading, change: TextChange): number {
  const statements = reading.block?.statements;
  const index = statements ? readingAt(statements, change.start) : -1;
  return index >= 0 && statements![index].place.end >= change.oldEnd ? index : -1;
}

/**
 * An edit inside a statement of a block of calls (a namespace's), at any depth: the innermost
 * call statement that holds it is parsed alone at its place and read as its block reads it; the
 * statements around it keep their readings, and each statement and declaration holding it is
 * made anew around the new reading (its declaration's block and range, its diagnostics and cost).
 * `declarations`: the tree's declarations of the top-level statement (expansion may have put
 * earlier objects, equal as data, in place of those read: the tree's are the ones made anew).
 * The top-level statement's new reading, or undefined when the edit is not of that kind.
 */
function readInBlock(
  text: SourceText,
  fileName: string,
  top: StatementReading,
  declarations: readonly Declaration[],
  change: TextChange,
): StatementReading | undefined {
  const delta = change.newEnd - change.oldEnd;
  // From the top-level statement down: each statement holding the edit, its declarations in the
  // tree, the one whose block holds the next statement down, that statement's index in it, and
  // how many declarations and diagnostics the statements before it gave.
  const path: Array<{ holder: StatementReading; declarations: readonly Declaration[]; owner: Declaration; index: number; before: Counts }> = [];
  let holder = top;
  let held = declarations;
  for (let index = blockStatementAt(holder, change); index >= 0; index = blockStatementAt(holder, change)) {
    const block = holder.block!;
    const owner = held[block.ownerAt];
    const before = countsOf(block.statements, 0, index);
    const below = block.statements[index];
    if (!owner?.block || owner.block.length !== before.declarations + countsOf(block.statements, index, block.statements.length).declarations || holder.bounded)
      return undefined;
    path.push({ holder, declarations: held, owner, index, before });
    held = owner.block.slice(before.declarations, before.declarations + below.declarations.length);
    holder = below;
  }
  const edited = holder;
  const innermost = path[path.length - 1];
  if (!edited.expression || edited.bounded) return undefined;
  const statement = statementAlone(fileName, text, edited.place.pos, edited.place.end + delta, innermost.index === 0);
  if (!statement) return undefined;
  const evaluator = new Evaluator(text);
  const { reading, escaped } = new DeclarationReader(evaluator, []).readInBlock(statement, innermost.holder.block!, innermost.holder.place);
  // An import where the application's code may stand is read in its module, with the whole file.
  if (escaped || evaluator.wantsModules) return undefined;
  reading.node = undefined;
  // Made anew from the innermost statement out: each holder with the statement below replaced.
  let replacement = reading;
  let replaced = edited;
  for (let k = path.length - 1; k >= 0; k--) {
    const { holder, declarations, owner, index, before } = path[k];
    const block = holder.block!;
    const statements = block.statements.slice();
    statements[index] = replacement;
    for (let i = index + 1; i < statements.length; i++) statements[i].place.move(delta);
    holder.place.grow(delta);
    const declaration: Declaration = {
      ...owner,
      block: spliced(owner.block!, before.declarations, replaced.declarations.length, replacement.declarations),
      source: owner.source && { ...owner.source, call: grown(owner.source.call, delta) },
    };
    replacement = {
      ...holder,
      node: undefined,
      block: { ...block, statements },
      declarations: declarations.map((d) => (d === owner ? declaration : d)),
      diagnostics: spliced(holder.diagnostics, block.diagnosticsAt + before.diagnostics, replaced.diagnostics.length, replacement.diagnostics),
      cost: addCost(addCost(holder.cost, replaced.cost, -1), replacement.cost),
      outsideEnd: Math.max(holder.outsideEnd, replacement.outsideEnd),
    };
    replaced = holder;
  }
  return replacement;
}

interface Counts {
  declarations: number;
  diagnostics: number;
}

/** How many declarations and diagnostics the readings from `from` to `end` gave, together. */
function countsOf(readings: readonly StatementReading[], from: number, end: number): Counts {
  const counts = { declarations: 0, diagnostics: 0 };
  for (let i = from; i < end; i++) {
    counts.declarations += readings[i].declarations.length;
    counts.diagnostics += readings[i].diagnostics.length;
  }
  return counts;
}

/** A range that holds an edit, `delta` longer. */
function grown(span: Span, delta: number): Span {
  return span instanceof AnchoredSpan ? new AnchoredSpan(span.anchor, span.from, span.to + delta) : { start: span.start, end: span.end + delta };
}

/** A copy of `list` with the `count` items from `at` replaced by `items`. */
function spliced<T>(list: readonly T[], at: number, count: number, items: readonly T[]): T[] {
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
export function statementAlone(fileName: string, text: SourceText, pos: number, end: number, first: boolean): ts.ExpressionStatement | undefined {
  if (!apart(text, pos, end, first)) return undefined;
  const alone = parseAt(fileName, text.slice(pos, end), pos);
  const statement = alone.statements[0];
  if (alone.statements.length !== 1 || !ts.isExpressionStatement(statement) || statement.end !== end || parseDiagnosticsOf(alone).length > 0) return undefined;
  return statement;
}

/** The index of the first reading (in file order) whose range holds `offset`; -1 if none does. */
export function readingAt(readings: readonly StatementReading[], offset: number): number {
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

/**
 * The statements whose names a statement of the callback can see: every top-level statement but
 * the draw() call's own, and every statement of the callback that is not a call (any other may
 * declare a name: a const, a function, a `var` hoisted out of a loop). The consts in scope are
 * those of the previous version when these are the very syntax nodes it had, in the same order
 * (the updated tree re-used them unchanged, and none was added or removed).
 */
export function scopeStatements(file: ts.SourceFile, call: ts.CallExpression, callback: ts.ArrowFunction | ts.FunctionExpression): ts.Statement[] {
  const outside = file.statements.filter((statement) => !(statement.pos <= call.pos && call.end <= statement.end));
  const inside = ts.isBlock(callback.body) ? callback.body.statements.filter((statement) => !ts.isExpressionStatement(statement)) : [];
  return [...outside, ...inside];
}

export function sameStatements(a: readonly ts.Statement[], b: readonly ts.Statement[]): boolean {
  return a.length === b.length && a.every((statement, i) => statement === b[i]);
}

/** Whether an edit lies inside one top-level statement of the callback: then all else, consts included, is as it was. */
export function withinOneStatement(change: TextChange, readings: readonly StatementReading[]): boolean {
  return readings.some(({ place }) => place.pos <= change.start && change.oldEnd <= place.end);
}

const SEMICOLON = ";".charCodeAt(0);
const CLOSE_BRACE = "}".charCodeAt(0);
