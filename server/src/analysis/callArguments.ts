import ts = require("typescript");
import {
  AppCode,
  ApplicationConstraint,
  Declaration,
  DeclarationKind,
  Diagnostic,
  DirectCode,
  isOptionMap,
  OptionMap,
  OptionValue,
  ResolveCode,
} from "resource-routes/internal";

import { OptionSources } from "../incremental/optionSources";
import { Evaluator, unwrap } from "./evaluate";
import { type Evaluated, NotStatic } from "./evaluated";
import { Scope } from "./scope";

/*
 * A mapper call's arguments as a declaration: its names (strings), its options (one object, where
 * each option was written), and the callback of its block.
 */

export type FunctionNode = ts.ArrowFunction | ts.FunctionExpression;

/** What a mapper call's arguments say, as far as they are static. */
export interface CallArguments {
  strings: Array<{ value: string; node: ts.Node }>;
  options: OptionMap;
  sources: OptionSources;
  block?: FunctionNode;
  /** C's `constraints(code, block)`: the application's code it was given. */
  constraint?: ApplicationConstraint;
  /**
   * The declaration's `to`, given apart from its options: C's `mount(app, options)`, the
   * application, which the first argument always is; `direct(name, fn)`, the helper's function;
   * `resolve(models, target)`, the target, a value or a function.
   */
  to?: AppCode | DirectCode | ResolveCode | OptionValue;
}

/**
 * The arguments of a mapper call, `...list` spreads of static lists opened up; undefined where one
 * cannot be known (said through `notStatic`, and the declaration is left out).
 */
export function callArguments(
  call: ts.CallExpression,
  evaluator: Evaluator,
  scope: Scope,
  notStatic: (missing: NotStatic, consequence: string) => void,
  kind?: DeclarationKind,
  applicationCode = false,
): CallArguments | undefined {
  const read: CallArguments = { strings: [], options: {}, sources: new OptionSources() };
  const args = spreadArguments(call, evaluator, scope);
  for (let index = 0; index < args.length; index++) {
    const argument = args[index];
    if (argument instanceof NotStatic) {
      notStatic(argument, "this declaration is left out");
      return undefined;
    }
    const node = unwrap(argument.node);
    if (applicationCode && kind === "mount" && index === 0) {
      read.to = new AppCode(null);
      continue;
    }
    // C's `direct(name, (…args) => url)`: a function is the helper's target, not a block of calls.
    if (applicationCode && kind === "direct" && index === 1 && evaluator.isFunction(node, scope)) {
      read.to = new DirectCode(null);
      continue;
    }
    // C's `resolve(models, target, defaults)`: a function its target, the application's code.
    const resolving = kind === "resolve" && index < 2;
    if (resolving && index === 1 && applicationCode && evaluator.isFunction(node, scope)) {
      read.to = new ResolveCode(null);
      continue;
    }
    // C's `constraints(code, block)`: its first argument may be the application's code in place of a map.
    if (applicationCode && kind === "constraints" && index === 0 && args.length > 1) {
      const code = evaluator.applicationConstraint(node, scope);
      if (code) {
        read.constraint = code;
        continue;
      }
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      read.block = node;
      continue;
    }
    const value: Evaluated =
      argument.value !== undefined
        ? argument.value
        : evaluator.options(node, scope, read.sources, (missing) => notStatic(missing, "this option is left out"), applicationCode && !resolving);
    if (value instanceof NotStatic) {
      notStatic(value, "this declaration is left out");
      return undefined;
    }
    // resolve's models (a name or a list of names) and its target (whatever it is) are no names or options.
    if (resolving) {
      if (index === 1) read.to = value as OptionValue;
      else for (const name of Array.isArray(value) ? value : [value]) if (typeof name === "string") read.strings.push({ value: name, node });
      continue;
    }
    if (typeof value === "string") read.strings.push({ value, node });
    else if (isOptionMap(value)) read.options = value;
    else if (value !== undefined && value !== null) {
      notStatic(new NotStatic(node, `a ${describeValue(value)} where a name or options were expected`), "this declaration is left out");
      return undefined;
    }
  }
  read.sources.trim();
  return read;
}

/** The declaration a call's arguments make, with its source spans; undefined (with an error) where a name it needs is not a string. */
export function declarationOf(
  kind: DeclarationKind,
  { strings, options, sources, constraint, to }: CallArguments,
  call: ts.CallExpression,
  evaluator: Evaluator,
  diagnostics: Diagnostic[],
): Declaration | undefined {
  const source = {
    call: evaluator.span(call),
    method: evaluator.span((call.expression as ts.PropertyAccessExpression).name),
    names: strings.map((s) => evaluator.span(s.node)),
    options: sources,
  };
  const needs = STRINGS_NEEDED[kind];
  if (strings.length < needs) {
    diagnostics.push({
      severity: "error",
      code: "not-static",
      message: `${kind}() needs ${needs === 1 ? "a name" : "a name and a path"} written as a string; this declaration is left out`,
      span: source.call,
    });
    return undefined;
  }
  const declaration: Declaration = { kind, names: [], options, source };
  if (constraint) declaration.constraint = constraint;
  if (to !== undefined) options.to = to;
  if (kind === "connect") declaration.path = strings[0].value;
  else if (kind === "named_route") {
    declaration.names = [strings[0].value];
    declaration.path = strings[1].value;
    source.names = [source.names[0]];
  } else declaration.names = strings.map((s) => s.value);
  return declaration;
}

/** How many of a declaration's arguments must be strings: its name, or (named_route) its name and path. */
const STRINGS_NEEDED: Readonly<Record<DeclarationKind, number>> = {
  resources: 1,
  resource: 1,
  namespace: 1,
  with_options: 0,
  connect: 1,
  named_route: 2,
  root: 0,
  // Behaviour C: a scope's path and a route's path or action are optional or given by options.
  scope: 0,
  controller: 1,
  constraints: 0,
  defaults: 0,
  shallow: 0,
  concern: 1,
  concerns: 1,
  member: 0,
  collection: 0,
  new: 0,
  get: 1,
  post: 1,
  put: 1,
  patch: 1,
  delete: 1,
  match: 1,
  direct: 1,
  resolve: 1,
  resources_path_names: 0,
  mount: 0,
};

/** A call's arguments, with `...list` spreads of static lists opened up. */
function spreadArguments(call: ts.CallExpression, evaluator: Evaluator, scope: Scope): Array<{ node: ts.Expression; value?: OptionValue } | NotStatic> {
  const result: Array<{ node: ts.Expression; value?: OptionValue } | NotStatic> = [];
  for (const argument of call.arguments) {
    if (!ts.isSpreadElement(argument)) {
      result.push({ node: argument });
      continue;
    }
    const values = evaluator.evaluate(argument.expression, scope);
    if (values instanceof NotStatic) result.push(values);
    else if (!Array.isArray(values)) result.push(new NotStatic(argument, "a spread of something that is not a list"));
    else for (const value of values) result.push({ node: argument, value });
  }
  return result;
}

function describeValue(value: OptionValue): string {
  if (Array.isArray(value)) return "list";
  if (value instanceof RegExp) return "regular expression";
  return typeof value;
}
