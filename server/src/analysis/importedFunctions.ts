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
    const module = this.module(specifier, name, from);
    if (typeof module === "string") return module;
    const fn = exportedFunction(module.file, name);
    if (!fn) return `\`${name}\`, which "${specifier}" does not export as a function declaration`;
    return { fn, scope: module.scope, fileName: module.file.fileName, text: module.file.text };
  }

  /**
   * Whether the module `specifier` exports `name` as the application's code (behaviour C's route
   * application or constraint given by an import): a function, a class's object (`new Hono()`), or
   * an object written with a method (`{ fetch(request) {…} }`), read in the module, never run.
   */
  exportsCode(specifier: string, name: string, from: string): boolean {
    const module = this.module(specifier, name, from);
    return typeof module !== "string" && exportedCode(module.file, name);
  }

  /** The module `specifier` names from `from`, parsed once; or why it cannot be read. */
  private module(specifier: string, name: string, from: string): { file: ts.SourceFile; scope: Scope } | string {
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
    return module;
  }
}

/** Whether a module exports `name` (`default` too) as code: a function declaration, or a const, a default export or a local exported by name whose value is. */
function exportedCode(file: ts.SourceFile, name: string): boolean {
  if (exportedFunction(file, name)) return true;
  let local: string | undefined;
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals && name === "default") {
      if (!ts.isIdentifier(statement.expression)) return isCodeExpression(statement.expression);
      local = statement.expression.text;
    }
    if (ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      const declared = constNamed(statement, name);
      if (declared) return isCodeExpression(declared);
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) if (element.name.text === name) local = (element.propertyName ?? element.name).text;
    }
  }
  if (local === undefined) return false;
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body && statement.name?.text === local) return true;
    const declared = ts.isVariableStatement(statement) ? constNamed(statement, local) : undefined;
    if (declared) return isCodeExpression(declared);
  }
  return false;
}

/** The value of a const `name` a statement declares. */
function constNamed(statement: ts.VariableStatement, name: string): ts.Expression | undefined {
  if (!(statement.declarationList.flags & ts.NodeFlags.Const)) return undefined;
  const found = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
  return found?.initializer;
}

/** A function, a class's object, or an object literal with a method: code, not data. */
function isCodeExpression(node: ts.Expression): boolean {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner)) inner = inner.expression;
  if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner) || ts.isNewExpression(inner) || ts.isClassExpression(inner)) return true;
  return (
    ts.isObjectLiteralExpression(inner) &&
    inner.properties.some(
      (p) => ts.isMethodDeclaration(p) || (ts.isPropertyAssignment(p) && (ts.isArrowFunction(p.initializer) || ts.isFunctionExpression(p.initializer))),
    )
  );
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
