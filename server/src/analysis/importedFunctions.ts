import ts = require("typescript");
import type { Declaration, Diagnostic, Span } from "resource-routes/internal";

import { OptionSources } from "../incremental/optionSources";
import { LineIndex } from "../text/lineIndex";
import { scriptKind } from "./fileSyntax";
import { Scope } from "./scope";

/*
 * A routing file's calls of a function it imports from another module of the application
 * (`clearanceRoutes(map)`, a plugin's routes written by `resource-routes import`): the function is
 * found in that module's text, read statically as a function of the file is, and its routes are
 * the call's. The module is parsed, never run.
 */

/** How the analysis finds another module's text: the CLI from disk, the editor from the workspace's documents. */
export interface ModuleSources {
  /** The module `specifier` names, imported from the file `from`: its file name and text; undefined where none is found (a package, a missing file). */
  resolve(specifier: string, from: string): { fileName: string; text: string } | undefined;
}

/** How a reader follows imported functions: the analysis's modules, and the file it reads (what relative specifiers start from). */
export interface ModuleReading {
  functions: ImportedFunctions;
  from: string;
}

/** A function another module exports, with the module's scope it was declared in. */
export interface ExportedFunction {
  fn: ts.FunctionDeclaration;
  scope: Scope;
  fileName: string;
  text: string;
}

/** How many modules one analysis reads, whatever their imports of each other. */
const MAX_MODULES = 32;

/** The modules one analysis reads, each parsed once, and their texts (for whoever keeps the analysis: it is stale once one changes). */
export class ImportedFunctions {
  /** Each module read, by file name, with the text it was read from. */
  readonly read = new Map<string, string>();
  /** A call named a module that was not found: one added later may change the routes. */
  missing = false;
  private readonly parsed = new Map<string, { file: ts.SourceFile; scope: Scope }>();

  constructor(private readonly sources: ModuleSources) {}

  /** The function `name` (`default` for a default export) that the module `specifier` exports, imported from `from`; or why it cannot be read. */
  find(specifier: string, name: string, from: string): ExportedFunction | string {
    const source = this.sources.resolve(specifier, from);
    if (!source) this.missing = true;
    if (!source) return `\`${name}\` of "${specifier}", a module the analyser does not find (only the application's own modules are read)`;
    let module = this.parsed.get(source.fileName);
    if (!module) {
      if (this.parsed.size >= MAX_MODULES) return `\`${name}\` of "${specifier}", past the ${MAX_MODULES} modules one routing file's reading follows`;
      const file = ts.createSourceFile(source.fileName, source.text, ts.ScriptTarget.Latest, false, scriptKind(source.fileName));
      module = { file, scope: new Scope().declareBlock(file.statements, true) };
      this.parsed.set(source.fileName, module);
      this.read.set(source.fileName, source.text);
    }
    const fn = exportedFunction(module.file, name);
    if (!fn) return `\`${name}\`, which "${specifier}" does not export as a function declaration`;
    return { fn, scope: module.scope, fileName: source.fileName, text: source.text };
  }
}

/** `export function name(…) {…}`, `export default function …`, or a function of the module exported by name (`export { local as name }`). */
function exportedFunction(file: ts.SourceFile, name: string): ts.FunctionDeclaration | undefined {
  let local: string | undefined;
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body && isExported(statement)) {
      const isDefault = statement.modifiers!.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault ? name === "default" : statement.name?.text === name) return statement;
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) if (element.name.text === name) local = (element.propertyName ?? element.name).text;
    }
  }
  if (local === undefined) return undefined;
  return file.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.body !== undefined && s.name?.text === local);
}

function isExported(statement: ts.FunctionDeclaration): boolean {
  return statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
}

/**
 * What an imported function's call adds to the mapper lists, placed at the call when `done`: each
 * declaration at the call (its own ranges are in the other module's text, which the routing file's
 * positions do not address: a hover, a diagnostic or a definition of these routes lands on the
 * call), and each report said at the call with where it is in its module (`clearance.ts:4:3: …`).
 */
export function placeAtCall(lists: Iterable<Declaration[]>): {
  done(at: { call: Span; callee: Span; reports: readonly Diagnostic[]; module: { fileName: string; text: string } }, into: Diagnostic[]): void;
} {
  const lengths = [...new Set(lists)].map((list) => ({ list, from: list.length }));
  return {
    done({ call, callee, reports, module }, into) {
      for (const { list, from } of lengths) placed(list.slice(from), call, callee);
      for (const diagnostic of diagnosticsAtCall(reports, module, call)) into.push(diagnostic);
    },
  };
}

function placed(declarations: readonly Declaration[], call: Span, method: Span): void {
  for (const declaration of declarations) {
    declaration.source = { call, method, names: [], options: new OptionSources() };
    if (declaration.block) placed(declaration.block, call, method);
  }
}

function diagnosticsAtCall(diagnostics: readonly Diagnostic[], module: { fileName: string; text: string }, call: Span): Diagnostic[] {
  if (diagnostics.length === 0) return [];
  const name = module.fileName.slice(Math.max(module.fileName.lastIndexOf("/"), module.fileName.lastIndexOf("\\")) + 1);
  const lines = LineIndex.of(module.text);
  return diagnostics.map(({ related: _, ...diagnostic }) => {
    const at = diagnostic.span ? lines.positionAt(diagnostic.span.start) : undefined;
    const where = at ? `${name}:${at.line + 1}:${at.character + 1}` : name;
    return { ...diagnostic, message: `In ${where}: ${diagnostic.message}`, span: call };
  });
}
