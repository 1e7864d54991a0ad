import * as ts from "typescript";
import { OptionSource, Span } from "../routing/declarations";
import { OptionMap, OptionValue } from "../routing/values";

/** What a name in scope stands for: a value already known, or a `const` initialiser read on demand. */
export type Binding = { value: OptionValue } | { initializer: ts.Expression; scope: Scope };

/** Lexical scope of `const` bindings (file level, callbacks, loop variables). */
export class Scope {
  private readonly bindings = new Map<string, Binding>();
  constructor(readonly parent?: Scope) {}

  lookup(name: string): Binding | undefined {
    return this.bindings.get(name) ?? this.parent?.lookup(name);
  }

  bind(name: string, binding: Binding): void {
    this.bindings.set(name, binding);
  }
}

/** A value the analyser could not know without running code: the exact node that stopped it. */
export class NotStatic {
  constructor(readonly node: ts.Node, readonly reason: string) {}
}

export type Evaluated = OptionValue | undefined | NotStatic;

/**
 * Static evaluation: literals, arrays, object literals (with spreads of static objects), `as const`,
 * parentheses, templates of static parts and `const` identifiers. Never runs anything.
 */
export class Evaluator {
  private readonly resolving = new Set<ts.Expression>();

  constructor(private readonly file: ts.SourceFile) {}

  span(node: ts.Node): Span {
    return { start: node.getStart(this.file), end: node.end };
  }

