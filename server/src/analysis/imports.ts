import ts = require("typescript");
import { unwrap } from "./evaluate";
import { isPackage } from "./packageName";

/** How this file can name `draw`: directly (`draw`, `d`) or through a module object (`rr.draw`). */
export interface DrawBindings {
  direct: Set<string>;
  modules: Set<string>;
}

/** `import { draw as d }`, `import * as rr`, `import rr`, `const { draw } = require(...)`, `const rr = require(...)`. */
export function drawBindings(file: ts.SourceFile): DrawBindings {
  const bindings: DrawBindings = { direct: new Set(), modules: new Set() };
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && isPackage(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) bindings.modules.add(clause.name.text);
      const named = clause.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.modules.add(named.name.text);
      if (named && ts.isNamedImports(named)) {
        for (const element of named.elements) {
          if (!element.isTypeOnly && (element.propertyName ?? element.name).text === "draw") bindings.direct.add(element.name.text);
        }
      }
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) addRequire(declaration, bindings);
    }
  }
  return bindings;
}

function addRequire(declaration: ts.VariableDeclaration, bindings: DrawBindings): void {
  const init = declaration.initializer && unwrap(declaration.initializer);
  if (!init) return;
  const name = declaration.name;
  if (isRequireOfPackage(init)) {
    if (ts.isIdentifier(name)) bindings.modules.add(name.text);
    else if (ts.isObjectBindingPattern(name)) {
      for (const element of name.elements) {
        const imported = element.propertyName ?? element.name;
        if (ts.isIdentifier(imported) && imported.text === "draw" && ts.isIdentifier(element.name)) bindings.direct.add(element.name.text);
      }
    }
  } else if (ts.isPropertyAccessExpression(init) && init.name.text === "draw" && isRequireOfPackage(unwrap(init.expression)) && ts.isIdentifier(name)) {
    bindings.direct.add(name.text);
  }
}

function isRequireOfPackage(node: ts.Expression): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "require" &&
    node.arguments.length === 1 &&
    isPackage(node.arguments[0])
  );
}

/** Whether `call` calls the imported draw. */
function isDrawCall(call: ts.CallExpression, bindings: DrawBindings): boolean {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return bindings.direct.has(callee.text);
  return (
    ts.isPropertyAccessExpression(callee) && callee.name.text === "draw" && ts.isIdentifier(callee.expression) && bindings.modules.has(callee.expression.text)
  );
}

/** The first call of draw: where routing files keep it (export default, module.exports, a const), else anywhere. */
export function findDrawCall(file: ts.SourceFile, bindings: DrawBindings): ts.CallExpression | undefined {
  if (bindings.direct.size === 0 && bindings.modules.size === 0) return undefined;
  for (const statement of file.statements) {
    const candidates: ts.Expression[] = [];
    if (ts.isExportAssignment(statement)) candidates.push(statement.expression);
    else if (ts.isExpressionStatement(statement)) {
      const e = unwrap(statement.expression);
      candidates.push(ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken ? e.right : e);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (d.initializer) candidates.push(d.initializer);
    }
    for (const candidate of candidates) {
      const e = unwrap(candidate);
      if (ts.isCallExpression(e) && isDrawCall(e, bindings)) return e;
    }
  }
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && isDrawCall(node, bindings)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
