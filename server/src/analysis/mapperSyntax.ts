import ts = require("typescript");
import { type Declaration, DECLARATION_KINDS, type DeclarationKind, type Diagnostic, SCOPED_DECLARATION_KINDS, type Span } from "resource-routes/internal";

import type { FunctionNode } from "./callArguments";
import { unwrap } from "./evaluate";
import { type Evaluated, NotStatic } from "./evaluated";
import { Scope } from "./scope";

/*
 * The syntax the reader asks of a routing file beside its values: which mapper a name is, what a
 * function's body binds, a loop's variable.
 */

/** The mappers in scope by name, each with the list its calls declare into. */
export type Mappers = ReadonlyMap<string, Declaration[]>;

/** The scope of a function's body (a callback's, or one of the file's): its parameters, and what its body declares. */
export function functionScope(fn: FunctionNode | ts.FunctionDeclaration, outer: Scope): Scope {
  const scope = new Scope(outer).declareParameters(fn.parameters);
  return fn.body && ts.isBlock(fn.body) ? scope.declareBlock(fn.body.statements, true) : scope;
}

/** The one const loop variable of `for (const r of list)`: a `let` or `var` one may be reassigned in the body. */
export function loopVariable(initializer: ts.ForInitializer): string | { why: string } {
  if (!ts.isVariableDeclarationList(initializer) || initializer.declarations.length !== 1) return { why: "a loop without one declared variable" };
  const name = initializer.declarations[0].name;
  if (!ts.isIdentifier(name)) return { why: "a destructured loop variable" };
  if (!(initializer.flags & ts.NodeFlags.Const)) return { why: "a loop variable that is not const" };
  return name.text;
}

/** The mapper an argument names (`map`), if it names one. */
export function mapperNamed(argument: ts.Expression, mappers: Mappers): string | undefined {
  const e = unwrap(argument);
  return ts.isIdentifier(e) && mappers.has(e.text) ? e.text : undefined;
}

/** Whether `node` names one of the mappers (so skipping it would lose routes). */
export function mentions(node: ts.Node, mappers: Mappers): boolean {
  if (ts.isIdentifier(node)) return mappers.has(node.text);
  return ts.forEachChild(node, (child) => mentions(child, mappers) || undefined) ?? false;
}

/** The methods of A and B's mapper (Rails 2's `map`), and of C's (modern Rails' DSL). */
const MAPPER_METHODS: ReadonlySet<string> = new Set<DeclarationKind>(DECLARATION_KINDS);
const SCOPED_METHODS: ReadonlySet<string> = new Set<DeclarationKind>(SCOPED_DECLARATION_KINDS);

export function mapperMethods(scoped: boolean): ReadonlySet<string> {
  return scoped ? SCOPED_METHODS : MAPPER_METHODS;
}

/** A call on a mapper that has no such method: said, and the call left out. */
export function unknownMapperMethod(method: string, methods: ReadonlySet<string>, span: Span): Diagnostic {
  return { severity: "warning", code: "unknown-mapper-method", message: `The mapper has no method "${method}" (it has ${[...methods].join(", ")})`, span };
}

/**
 * A function's parameters bound for a call with a mapper: each parameter given a mapper names its
 * list (hiding a mapper of the same name outside), one given a static value holds it (`value` of
 * its argument); a mapper passed to a rest or destructured parameter is not static.
 */
export function boundParameters(
  fn: ts.FunctionDeclaration,
  call: ts.CallExpression,
  mappers: Mappers,
  bodyScope: Scope,
  value: (argument: ts.Expression) => Evaluated,
): { inner: Mappers; bodyScope: Scope } | NotStatic {
  const inner = new Map(mappers);
  for (const [i, parameter] of fn.parameters.entries()) {
    const argument = call.arguments[i];
    const mapper = argument && mapperNamed(argument, mappers);
    const plain = ts.isIdentifier(parameter.name) && !parameter.dotDotDotToken;
    if (!plain && mapper) return new NotStatic(parameter, "a mapper passed to a rest or destructured parameter");
    if (!ts.isIdentifier(parameter.name) || !plain) continue;
    inner.delete(parameter.name.text);
    if (mapper) inner.set(parameter.name.text, mappers.get(mapper)!);
    else if (argument) {
      const known = value(argument);
      if (known !== undefined && !(known instanceof NotStatic)) bodyScope.bind(parameter.name.text, { kind: "value", value: known });
    }
  }
  return { inner, bodyScope };
}
