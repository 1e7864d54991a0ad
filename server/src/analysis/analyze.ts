import * as ts from "typescript";
import { isBehaviour } from "../routing/behaviour";
import { Declaration, DeclarationTree, DrawSettings, OptionSource } from "../routing/declarations";
import { Diagnostic } from "../routing/diagnostics";
import { isOptionMap, OptionMap } from "../routing/values";
import { nearest } from "../routing/validate";
import { Evaluator, NotStatic, Scope, unwrap } from "./evaluate";
import { drawBindings, findDrawCall, PACKAGE_NAME } from "./imports";
import { bindConsts, DeclarationReader, StatementReading } from "./reader";

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

const SETTINGS = ["behaviour", "resources_path_names", "resource_action_separator", "default_url_options", "inflections"];

/**
 * Reads a routing file's text (TS, TSX, JS, MJS, CJS) with the TypeScript parser alone and returns
 * its declaration tree. Never runs, imports or evaluates the file's code, and never throws.
 */
export function analyzeRoutingFile(text: string, fileName = "routes.ts", previous?: RoutingFileAnalysis): RoutingFileAnalysis {
  const diagnostics: Diagnostic[] = [];
  const settingsSources = new Map<string, OptionSource>();
  // Statements outside the callback, as the previous version had them: kept before the tree is updated.
  const previousOutside = previous && new Set(previous.syntax.statements);
  const { file, change } = parse(text, fileName, previous?.syntax);
  for (const d of (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? []) {
    diagnostics.push({
      severity: "error",
      code: "syntax-error",
      message: ts.flattenDiagnosticMessageText(d.messageText, " "),
      span: { start: d.start, end: d.start + d.length },
    });
  }
  const call = findDrawCall(file, drawBindings(file));
  if (!call) return { diagnostics, settingsSources, syntax: file };

  const evaluator = new Evaluator(file);
  const scope = new Scope();
  for (const statement of file.statements) if (ts.isVariableStatement(statement)) bindConsts(statement, scope);

  const body: Declaration[] = [];
  const tree: DeclarationTree = { settings: {}, body };
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
    return { tree, diagnostics, settingsSources, syntax: file };
  }
  let readings: StatementReading[] | undefined;
  try {
    const before = previous?.readings;
    const reusable = before && change && previousOutside && withinOneStatement(change, before) && sameScope(file, call, callback, previousOutside, before) ? before : undefined;
    readings = new DeclarationReader(evaluator, diagnostics).drawCallback(callback, scope, body, reusable);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    diagnostics.push({
      severity: "error",
      code: "not-static",
      message: "The declarations are nested too deeply to read; the routes found before are kept",
      span: evaluator.span(call),
    });
  }
  return { tree, diagnostics, settingsSources, syntax: file, readings };
}

/**
 * Whether the consts a statement of the callback can see are those of the previous version: every
 * top-level statement but the draw() call's own, and every const statement of the callback, is a
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
  return callback.body.statements.every((statement) => !ts.isVariableStatement(statement) || previousInside.has(statement));
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
function parse(text: string, fileName: string, previous: ts.SourceFile | undefined): { file: ts.SourceFile; change?: TextChange } {
  const fresh = () => ({ file: ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName)) });
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
    // A tree can be updated once only: one that was (by an analysis that then failed) is parsed anew.
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
  const value = evaluator.options(node, scope, sources, (missing) =>
    diagnostics.push({
      severity: "information",
      code: "not-static",
      message: `Not static: ${missing.reason} cannot be known without running code; this setting is left out.`,
      span: evaluator.span(missing.node),
    }),
  );
  if (value instanceof NotStatic || !isOptionMap(value)) {
    diagnostics.push({
      severity: "information",
      code: "not-static",
      message: "Not static: draw()'s settings cannot be known without running code; the defaults are used.",
      span: evaluator.span(node),
    });
    return {};
  }
  const settings: OptionMap = {};
  for (const [key, setting] of Object.entries(value)) {
    const at = sources.get(key);
    if (!SETTINGS.includes(key)) {
      const suggestion = nearest(key, SETTINGS);
      diagnostics.push({
        severity: "warning",
        code: "unknown-option",
        message: `Unknown draw() setting "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
        span: at?.key,
        replacement: suggestion,
      });
      continue;
    }
    if (key === "behaviour" && !isBehaviour(setting)) {
      diagnostics.push({ severity: "error", code: "invalid-setting", message: `behaviour must be "A" or "B"; behaviour B is used`, span: at?.value });
      continue;
    }
    settings[key] = setting;
  }
  return settings as unknown as DrawSettings;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.tsx$/i.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/i.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/i.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export { PACKAGE_NAME };
