import ts = require("typescript");
import type { Span } from "resource-routes/internal";

/**
 * What a test expects of a URL written by hand, beside it in the same statement: `assertRouting(routes,
 * { path: "/posts/1" }, { controller: "posts", action: "show" })`, `expect(recognize("/posts/1")).toBe("posts#show")`. When
 * a rename moves the URL to a route of another controller, the expectation changes with it, or the
 * URL is not moved at all: a passing test must keep passing.
 */
export type ExpectedTargets = { edits: Array<{ span: Span; newText: string }> } | { blocked: true };

/**
 * The edits that make the statement around the literal at `literal` expect controller `to` where it
 * expects `from`; blocked where it names a controller the reader cannot follow (not a plain string).
 */
export function expectedTargetEdits(file: ts.SourceFile, literal: Span, from: string, to: string): ExpectedTargets {
  const statement = enclosingStatement(file, literal);
  if (!statement) return { edits: [] };
  const edits: Array<{ span: Span; newText: string }> = [];
  // With a stack of its own: an argument may nest deeper than a recursion goes.
  const stack: ts.Node[] = [statement];
  while (stack.length) {
    const node = stack.pop()!;
    if (ts.isPropertyAssignment(node) && propertyName(node.name) === "controller") {
      const value = node.initializer;
      if (!ts.isStringLiteralLike(value)) return { blocked: true };
      if (value.text === from) edits.push({ span: inner(value, file), newText: to });
    } else if (ts.isStringLiteralLike(node) && node.text.startsWith(`${from}#`) && /^[\w/]+#\w+$/.test(node.text)) {
      edits.push({ span: inner(node, file), newText: `${to}${node.text.slice(from.length)}` });
    } else ts.forEachChild(node, (child) => void stack.push(child));
  }
  return { edits };
}

/** The innermost statement that holds the span, found by going down the nodes that hold it. */
function enclosingStatement(file: ts.SourceFile, span: Span): ts.Statement | undefined {
  let found: ts.Statement | undefined;
  let node: ts.Node | undefined = file;
  while (node) {
    if (ts.isExpressionStatement(node) || ts.isVariableStatement(node) || ts.isReturnStatement(node)) found = node;
    node = ts.forEachChild(node, (child) => (child.getStart(file) <= span.start && child.getEnd() >= span.end ? child : undefined));
  }
  return found;
}
function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined;
}

/** A string literal's text without its quotes. */
function inner(literal: ts.StringLiteralLike, file: ts.SourceFile): Span {
  return { start: literal.getStart(file) + 1, end: literal.getEnd() - 1 };
}
