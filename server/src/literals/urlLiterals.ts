import ts = require("typescript");

/*
 * URLs written by hand in TS/JS/TSX/JSX: string literals, templates whose substitutions are whole
 * path segments, and `+` concatenations of those, where a URL goes, beginning with `/`. Found in
 * TypeScript's syntax tree alone: nothing is type-checked or run.
 */

/**
 * A piece of a written URL: text as written, or an expression standing for one whole path segment,
 * with what is known of the text it writes: a number's digits, a value already escaped by
 * `encodeURIComponent(argument)`, or any text at all (`raw`).
 */
type UrlPiece = { text: string } | Substitution;

export interface Substitution {
  /** The expression as written. */
  expression: string;
  form: "number" | "encoded" | "raw";
  /** What a helper takes in its place: the expression, or the argument `encodeURIComponent` escapes. */
  argument: string;
}

export interface UrlLiteral {
  /** The literal's (or the whole concatenation's) place in the file. */
  start: number;
  end: number;
  pieces: UrlPiece[];
  /** The request method the context gives (`fetch(url, { method: "POST" })`, `$.post(url)`, a form's method), else GET. */
  method: string;
  /** Whether the context says the method (a known request form, a link, a form): otherwise GET is a guess, and a path whose routes differ by verb is ambiguous. */
  methodKnown: boolean;
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
        const method = methodOf(node);
        found.push({
          start: node.getStart(file),
          end: node.getEnd(),
          pieces,
          method: method ?? "GET",
          methodKnown: method !== undefined,
          jsxAttribute: ts.isJsxAttribute(node.parent),
        });
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
  // A list of URLs (`["/posts", "/tags"]`): each a URL where the list is in a URL's place or bound to a name.
  if (ts.isArrayLiteralExpression(parent)) return true;
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
      for (const span of expression.templateSpans) pieces.push(substitution(span.expression, file), { text: span.literal.text });
    } else if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) terms.push(expression.right, expression.left);
    else if (ts.isParenthesizedExpression(expression)) terms.push(expression.expression);
    else pieces.push(substitution(expression, file));
  }
  const merged = mergeTexts(pieces);
  return merged.every((piece, i) => !("expression" in piece) || wholeSegment(merged, i)) ? merged : undefined;
}

/** Calls whose result is a number: their digits are all a substitution can write. */
const NUMBER_CALLS = new Set(["Number", "parseInt", "parseFloat", "Math.floor", "Math.ceil", "Math.round", "Math.trunc", "Math.abs", "Math.max", "Math.min"]);

/** What is known, from the syntax alone, of the text a substitution writes. */
function substitution(node: ts.Expression, file: ts.SourceFile): Substitution {
  const expression = node.getText(file);
  let inner: ts.Expression = node;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  if (ts.isCallExpression(inner) && inner.arguments.length === 1 && !ts.isSpreadElement(inner.arguments[0])) {
    const callee = inner.expression.getText(file);
    if (callee === "encodeURIComponent") return { expression, form: "encoded", argument: inner.arguments[0].getText(file) };
    if (NUMBER_CALLS.has(callee)) return { expression, form: "number", argument: expression };
  }
  const numeric =
    ts.isNumericLiteral(inner) ||
    declaredNumber(inner) ||
    (ts.isPrefixUnaryExpression(inner) && [ts.SyntaxKind.MinusToken, ts.SyntaxKind.PlusToken].includes(inner.operator)) ||
    (ts.isPropertyAccessExpression(inner) && inner.name.text === "length") ||
    (ts.isBinaryExpression(inner) &&
      [ts.SyntaxKind.MinusToken, ts.SyntaxKind.AsteriskToken, ts.SyntaxKind.SlashToken, ts.SyntaxKind.PercentToken].includes(inner.operatorToken.kind));
  return { expression, form: numeric ? "number" : "raw", argument: expression };
}

/**
 * Whether the file declares the value a number: a name whose declaration in scope (a parameter, a
 * variable) is annotated `number`, or a property of one whose annotation is an object type that
 * gives the property `number` (`post: { id: number }` for `post.id`). Read from the annotations
 * alone, which TypeScript holds the code to; nothing is inferred.
 */
function declaredNumber(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return isNumberType(declaredType(node));
  return ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && isNumberType(memberType(declaredType(node.expression), node.name.text));
}

/** The annotation of a required property of an object type written out (`{ id: number }`), by its name. */
function memberType(owner: ts.TypeNode | undefined, name: string): ts.TypeNode | undefined {
  if (!owner || !ts.isTypeLiteralNode(owner)) return undefined;
  const member = owner.members.find(
    (m): m is ts.PropertySignature => ts.isPropertySignature(m) && !m.questionToken && ts.isIdentifier(m.name) && m.name.text === name,
  );
  return member?.type;
}

