import ts = require("typescript");
import { OptionValue } from "resource-routes/internal";

import { OptionSources } from "../incremental/optionSources";
import type { Evaluated } from "./evaluated";

/** A const's value once evaluated: the value (or why it is not static) and the option ranges it wrote, by path below it. */
export interface ConstValue {
  value: Evaluated;
  sources: OptionSources;
}

/**
 * What a name in scope stands for:
 * - `value`: known already (a loop variable of a list the reader followed);
 * - `const`: a const with an initialiser, evaluated on first use and then kept;
 * - `opaque`: anything the analyser will not evaluate (let, var, parameters, functions, classes,
 *   imports, destructured names). It hides every outer binding of the same name, as in JavaScript.
 *   A function declaration keeps its node and scope: a call of it with the mapper is read (see
 *   the reader), though its value is never evaluated.
 */
export type Binding =
  | { kind: "value"; value: OptionValue }
  | { kind: "const"; declaration: ts.VariableDeclaration; initializer: ts.Expression; scope: Scope; evaluated?: ConstValue }
  | { kind: "opaque"; what: string; declared?: { fn: ts.FunctionDeclaration; scope: Scope }; imported?: Imported };

/** What an import binds a name to: the module's specifier and the name it exports (`default` for a default import). */
export interface Imported {
  module: string;
  name: string;
}

/**
 * A lexical scope. Every name a block declares is bound when the block is entered (declarations
 * are hoisted as JavaScript hoists them), so an inner `let name` hides an outer `const name`
 * everywhere in its block, and a use before a const's declaration can be told apart (the
 * temporal dead zone).
 */
export class Scope {
  private readonly bindings = new Map<string, Binding>();
  constructor(readonly parent?: Scope) {}

  lookup(name: string): Binding | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      const binding = scope.bindings.get(name);
      if (binding) return binding;
    }
    return undefined;
  }

  bind(name: string, binding: Binding): void {
    this.bindings.set(name, binding);
  }

  /**
   * Binds the names the statements of a block declare. In a function body (or the file) `var`
   * declarations anywhere below, outside nested functions, belong to it too.
   */
  declareBlock(statements: readonly ts.Statement[], functionBody: boolean): this {
    for (const statement of statements) this.declareStatement(statement);
    if (functionBody) for (const name of varNamesBelow(statements)) if (!this.bindings.has(name)) this.bind(name, { kind: "opaque", what: "a `var` variable" });
    return this;
  }

  /** Binds a function's parameters: their values are only known when it is called. */
  declareParameters(parameters: readonly ts.ParameterDeclaration[]): this {
    for (const parameter of parameters) for (const name of boundNames(parameter.name)) this.bind(name, { kind: "opaque", what: "a parameter" });
    return this;
  }

  private declareStatement(statement: ts.Statement): void {
    if (ts.isVariableStatement(statement)) {
      const list = statement.declarationList;
      const keyword = list.flags & ts.NodeFlags.Const ? "const" : list.flags & ts.NodeFlags.Let ? "let" : "var";
      for (const declaration of list.declarations) {
        if (keyword === "const" && ts.isIdentifier(declaration.name) && declaration.initializer) {
          this.bind(declaration.name.text, { kind: "const", declaration, initializer: declaration.initializer, scope: this });
          continue;
        }
        const what = ts.isIdentifier(declaration.name) ? `a \`${keyword}\` variable` : "a destructured name";
        for (const name of boundNames(declaration.name)) this.bind(name, { kind: "opaque", what });
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      this.bind(statement.name.text, { kind: "opaque", what: "a function", ...(statement.body ? { declared: { fn: statement, scope: this } } : {}) });
    } else if ((ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
      this.bind(statement.name.text, { kind: "opaque", what: ts.isClassDeclaration(statement) ? "a class" : "an enum" });
    } else if (ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement)) {
      for (const name of importedNames(statement)) this.bind(name, { kind: "opaque", what: "an import" });
      // What a value import names keeps its module and exported name: the package's unset() (see Evaluator), a function of another module (see the reader).
      if (ts.isImportDeclaration(statement) && ts.isStringLiteralLike(statement.moduleSpecifier) && !statement.importClause?.isTypeOnly) {
        const module = statement.moduleSpecifier.text;
        const clause = statement.importClause;
        if (clause?.name) this.bind(clause.name.text, { kind: "opaque", what: "an import", imported: { module, name: "default" } });
        const named = clause?.namedBindings;
        if (named && ts.isNamedImports(named))
          for (const element of named.elements)
            if (!element.isTypeOnly)
              this.bind(element.name.text, { kind: "opaque", what: "an import", imported: { module, name: (element.propertyName ?? element.name).text } });
      }
    }
  }
}

/** Whether a statement binds a name in the block that holds it (or, with a `var` anywhere in it, in the function). */
export function bindsNames(statement: ts.Statement): boolean {
  return (
    ts.isVariableStatement(statement) ||
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isImportDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement) ||
    varNamesBelow([statement]).length > 0
  );
}

/** The identifiers a binding name or pattern introduces (`{ a, b: [c, ...d] }` → a, c, d). */
function boundNames(name: ts.BindingName): string[] {
  const names: string[] = [];
  const stack: ts.BindingName[] = [name];
  while (stack.length) {
    const next = stack.pop()!;
    if (ts.isIdentifier(next)) names.push(next.text);
    else for (const element of next.elements) if (!ts.isOmittedExpression(element)) stack.push(element.name);
  }
  return names;
}

function importedNames(statement: ts.ImportDeclaration | ts.ImportEqualsDeclaration): string[] {
  if (ts.isImportEqualsDeclaration(statement)) return [statement.name.text];
  const clause = statement.importClause;
  if (!clause) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  else if (bindings) for (const element of bindings.elements) names.push(element.name.text);
  return names;
}

/** `var` names declared in these statements or statements nested in them, not inside nested functions or classes. */
function varNamesBelow(statements: readonly ts.Statement[]): string[] {
  const names: string[] = [];
  const stack: ts.Node[] = [...statements];
  while (stack.length) {
    const node = stack.pop()!;
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) continue;
    if (ts.isVariableDeclarationList(node) && !(node.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let | ts.NodeFlags.Using))) {
      for (const declaration of node.declarations) names.push(...boundNames(declaration.name));
    }
    // Only statements and declaration lists can hold a `var`; expressions are not searched.
    if (ts.isStatement(node) || ts.isVariableDeclarationList(node) || ts.isCaseBlock(node) || ts.isCaseOrDefaultClause(node) || ts.isCatchClause(node)) {
      ts.forEachChild(node, (child) => {
        stack.push(child);
      });
    }
  }
  return names;
}
