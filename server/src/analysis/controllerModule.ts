import ts = require("typescript");
import { Span } from "resource-routes/internal";

import { scriptKind } from "./fileSyntax";

/** An action a controller module defines, where its name is written. */
export interface ControllerAction {
  name: string;
  span: Span;
  /** Its JSDoc comment's text, when it has one (`resource-routes openapi` takes its summary and description from it). */
  doc?: string;
}

/** How a module defines its actions: stubs added by a quick fix follow it. */
export type ControllerStyle = "functions" | "object" | "class";

/**
 * A controller module read statically (docs/serving.md), never run: its actions, and whether it has
 * exports the reader cannot know (a re-export from elsewhere, a computed name, a default export
 * that is not an object or class literal). With unknown exports, no action is ever "missing".
 */
export interface ControllerModuleInfo {
  actions: ControllerAction[];
  hasUnknownExports: boolean;
  style: ControllerStyle;
  /** Where a new action goes: the end of the default object or class body, else the end of the file. */
  insertAt: number;
  /** The default object's last property has no comma after it: a new one needs one first. */
  needsComma: boolean;
}

type FunctionLike = ts.ArrowFunction | ts.FunctionExpression;

/**
 * The actions of a controller module: exported functions (`export function show`, `export const
 * show = () => …`, `export { show }`, CommonJS `exports.show = …`), and, with a default export
 * (`export default { … }`, `export default class { … }`, `module.exports = { … }`, or a const or
 * class of the file exported by name), that object's function members or that class's methods.
 */
export function readControllerModule(text: string, fileName: string): ControllerModuleInfo {
  let file: ts.SourceFile;
  try {
    file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  } catch {
    // Nested past what the parser reads: nothing is known, so nothing is missing.
    return { actions: [], hasUnknownExports: true, style: "functions", insertAt: text.length, needsComma: false };
  }
  const span = (node: ts.Node): Span => ({ start: node.getStart(file), end: node.end });
  const info: ControllerModuleInfo = { actions: [], hasUnknownExports: false, style: "functions", insertAt: text.length, needsComma: false };
  const local = new Map<string, ts.Node>();
  for (const statement of file.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) local.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) local.set(d.name.text, d.initializer);
  }
  const add = (name: string, at: ts.Node, owner?: ts.Node) => {
    const doc = owner && docComment(text, owner);
    info.actions.push(doc ? { name, span: span(at), doc } : { name, span: span(at) });
  };
  const isAction = (node: ts.Node | undefined): boolean => !!node && (ts.isFunctionDeclaration(node) || isFunctionLike(node));

  const readDefault = (node: ts.Node): void => {
    const target = ts.isIdentifier(node) ? local.get(node.text) : node;
    const value = target && ts.isExpression(target) ? unwrapExpression(target) : target;
    if (value && ts.isObjectLiteralExpression(value)) {
      info.style = "object";
      info.insertAt = value.properties.end;
      info.needsComma = value.properties.length > 0 && !value.properties.hasTrailingComma;
      for (const property of value.properties) {
        const name = property.name && propertyName(property.name);
        if (name === undefined) {
          info.hasUnknownExports = true; // a spread or a computed name
          continue;
        }
        if (ts.isMethodDeclaration(property) || (ts.isPropertyAssignment(property) && isFunctionLike(unwrapExpression(property.initializer))))
          add(name, property.name!, property);
        else if (ts.isShorthandPropertyAssignment(property)) {
          if (isAction(local.get(name))) add(name, property.name);
          else if (!local.has(name)) info.hasUnknownExports = true;
        }
      }
    } else if (value && (ts.isClassDeclaration(value) || ts.isClassExpression(value))) {
      info.style = "class";
      info.insertAt = value.members.end;
      if (value.heritageClauses?.length) info.hasUnknownExports = true; // inherited methods come from elsewhere
      for (const member of value.members) {
        const name = member.name && propertyName(member.name);
        if (name === undefined || name === "constructor" || isStatic(member)) continue;
        if (ts.isMethodDeclaration(member) || (ts.isPropertyDeclaration(member) && member.initializer && isFunctionLike(unwrapExpression(member.initializer))))
          add(name, member.name!, member);
      }
    } else info.hasUnknownExports = true;
  };

  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && hasExport(statement)) {
      if (hasDefault(statement)) info.hasUnknownExports = true;
      else if (statement.name) add(statement.name.text, statement.name, statement);
    } else if (ts.isClassDeclaration(statement) && hasExport(statement)) {
      if (hasDefault(statement)) readDefault(statement);
    } else if (ts.isVariableStatement(statement) && hasExport(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && isFunctionLike(unwrapExpression(d.initializer))) add(d.name.text, d.name, statement);
        else if (!ts.isIdentifier(d.name)) info.hasUnknownExports = true;
      }
    } else if (ts.isExportAssignment(statement)) {
      readDefault(statement.expression);
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        info.hasUnknownExports = true;
        continue;
      }
      for (const element of statement.exportClause.elements) {
        const exported = element.name.text;
        const definition = local.get((element.propertyName ?? element.name).getText(file));
        if (exported === "default") readDefault(element.propertyName ?? element.name);
        else if (isAction(definition)) add(exported, element.name);
        else if (!definition) info.hasUnknownExports = true;
      }
    } else if (ts.isExpressionStatement(statement)) {
      readCommonJs(statement.expression, readDefault, add, info);
    }
  }
  return info;
}