  /**
   * Evaluates `node`; where `sources` is given, records the key and value spans of every option
   * under `path` (`member`, `member.mark`, `only.0`).
   */
  evaluate(node: ts.Expression, scope: Scope, sources?: Map<string, OptionSource>, path?: string): Evaluated {
    if (node.kind === ts.SyntaxKind.ObjectLiteralExpression) return this.object(node as ts.ObjectLiteralExpression, scope, sources, path);
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        return (node as ts.StringLiteral).text;
      case ts.SyntaxKind.NumericLiteral:
        return Number((node as ts.NumericLiteral).text);
      case ts.SyntaxKind.TrueKeyword:
        return true;
      case ts.SyntaxKind.FalseKeyword:
        return false;
      case ts.SyntaxKind.NullKeyword:
        return null;
      case ts.SyntaxKind.RegularExpressionLiteral:
        return this.regExp(node as ts.RegularExpressionLiteral);
      case ts.SyntaxKind.PrefixUnaryExpression:
        return this.negative(node as ts.PrefixUnaryExpression, scope);
      case ts.SyntaxKind.TemplateExpression:
        return this.template(node as ts.TemplateExpression, scope);
      case ts.SyntaxKind.ArrayLiteralExpression:
        return this.array(node as ts.ArrayLiteralExpression, scope, sources, path);
      case ts.SyntaxKind.ParenthesizedExpression:
      case ts.SyntaxKind.AsExpression:
      case ts.SyntaxKind.SatisfiesExpression:
      case ts.SyntaxKind.TypeAssertionExpression:
      case ts.SyntaxKind.NonNullExpression:
        return this.evaluate((node as ts.ParenthesizedExpression).expression, scope, sources, path);
      case ts.SyntaxKind.Identifier:
        return this.identifier(node as ts.Identifier, scope, sources, path);
      default:
        return new NotStatic(node, describe(node));
    }
  }

  private regExp(node: ts.RegularExpressionLiteral): Evaluated {
    const text = node.text;
    const close = text.lastIndexOf("/");
    try {
      return new RegExp(text.slice(1, close), text.slice(close + 1));
    } catch (error) {
      return new NotStatic(node, `an invalid regular expression (${(error as Error).message})`);
    }
  }

  private negative(node: ts.PrefixUnaryExpression, scope: Scope): Evaluated {
    const operand = this.evaluate(node.operand, scope);
    if (node.operator === ts.SyntaxKind.MinusToken && typeof operand === "number") return -operand;
    if (node.operator === ts.SyntaxKind.PlusToken && typeof operand === "number") return operand;
    return operand instanceof NotStatic ? operand : new NotStatic(node, "an operator expression");
  }

  private template(node: ts.TemplateExpression, scope: Scope): Evaluated {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const value = this.evaluate(span.expression, scope);
      if (value instanceof NotStatic) return value;
      if (typeof value !== "string" && typeof value !== "number") return new NotStatic(span.expression, "a template part that is not a string");
      text += String(value) + span.literal.text;
    }
    return text;
  }

  private array(node: ts.ArrayLiteralExpression, scope: Scope, sources?: Map<string, OptionSource>, path?: string): Evaluated {
    const result: OptionValue[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluate(element.expression, scope);
        if (spread instanceof NotStatic) return spread;
        if (!Array.isArray(spread)) return new NotStatic(element, "a spread of something that is not a list");
        result.push(...spread);
        continue;
      }
      if (element.kind === ts.SyntaxKind.OmittedExpression) continue;
      const itemPath = path === undefined ? undefined : `${path}.${result.length}`;
      if (sources && itemPath !== undefined) sources.set(itemPath, { key: this.span(element), value: this.span(element) });
      const value = this.evaluate(element, scope, sources, itemPath);
      if (value instanceof NotStatic) return value;
      if (value !== undefined) result.push(value);
    }
    return result;
  }

  /**
   * An options object read leniently: a property whose value is not static is left out and
   * reported through `skip`, so the rest of the declaration still counts.
   */
  options(node: ts.Expression, scope: Scope, sources: Map<string, OptionSource>, skip: (missing: NotStatic) => void): Evaluated {
    const inner = unwrap(node);
    if (ts.isObjectLiteralExpression(inner)) return this.object(inner, scope, sources, undefined, skip);
    return this.evaluate(node, scope, sources);
  }

  private object(
    node: ts.ObjectLiteralExpression,
    scope: Scope,
    sources?: Map<string, OptionSource>,
    path?: string,
    skip?: (missing: NotStatic) => void,
  ): Evaluated {
    const result: OptionMap = {};
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression, scope, sources, path);
        if (spread instanceof NotStatic) return spread;
        if (typeof spread !== "object" || spread === null || Array.isArray(spread) || spread instanceof RegExp) {
          return new NotStatic(property, "a spread of something that is not an object");
        }
        Object.assign(result, spread);
        continue;
      }
      const key = this.propertyName(property, scope);
      if (key instanceof NotStatic) return key;
      const keyPath = path === undefined ? key : `${path}.${key}`;
      let valueNode: ts.Expression;
      if (ts.isPropertyAssignment(property)) valueNode = property.initializer;
      else if (ts.isShorthandPropertyAssignment(property)) valueNode = property.name;
      else return new NotStatic(property, "a method or accessor");
      if (sources) sources.set(keyPath, { key: this.span(property.name!), value: this.span(valueNode) });
      const value = this.evaluate(valueNode, scope, sources, keyPath);
      if (value instanceof NotStatic && skip) {
        skip(value);
        continue;
      }
      if (value instanceof NotStatic) return value;
      if (value !== undefined) result[key] = value;
    }
    return result;
  }

  private propertyName(property: ts.ObjectLiteralElementLike, scope: Scope): string | NotStatic {
    const name = property.name;
    if (!name) return new NotStatic(property, "a property without a name");
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
    if (ts.isComputedPropertyName(name)) {
      const key = this.evaluate(name.expression, scope);
      if (typeof key === "string" || typeof key === "number") return String(key);
      return key instanceof NotStatic ? key : new NotStatic(name, "a computed key");
    }
    return new NotStatic(name, "a computed key");
  }

  private identifier(node: ts.Identifier, scope: Scope, sources?: Map<string, OptionSource>, path?: string): Evaluated {
    if (node.text === "undefined") return undefined;
    const binding = scope.lookup(node.text);
    if (!binding) return new NotStatic(node, `\`${node.text}\`, which is not a const of this file`);
    if ("value" in binding) return binding.value;
    if (this.resolving.has(binding.initializer)) return new NotStatic(node, `\`${node.text}\`, which refers to itself`);
    this.resolving.add(binding.initializer);
    try {
      return this.evaluate(binding.initializer, binding.scope, sources, path);
    } finally {
      this.resolving.delete(binding.initializer);
    }
  }
}

/** Parentheses and type assertions say nothing about a value. */
export function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** How a not-static expression reads in a message. */
function describe(node: ts.Node): string {
  switch (node.kind) {
    case ts.SyntaxKind.CallExpression:
      return "a function call";
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.ElementAccessExpression:
      return "a property read";
    case ts.SyntaxKind.ConditionalExpression:
    case ts.SyntaxKind.BinaryExpression:
      return "a computed expression";
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.FunctionExpression:
      return "a function";
    default:
      return "an expression that is not a literal";
  }
}
