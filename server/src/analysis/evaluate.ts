import ts = require("typescript");
import {
  AppCode,
  ApplicationConstraint,
  interned,
  OptionMap,
  OptionValue,
  record,
  redirect,
  RedirectCode,
  redirectValue,
  Span,
} from "resource-routes/internal";

import { AnchoredSpan, OptionSources } from "../incremental/optionSources";
import type { SourceText } from "../text/sourceText";
import { ANALYSIS_LIMITS, Budget, count } from "./budget";
import { type Evaluated, NotStatic } from "./evaluated";
import { tokenStart } from "./fileSyntax";
import { PACKAGE_NAME } from "./packageName";
import { Binding, ConstValue, type Imported, Scope } from "./scope";
import { StatementPlace } from "./statementPlace";

/**
 * Static evaluation: literals, arrays, object literals (with spreads of static objects), `as const`,
 * parentheses, templates of static parts and `const` identifiers resolved through their lexical
 * scopes. Never runs anything, and never goes over the file's budget: each const is evaluated once,
 * and what would exceed a limit (see ANALYSIS_LIMITS) is not static at the node that exceeded it.
 */
export class Evaluator {
  private depth = 0;
  /** The size of each list and object this evaluator made, entries counted through shared references (see sizeOf). */
  private readonly sizes = new WeakMap<object, number>();

  /** The statement being read (see DeclarationReader.readStatement): ranges inside it are made relative to it. */
  private place: StatementPlace | undefined;
  /** Where the last range made outside that statement ends (a const's value read through its name), or -1. */
  private outsideEnd = -1;

  /** Whether another module exports a name as the application's code (the reader's, from the modules it reads); none where the file is read without them. */
  importedCode: ((imported: Imported) => boolean) | undefined;
  /** An import was met where the application's code may stand, with no module to read it in: the file is to be read whole, with its modules. */
  wantsModules = false;

  /** `text`: the file's text, which every node evaluated lies in. */
  constructor(
    private readonly text: SourceText,
    readonly budget = new Budget(),
  ) {}

  span(node: ts.Node): Span {
    const start = tokenStart(this.text, node.pos, node.end);
    const place = this.place;
    if (place && !place.holds(start, node.end)) this.outsideEnd = Math.max(this.outsideEnd, node.end);
    // Anchored to the innermost statement that holds it (outside a nested statement, one around it), so that it moves with the file's edits.
    for (let holder = place; holder; holder = holder.parent) {
      if (holder.holds(start, node.end)) return new AnchoredSpan(holder, start - holder.pos, node.end - holder.pos);
    }
    return { start, end: node.end };
  }

  /**
   * Records where the option at `path` was written: its key and value nodes (one node for a list
   * element). Both inside the statement being read (nearly every option), as offsets from it with
   * no range object made; else as ranges.
   */
  private record(sources: OptionSources, path: string, keyNode: ts.Node, valueNode: ts.Node): void {
    const place = this.place;
    if (place) {
      const keyStart = tokenStart(this.text, keyNode.pos, keyNode.end);
      const valueStart = keyNode === valueNode ? keyStart : tokenStart(this.text, valueNode.pos, valueNode.end);
      if (place.holds(keyStart, keyNode.end) && place.holds(valueStart, valueNode.end)) {
        const from = place.pos;
        if (sources.setAnchored(path, place, keyStart - from, keyNode.end - from, valueStart - from, valueNode.end - from)) return;
      }
    }
    // An element is its own key: one range object for both (ranges move in place, each once).
    const key = this.span(keyNode);
    sources.set(path, { key, value: keyNode === valueNode ? key : this.span(valueNode) });
  }