/** The text of the JSDoc comment (`/** … *\/`) right before a node, its leading stars and tags left out; undefined without one. */
function docComment(text: string, node: ts.Node): string | undefined {
  // On the line of the token before (`{ /** … */ show()`) a comment is that token's trailing one: both count, as TypeScript's own JSDoc reading takes them.
  const ranges = [...(ts.getTrailingCommentRanges(text, node.pos) ?? []), ...(ts.getLeadingCommentRanges(text, node.pos) ?? [])];
  const last = ranges[ranges.length - 1];
  if (!last || last.kind !== ts.SyntaxKind.MultiLineCommentTrivia || text.slice(last.pos, last.pos + 3) !== "/**") return undefined;
  const lines = text
    .slice(last.pos + 3, last.end - 2)
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\* ?/, "").trimEnd());
  const tag = lines.findIndex((line) => line.startsWith("@"));
  const untagged = (tag < 0 ? lines : lines.slice(0, tag)).join("\n").trim();
  return untagged || undefined;
}

/** `exports.show = …`, `module.exports.show = …`, `module.exports = { … }`. */
function readCommonJs(
  expression: ts.Expression,
  readDefault: (node: ts.Node) => void,
  add: (name: string, at: ts.Node) => void,
  info: ControllerModuleInfo,
): void {
  if (!ts.isBinaryExpression(expression) || expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
  const target = expression.left;
  if (!ts.isPropertyAccessExpression(target)) return;
  const owner = target.expression;
  const isModuleExports = (node: ts.Expression) =>
    ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "module" && node.name.text === "exports";
  if (isModuleExports(target)) {
    readDefault(expression.right);
    return;
  }
  if ((ts.isIdentifier(owner) && owner.text === "exports") || isModuleExports(owner)) {
    if (isFunctionLike(unwrapExpression(expression.right))) add(target.name.text, target.name);
    else if (target.name.text !== "__esModule") info.hasUnknownExports = true;
  }
}

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

function unwrapExpression(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
    return ts.isPrivateIdentifier(name) ? undefined : name.text;
  return undefined;
}

function modifiers(node: ts.Node): readonly ts.ModifierLike[] {
  return (ts.canHaveModifiers(node) && ts.getModifiers(node)) || [];
}

function hasExport(node: ts.Node): boolean {
  return modifiers(node).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function hasDefault(node: ts.Node): boolean {
  return modifiers(node).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

function isStatic(node: ts.Node): boolean {
  return modifiers(node).some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
}
