import ts = require("typescript");

/*
 * URLs written by hand in TS/JS/TSX/JSX: string literals, templates whose substitutions are whole
 * path segments, and `+` concatenations of those, where a URL goes, beginning with `/`. Found in
 * TypeScript's syntax tree alone: nothing is type-checked or run.
 */

/** A piece of a written URL: text as written, or an expression standing for one whole path segment. */
type UrlPiece = { text: string } | { expression: string };

export interface UrlLiteral {
  /** The literal's (or the whole concatenation's) place in the file. */
  start: number;
  end: number;
  pieces: UrlPiece[];
  /** The request method the context gives (`fetch(url, { method: "POST" })`, a form's method), else GET. */
  method: string;
  /** A JSX attribute's string (`href="/posts"`): a replacement goes in braces. */
  jsxAttribute: boolean;
}

/** A literal's path as written, each substitution standing as `stand`, without its query or fragment. */
export function literalPath(literal: UrlLiteral, stand: string): string {
  return literal.pieces
    .map((piece) => ("text" in piece ? piece.text : stand))
    .join("")
    .replace(/[?#].*$/, "");
}

/** Call arguments named by their callee that take a URL; any other call's argument is one only when it is a string beginning with `/`. */
const URL_ATTRIBUTES = new Set(["href", "action", "src", "to", "formAction"]);
const URL_PROPERTIES = new Set(["url", "href", "path", "location", "action", "to"]);

/** Every URL literal of a file, in file order. */
export function urlLiterals(file: ts.SourceFile): UrlLiteral[] {
  const found: UrlLiteral[] = [];
  // Walked with a stack of its own, in file order: a concatenation of thousands of terms nests that deep.
  const stack: ts.Node[] = [file];
  while (stack.length) {
    const node = stack.pop()!;
    if (isUrlExpression(node) && inUrlPlace(node)) {
      const pieces = piecesOf(node, file);
      if (pieces && startsWithSlash(pieces)) {
        found.push({ start: node.getStart(file), end: node.getEnd(), pieces, method: methodOf(node), jsxAttribute: ts.isJsxAttribute(node.parent) });
        continue;
      }
    }
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => void children.push(child));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return found;
}

/** The most pieces a URL written by hand is made of: a longer concatenation is not one (and is not read further). */
const MAX_PIECES = 64;

function isUrlExpression(node: ts.Node): node is ts.Expression {
  return (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateExpression(node) ||
    (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
  );
}

/** Where a URL goes: a call's argument, a JSX URL attribute, a URL-named property, a `return`, an assignment or an initialiser. */
function inUrlPlace(node: ts.Expression): boolean {
  let at: ts.Node = node;
  while (ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const parent = at.parent;
  if (!parent) return false;
  // The outermost `+` is the literal: a part of a concatenation is not one of its own.
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken) return false;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return parent.arguments?.includes(at as ts.Expression) ?? false;
  if (ts.isJsxExpression(parent)) return ts.isJsxAttribute(parent.parent) && URL_ATTRIBUTES.has(parent.parent.name.getText());
  if (ts.isJsxAttribute(parent)) return URL_ATTRIBUTES.has(parent.name.getText());
  if (ts.isPropertyAssignment(parent)) return parent.initializer === at && URL_PROPERTIES.has(propertyName(parent.name));
  if (ts.isReturnStatement(parent) || ts.isArrowFunction(parent)) return true;
  if (ts.isVariableDeclaration(parent)) return parent.initializer === at;
  return ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === at;
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : "";
}

/** The pieces of a literal, or undefined when a substitution is not a whole path segment (`/posts-${x}`). */
function piecesOf(node: ts.Expression, file: ts.SourceFile): UrlPiece[] | undefined {
  const pieces: UrlPiece[] = [];
  // The terms of `a + b + c` (a left-nested tree), left to right, from a stack: no recursion on its depth.
  const terms: ts.Expression[] = [node];
  while (terms.length) {
    if (pieces.length > MAX_PIECES) return undefined;
    const expression = terms.pop()!;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) pieces.push({ text: expression.text });
    else if (ts.isTemplateExpression(expression)) {
      pieces.push({ text: expression.head.text });
      for (const span of expression.templateSpans) pieces.push({ expression: span.expression.getText(file) }, { text: span.literal.text });
    } else if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) terms.push(expression.right, expression.left);
    else if (ts.isParenthesizedExpression(expression)) terms.push(expression.expression);
    else pieces.push({ expression: expression.getText(file) });
  }
  const merged = mergeTexts(pieces);
  return merged.every((piece, i) => !("expression" in piece) || wholeSegment(merged, i)) ? merged : undefined;
}

function mergeTexts(pieces: UrlPiece[]): UrlPiece[] {
  const merged: UrlPiece[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if ("text" in piece && last && "text" in last) merged[merged.length - 1] = { text: last.text + piece.text };
    else if (!("text" in piece) || piece.text) merged.push(piece);
  }
  return merged;
}

/** A substitution after a `/` of the path, and before a `/`, the query, the fragment, a `.` (a format) or the end. */
function wholeSegment(pieces: readonly UrlPiece[], index: number): boolean {
  const before = pieces[index - 1];
  const after = pieces[index + 1];
  if (!before || !("text" in before) || !before.text.endsWith("/") || /[?#]/.test(before.text)) return false;
  return !after || ("text" in after && /^[/?#.]|^$/.test(after.text));
}

function startsWithSlash(pieces: readonly UrlPiece[]): boolean {
  const [first] = pieces;
  return !!first && "text" in first && first.text.startsWith("/") && !first.text.startsWith("//");
}

/** `fetch(url, { method: "POST" })`: the method the call's options give. */
function methodOf(node: ts.Expression): string {
  // A form's action (`<form action="/posts" method="post">`): the form's method, GET where it has none, as browsers send it.
  const attribute = ts.isJsxExpression(node.parent) ? node.parent.parent : node.parent;
  if (attribute && ts.isJsxAttribute(attribute) && ts.isJsxAttributes(attribute.parent)) {
    for (const sibling of attribute.parent.properties) {
      if (ts.isJsxAttribute(sibling) && sibling.name.getText() === "method" && sibling.initializer && ts.isStringLiteral(sibling.initializer))
        return sibling.initializer.text.toUpperCase();
    }
    return "GET";
  }
  const call = node.parent;
  if (call && ts.isCallExpression(call) && call.arguments[0] === node) {
    const options = call.arguments[1];
    if (options && ts.isObjectLiteralExpression(options)) {
      for (const property of options.properties) {
        if (ts.isPropertyAssignment(property) && propertyName(property.name) === "method" && ts.isStringLiteral(property.initializer))
          return property.initializer.text.toUpperCase();
      }
    }
  }
  return "GET";
}