  /**
   * Runs `read` with the ranges it makes inside `place` relative to it; gives where the last range
   * it made outside `place` ends (-1 when none did). Called again inside `read` for a statement of
   * a block (a place whose parent is `place`), what lies outside the inner place counts for the
   * outer one too.
   */
  within(place: StatementPlace, read: () => void): number {
    const outerPlace = this.place;
    const outerEnd = this.outsideEnd;
    this.place = place;
    this.outsideEnd = -1;
    let end = -1;
    try {
      read();
      end = this.outsideEnd;
      return end;
    } finally {
      this.place = outerPlace;
      this.outsideEnd = outerPlace ? Math.max(outerEnd, end) : -1;
    }
  }

  /** The place of the statement being read, if any: a block's statements are placed inside it. */
  get currentPlace(): StatementPlace | undefined {
    return this.place;
  }

  /**
   * Evaluates `node`; where `sources` is given, records the key and value spans of every option
   * under `path` (`member`, `member.mark`, `only.0`).
   */
  evaluate(node: ts.Expression, scope: Scope, sources?: OptionSources, path?: string): Evaluated {
    if (!this.budget.spend()) return new NotStatic(node, `a value needing more than ${count(ANALYSIS_LIMITS.steps)} evaluation steps`, "budget");
    if (this.depth >= ANALYSIS_LIMITS.valueDepth) return new NotStatic(node, `a value nested more than ${ANALYSIS_LIMITS.valueDepth} levels deep`, "depth");
    this.depth++;
    try {
      return this.evaluateNode(node, scope, sources, path);
    } finally {
      this.depth--;
    }
  }