function isNumberType(type: ts.TypeNode | undefined): boolean {
  return type?.kind === ts.SyntaxKind.NumberKeyword;
}

/** The annotation of the declaration a name refers to, found through the scopes around it (the nearest declaration of the name wins). */
function declaredType(name: ts.Identifier): ts.TypeNode | undefined {
  for (let scope: ts.Node | undefined = name.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      for (const parameter of scope.parameters) {
        if (ts.isIdentifier(parameter.name) && parameter.name.text === name.text)
          return parameter.questionToken || parameter.dotDotDotToken ? undefined : parameter.type;
        // `({ id }: { id: number })`: the member of the annotation that the binding names.
        const element = ts.isObjectBindingPattern(parameter.name)
          ? parameter.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === name.text && !e.dotDotDotToken && !e.initializer)
          : undefined;
        if (!element) continue;
        const key = element.propertyName ?? element.name;
        return ts.isIdentifier(key) ? memberType(parameter.type, key.text) : undefined;
      }
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const declaration = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name.text);
        if (declaration) return statement.declarationList.flags & ts.NodeFlags.Const ? declaration.type : undefined;
      }
    }
  }
  return undefined;
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

/** Calls that send a request of their own verb: jQuery's and axios's shorthands, by the callee's last name. */
const VERB_CALLS: Record<string, string> = { get: "GET", getJSON: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", del: "DELETE" };
/** Receivers of those shorthands: jQuery and axios (a `get` of anything else, a Map's, says nothing of a request). */
const REQUEST_LIBRARIES = new Set(["$", "jQuery", "axios", "http", "api", "client", "superagent", "request"]);
/** Calls that send a GET, or a request whose options say its method (fetch, $.ajax, axios), and navigations. */
const REQUEST_CALLS = new Set([
  "fetch",
  "$.ajax",
  "jQuery.ajax",
  "axios",
  "axios.request",
  "window.open",
  "location.assign",
  "location.replace",
  "window.location.assign",
  "window.location.replace",
]);

/**
 * The request method the literal's context gives, or undefined where it says none: a form's
 * method, a link's GET, fetch's and $.ajax's options (`method`, `type`), a request library's verb
 * (`$.post`, `axios.put`), a navigation.
 */
function methodOf(node: ts.Expression): string | undefined {
  // A form's action (`<form action="/posts" method="post">`): the form's method, GET where it has none, as browsers send it.
  const attribute = ts.isJsxExpression(node.parent) ? node.parent.parent : node.parent;
  if (attribute && ts.isJsxAttribute(attribute) && ts.isJsxAttributes(attribute.parent)) {
    for (const sibling of attribute.parent.properties) {
      if (ts.isJsxAttribute(sibling) && sibling.name.getText() === "method" && sibling.initializer && ts.isStringLiteral(sibling.initializer))
        return sibling.initializer.text.toUpperCase();
    }
    return "GET";
  }
  // `{ url: "/x", method: "post" }` given to fetch-like calls ($.ajax({ url, type }), axios({ url, method })).
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent) && ts.isObjectLiteralExpression(parent.parent)) {
    const call = parent.parent.parent;
    if (call && ts.isCallExpression(call) && REQUEST_CALLS.has(call.expression.getText())) return optionsMethod(parent.parent) ?? "GET";
    return undefined;
  }
  if (parent && ts.isBinaryExpression(parent) && /^(window\.)?location(\.href)?$/.test(parent.left.getText())) return "GET";
  if (!parent || !ts.isCallExpression(parent) || parent.arguments[0] !== node) return undefined;
  const callee = parent.expression.getText();
  const options = parent.arguments[1];
  if (REQUEST_CALLS.has(callee)) return (options && ts.isObjectLiteralExpression(options) ? optionsMethod(options) : undefined) ?? "GET";
  if (ts.isPropertyAccessExpression(parent.expression) && REQUEST_LIBRARIES.has(parent.expression.expression.getText()))
    return VERB_CALLS[parent.expression.name.text];
  return undefined;
}

/** The `method` (or jQuery's `type`) of a request's options, upper-cased. */
function optionsMethod(options: ts.ObjectLiteralExpression): string | undefined {
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && ["method", "type"].includes(propertyName(property.name)) && ts.isStringLiteral(property.initializer))
      return property.initializer.text.toUpperCase();
  }
  return undefined;
}