  private evaluateNode(node: ts.Expression, scope: Scope, sources?: OptionSources, path?: string): Evaluated {
    if (node.kind === ts.SyntaxKind.ObjectLiteralExpression) return this.object(node as ts.ObjectLiteralExpression, scope, sources, path);
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        // One copy of a value written again and again (`"get"`, `"index"`): the parser makes a string per literal, and declarations keep them.
        return this.string(node, interned((node as ts.StringLiteral).text));
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
      case ts.SyntaxKind.CallExpression:
        return this.packageCall(node as ts.CallExpression, scope) ?? new NotStatic(node, describe(node));
      default:
        return new NotStatic(node, describe(node));
    }
  }

  /**
   * A call of a function of the package that makes a value: `unset("User::FORMAT")`, a value the
   * file does not have yet, named (see the runtime's unset); `redirect("/articles/%{id}", …)`, whose
   * value is the runtime's own redirect() of the arguments read. Undefined for any other call.
   */
  private packageCall(node: ts.CallExpression, scope: Scope): Evaluated {
    if (!ts.isIdentifier(node.expression)) return undefined;
    const binding = scope.lookup(node.expression.text);
    const imported = binding?.kind === "opaque" ? binding.imported : undefined;
    if (imported?.module !== PACKAGE_NAME) return undefined;
    const [first, second] = node.arguments;
    if (imported.name === "unset") return node.arguments.length === 1 && ts.isStringLiteralLike(first) ? new NotStatic(node, first.text, "unset") : undefined;
    if (imported.name !== "redirect" || node.arguments.length < 1 || node.arguments.length > 2) return undefined;
    // A function of the application answers the path: known to be one by its syntax, never run.
    const to = this.isFunction(first, scope) ? new RedirectCode(null) : this.evaluate(first, scope);
    if (to instanceof NotStatic) return to;
    const options = second === undefined ? undefined : this.evaluate(second, scope);
    if (options instanceof NotStatic) return options;
    if (to instanceof RedirectCode) return redirectValue(to, (options as { status?: number } | undefined)?.status);
    // The runtime's redirect() only puts its arguments in the shape drawing reads (and checks).
    return redirect(to as string, options as { status?: number }) as unknown as OptionMap;
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
      if (text.length > ANALYSIS_LIMITS.stringLength) return this.string(node, text);
    }
    return text;
  }

  /** A string within the length limit, else not static at `node`. */
  private string(node: ts.Node, text: string): Evaluated {
    if (text.length <= ANALYSIS_LIMITS.stringLength) return text;
    return new NotStatic(node, `a string longer than ${count(ANALYSIS_LIMITS.stringLength)} characters`, "budget");
  }

  /** Whether a list or object may grow by `more` entries to `size`: within the limit and the budget. */
  private room(node: ts.Node, size: number, more: number): NotStatic | undefined {
    if (size > ANALYSIS_LIMITS.listLength) return new NotStatic(node, `a list or object of more than ${count(ANALYSIS_LIMITS.listLength)} entries`, "budget");
    if (!this.budget.spend(more)) return new NotStatic(node, `a value needing more than ${count(ANALYSIS_LIMITS.steps)} evaluation steps`, "budget");
    return undefined;
  }

  private array(node: ts.ArrayLiteralExpression, scope: Scope, sources?: OptionSources, path?: string): Evaluated {
    const result: OptionValue[] = [];
    let size = 1;
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluate(element.expression, scope);
        if (spread instanceof NotStatic) return spread;
        if (!Array.isArray(spread)) return new NotStatic(element, "a spread of something that is not a list");
        const full = this.room(element, result.length + spread.length, spread.length) ?? this.grown(element, (size += this.sizeOf(spread) - 1));
        if (full) return full;
        for (const item of spread) result.push(item);
        continue;
      }
      if (element.kind === ts.SyntaxKind.OmittedExpression) continue;
      const full = this.room(element, result.length + 1, 0);
      if (full) return full;
      const itemPath = path === undefined ? undefined : join(path, String(result.length));
      if (sources && itemPath !== undefined) this.record(sources, itemPath, element, element);
      const value = this.evaluate(element, scope, sources, itemPath);
      if (value instanceof NotStatic) return value;
      if (value === undefined) continue;
      const large = this.grown(element, (size += this.sizeOf(value)));
      if (large) return large;
      result.push(value);
    }
    this.sizes.set(result, size);
    return result;
  }

  /**
   * How many entries a value holds counted through shared references, itself included: what a
   * stage that walks it (copies, merges, compares, prints) visits. Lists and objects this evaluator
   * made know theirs; a value from elsewhere (a binding given as a value) is counted once, bounded.
   */
  sizeOf(value: OptionValue): number {
    if (typeof value !== "object" || value === null || value instanceof RegExp) return 1;
    const known = this.sizes.get(value);
    if (known !== undefined) return known;
    let size = 1;
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      size += this.sizeOf(item);
      if (size > ANALYSIS_LIMITS.valueSize) break;
    }
    this.sizes.set(value, size);
    return size;
  }

  /** Not static at `node` once a value being made holds more than the limit of entries (see sizeOf). */
  private grown(node: ts.Node, size: number): NotStatic | undefined {
    if (size <= ANALYSIS_LIMITS.valueSize) return undefined;
    return new NotStatic(node, `a value of more than ${count(ANALYSIS_LIMITS.valueSize)} entries (shared parts counted each time they are used)`, "budget");
  }

  /**
   * An options object read leniently: a property whose value is not static is left out and
   * reported through `skip`, so the rest of the declaration still counts.
   */
  options(node: ts.Expression, scope: Scope, sources: OptionSources, skip: (missing: NotStatic) => void, applicationCode = false): Evaluated {
    const inner = unwrap(node);
    if (ts.isObjectLiteralExpression(inner)) return this.object(inner, scope, sources, undefined, skip, applicationCode);
    return this.evaluate(node, scope, sources);
  }

  /**
   * Constraints written as the application's code (behaviour C): a function, an object with a
   * `matches` method, an instance of a class (which the DSL's types allow only with one), or a
   * const or function of the file that is one. Known to be code by its syntax, never run.
   */
  applicationConstraint(node: ts.Expression, scope: Scope): ApplicationConstraint | undefined {
    const constraint = (inner: ts.Expression) =>
      ts.isArrowFunction(inner) ||
      ts.isFunctionExpression(inner) ||
      ts.isNewExpression(inner) ||
      (ts.isObjectLiteralExpression(inner) && inner.properties.some(isMatchesFunction));
    return this.isCode(node, scope, constraint) ? new ApplicationConstraint(null) : undefined;
  }

  /**
   * A route's application written as `to:` (behaviour C's Rack endpoint): a function, an object with
   * a `fetch` method, or a const or function of the file that is one. Known by its syntax, never run.
   */
  routeApplication(node: ts.Expression, scope: Scope): AppCode | undefined {
    const app = (inner: ts.Expression) =>
      ts.isArrowFunction(inner) || ts.isFunctionExpression(inner) || (ts.isObjectLiteralExpression(inner) && inner.properties.some(isFetchFunction));
    return this.isCode(node, scope, app) ? new AppCode(null) : undefined;
  }

  /** Whether an expression is a function: written here, a function of the file, or a const of the file that holds one. */
  isFunction(node: ts.Expression, scope: Scope): boolean {
    return this.isCode(node, scope, (inner) => ts.isArrowFunction(inner) || ts.isFunctionExpression(inner));
  }

  /**
   * Whether an expression is the application's code by its syntax: where `written` says so of the
   * expression itself, or a function of the file, or a const of the file whose value is.
   */
  private isCode(node: ts.Expression, scope: Scope, written: (inner: ts.Expression) => boolean): boolean {
    const inner = unwrap(node);
    if (written(inner)) return true;
    if (!ts.isIdentifier(inner)) return false;
    const binding = scope.lookup(inner.text);
    if (binding?.kind === "opaque" && binding.declared) return true;
    // An import of the application's own module: code where the module exports a function or an object with methods.
    if (binding?.kind === "opaque" && binding.imported && binding.imported.module !== PACKAGE_NAME) {
      if (!this.importedCode) this.wantsModules = true;
      return this.importedCode?.(binding.imported) ?? false;
    }
    if (binding?.kind !== "const" || inner.pos < binding.declaration.end || !this.budget.spend()) return false;
    return this.isCode(binding.initializer, binding.scope, written);
  }

  private object(
    node: ts.ObjectLiteralExpression,
    scope: Scope,
    sources?: OptionSources,
    path?: string,
    skip?: (missing: NotStatic) => void,
    applicationCode = false,
  ): Evaluated {
    const result: OptionMap = record();
    let size = 0;
    let entries = 1;
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression, scope, sources, path);
        if (spread instanceof NotStatic) return spread;
        if (typeof spread !== "object" || spread === null || Array.isArray(spread) || spread instanceof RegExp) {
          return new NotStatic(property, "a spread of something that is not an object");
        }
        const keys = Object.keys(spread);
        const full = this.room(property, (size += keys.length), keys.length) ?? this.grown(property, (entries += this.sizeOf(spread) - 1));
        if (full) return full;
        Object.assign(result, spread);
        continue;
      }
      const full = this.room(property, ++size, 0);
      if (full) return full;
      // `__proto__: x` (not computed) sets the object's prototype when run: no key of its own.
      if (isPrototypeSetter(property)) {
        const missing = new NotStatic(property, "a `__proto__:` entry, which sets the object's prototype,");
        if (skip) {
          skip(missing);
          continue;
        }
        return missing;
      }
      const key = this.propertyName(property, scope);
      if (key instanceof NotStatic) return key;
      const keyPath = join(path, key);
      let valueNode: ts.Expression;
      if (ts.isPropertyAssignment(property)) valueNode = property.initializer;
      else if (ts.isShorthandPropertyAssignment(property)) valueNode = property.name;
      else return new NotStatic(property, "a method or accessor");
      if (sources) this.record(sources, keyPath, property.name!, valueNode);
      const code = !applicationCode
        ? undefined
        : key === "constraints"
          ? this.applicationConstraint(valueNode, scope)
          : key === "to"
            ? this.routeApplication(valueNode, scope)
            : undefined;
      const value = code ?? this.evaluate(valueNode, scope, sources, keyPath);
      // An unset value is never left out alone: the declaration would draw routes without it.
      if (value instanceof NotStatic && skip && value.cause !== "unset") {
        skip(value);
        continue;
      }
      if (value instanceof NotStatic) return value;
      if (value === undefined) continue;
      const large = this.grown(property, (entries += this.sizeOf(value)));
      if (large) return large;
      result[key] = value;
    }
    this.sizes.set(result, entries);
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

  private identifier(node: ts.Identifier, scope: Scope, sources?: OptionSources, path?: string): Evaluated {
    const binding = scope.lookup(node.text);
    if (!binding) {
      if (node.text === "undefined") return undefined;
      return new NotStatic(node, `\`${node.text}\`, which is not a const of this file`);
    }
    if (binding.kind === "value") return this.used(node, binding.value);
    if (binding.kind === "opaque") return new NotStatic(node, `\`${node.text}\`, ${binding.what},`);
    // A const read before its declaration has run throws when run (its temporal dead zone).
    if (node.pos < binding.declaration.end) return new NotStatic(node, `\`${node.text}\`, used before its declaration,`);
    const evaluated = this.constValue(binding);
    // Said where it is used, naming the const: the declaration there is what is left out.
    if (evaluated.value instanceof NotStatic && evaluated.value.cause === "unset") {
      const named = evaluated.value.reason === node.text ? "" : ` (${evaluated.value.reason})`;
      return new NotStatic(node, `\`${node.text}\`${named}`, "unset");
    }
    if (evaluated.value instanceof NotStatic || evaluated.value === undefined) return evaluated.value;
    const used = this.used(node, evaluated.value);
    if (used instanceof NotStatic) return used;
    if (sources && !(path === undefined && Array.isArray(evaluated.value))) {
      for (const [below, source] of evaluated.sources) sources.set(join(path, below), source);
    }
    return evaluated.value;
  }

  /**
   * A named value where `node` uses it: each use is a copy that a later stage walks, so it is
   * charged its size (sizeOf) in steps, and a value used many times over costs what its uses do.
   */
  private used(node: ts.Node, value: OptionValue): Evaluated {
    if (this.budget.spend(this.sizeOf(value) - 1)) return value;
    return new NotStatic(node, `a value needing more than ${count(ANALYSIS_LIMITS.steps)} evaluation steps`, "budget");
  }

  /** A const's value, evaluated on first use with the option ranges it writes (paths relative to it), then kept. */
  private constValue(binding: Extract<Binding, { kind: "const" }>): ConstValue {
    if (!binding.evaluated) {
      const sources = new OptionSources();
      binding.evaluated = { value: this.evaluate(binding.initializer, binding.scope, sources, ""), sources };
    }
    return binding.evaluated;
  }
}

/** An option path below `path` (`member` + `mark` → `member.mark`); "" is the root of a const's value. */
function join(path: string | undefined, key: string): string {
  return path ? interned(`${path}.${key}`) : key;
}

/** `matches(request) { … }`, or `matches:` given a function: what makes an object a constraint of the application's code. */
function isMatchesFunction(property: ts.ObjectLiteralElementLike): boolean {
  return isMethodNamed(property, "matches");
}

/** `fetch(request) { … }` or `fetch: (request) => …`: an object's fetch handler. */
function isFetchFunction(property: ts.ObjectLiteralElementLike): boolean {
  return isMethodNamed(property, "fetch");
}

/** Whether an object literal's property is a function of that name. */
function isMethodNamed(property: ts.ObjectLiteralElementLike, method: string): boolean {
  const name = property.name;
  if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name)) || name.text !== method) return false;
  if (ts.isMethodDeclaration(property)) return true;
  if (!ts.isPropertyAssignment(property)) return false;
  const value = unwrap(property.initializer);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value);
}

function isPrototypeSetter(property: ts.ObjectLiteralElementLike): boolean {
  return ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name) && property.name.text === "__proto__";
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
