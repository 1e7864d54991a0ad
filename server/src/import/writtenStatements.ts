import ts = require("typescript");
import { argumentsText, UnwritableValue } from "../ruby/dslValues";
import { type ImportedStatement, MAPPER_METHODS } from "../ruby/routesRb";
import type { RubyUnset } from "../ruby/rubyValues";
import { variableName } from "./typescriptText";

/*
 * The second half of an import's proof: the written file holds the statements the import meant and
 * nothing else. Comparing routes alone cannot see code that draws no route (a comment whose text a
 * line terminator turned into a call), so the file's statements are read back with TypeScript's
 * parser, as Node and the analyser read them, and compared with the calls the import wrote.
 */

/** One statement of the written file, as `receiver.method` at its nesting depth. */
type Outline = string[];

/** The statements the import writes for `body`: each call whose values the DSL takes, with its block's calls below it. */
export function importedOutline(body: readonly ImportedStatement[], methods: ReadonlySet<string> = MAPPER_METHODS, depth = 1, out: Outline = []): Outline {
  for (const statement of body) {
    if (statement.kind !== "call" || argumentsText(statement) instanceof UnwritableValue) continue;
    const method = methods.has(statement.method) ? statement.method : "named_route";
    out.push(`${"  ".repeat(depth)}${variableName(statement.receiver)}.${method}`);
    if (statement.block) importedOutline(statement.block.body, methods, depth + 1, out);
  }
  return out;
}

/**
 * The first place where `text`'s statements differ from `expected`, as a sentence naming its line,
 * or undefined when the file is an import of `draw`, the placeholders of the constants nothing gave
 * (`const X = unset("X")`, as `unset` lists them), and one `export default draw(…)` whose callbacks
 * hold exactly the expected calls; with `mapperFunction` (a plugin's routes), the calls are that
 * exported function's, and draw's callback calls it alone.
 */
export function statementDifference(text: string, expected: Outline, mapperFunction?: string, unset: readonly RubyUnset[] = []): string | undefined {
  const source = ts.createSourceFile("routes.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const [first, ...afterImport] = source.statements;
  const placeholders = afterImport.slice(0, unset.length);
  const wrong = unset.findIndex((constant, i) => !isPlaceholder(placeholders[i], constant));
  if (wrong >= 0) return `the placeholder of ${unset[wrong].unset} is not \`const ${unset[wrong].identifier} = unset(${JSON.stringify(unset[wrong].unset)})\``;
  const others = afterImport.slice(unset.length);
  const reading: Reading = {
    line,
    names: new Set(unset.map((constant) => constant.identifier)),
    redirect: importsName(first, "redirect"),
    unset: importsName(first, "unset"),
  };
  const fn = mapperFunction ? others.shift() : undefined;
  const [second, ...rest] = others;
  if (!first || !ts.isImportDeclaration(first) || first.importClause?.isTypeOnly) return "the file does not begin by importing draw";
  if (mapperFunction && !(fn && ts.isFunctionDeclaration(fn) && fn.name?.text === mapperFunction && fn.body && fn.parameters.length === 1))
    return `the file's second statement is not the function ${mapperFunction}(map)`;
  if (!second || !ts.isExportAssignment(second) || !ts.isCallExpression(second.expression)) return "the file's last statement is not export default draw(…)";
  if (rest.length) return `line ${line(rest[0])} holds a statement the import did not write`;
  if (!second.expression.arguments.slice(0, -1).every((argument) => isLiteral(argument, reading))) return "draw's options are not a value the import writes";
  const actual: Outline = [];
  const unexpected =
    fn && ts.isFunctionDeclaration(fn) ? mapperFunctionCalls(second.expression, fn, actual, reading) : callsOf(second.expression, 1, actual, reading);
  if (unexpected) return unexpected;
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
    if (actual[i] === expected[i]) continue;
    return actual[i] === undefined
      ? `the file lacks the call ${expected[i].trim()}`
      : `statement ${i + 1} of draw's callback is ${actual[i].trim()} where the import wrote ${expected[i]?.trim() ?? "nothing"}`;
  }
  return undefined;
}

/** The calls of a plugin's function onto `out`, draw's callback holding its one call (`clearanceRoutes(map)`), or the difference. */
function mapperFunctionCalls(draw: ts.CallExpression, fn: ts.FunctionDeclaration, out: Outline, reading: Reading): string | undefined {
  const callback = draw.arguments[draw.arguments.length - 1];
  const only =
    callback && ts.isArrowFunction(callback) && ts.isBlock(callback.body) && callback.body.statements.length === 1 ? callback.body.statements[0] : undefined;
  const call = only && ts.isExpressionStatement(only) ? only.expression : undefined;
  if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== fn.name!.text || call.arguments.length !== 1)
    return `line ${reading.line(draw)}: draw's callback does not call ${fn.name!.text}(map) alone`;
  return blockCalls(fn.body!, 1, out, reading);
}

/** Pushes the calls of `call`'s callback (its last argument) onto `out`; a statement that is not a mapper call is the difference. */
function callsOf(call: ts.CallExpression, depth: number, out: Outline, reading: Reading): string | undefined {
  const callback = call.arguments[call.arguments.length - 1];
  // A placeholder function last is a value (a custom helper's), not a callback of calls.
  if (!callback || !ts.isArrowFunction(callback) || isLiteral(callback, reading)) return undefined;
  if (!ts.isBlock(callback.body)) return `line ${reading.line(callback)}: a callback whose body is not a block`;
  return blockCalls(callback.body, depth, out, reading);
}

/** Pushes the calls of a block onto `out`, each with those of its own callback below it; a statement that is not a mapper call is the difference. */
function blockCalls(block: ts.Block, depth: number, out: Outline, reading: Reading): string | undefined {
  const line = reading.line;
  for (const statement of block.statements) {
    const expression = ts.isExpressionStatement(statement) ? statement.expression : undefined;
    if (
      !expression ||
      !ts.isCallExpression(expression) ||
      !ts.isPropertyAccessExpression(expression.expression) ||
      !ts.isIdentifier(expression.expression.expression)
    )
      return `line ${line(statement)} holds a statement the import did not write`;
    const value = expression.arguments.find(
      (argument, i) => !(i === expression.arguments.length - 1 && ts.isArrowFunction(argument)) && !isLiteral(argument, reading),
    );
    if (value) return `line ${line(value)}: an argument that is not a value the import writes`;
    out.push(`${"  ".repeat(depth)}${expression.expression.expression.text}.${expression.expression.name.text}`);
    const inner = callsOf(expression, depth + 1, out, reading);
    if (inner) return inner;
  }
  return undefined;
}

/** Whether a statement is `const identifier = unset("name");`. */
function isPlaceholder(statement: ts.Statement | undefined, constant: RubyUnset): boolean {
  if (!statement || !ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) return false;
  const [declaration, ...more] = statement.declarationList.declarations;
  const call = declaration?.initializer;
  return (
    more.length === 0 &&
    ts.isIdentifier(declaration.name) &&
    declaration.name.text === constant.identifier &&
    call !== undefined &&
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === "unset" &&
    call.arguments.length === 1 &&
    ts.isStringLiteral(call.arguments[0]) &&
    call.arguments[0].text === constant.unset
  );
}

/** The written file as its statements are compared: each node's line, the placeholders' names a value may use, and whether redirect() and unset() are the package's. */
interface Reading {
  line: (node: ts.Node) => number;
  names: ReadonlySet<string>;
  redirect: boolean;
  unset: boolean;
}

/** Whether the file's import names the package's function as itself (`import { draw, redirect } from "resource-routes"`). */
function importsName(statement: ts.Statement | undefined, name: string): boolean {
  if (
    !statement ||
    !ts.isImportDeclaration(statement) ||
    !ts.isStringLiteral(statement.moduleSpecifier) ||
    statement.moduleSpecifier.text !== "resource-routes"
  )
    return false;
  const bindings = statement.importClause?.namedBindings;
  return (
    !!bindings && ts.isNamedImports(bindings) && bindings.elements.some((element) => element.name.text === name && !element.propertyName && !element.isTypeOnly)
  );
}

/**
 * Whether `node` is a value as valueText writes one: literals, arrays and objects of them, the
 * placeholders of unset constants, alone or in a template, the package's redirect() of such
 * values, and the placeholder of the application's code, `() => unset("…")`. Anything else could run.
 */
function isLiteral(node: ts.Node, reading: Pick<Reading, "names" | "redirect" | "unset">): boolean {
  const names = reading.names;
  if (ts.isIdentifier(node)) return names.has(node.text);
  if (ts.isArrowFunction(node)) {
    const body = node.body;
    return (
      reading.unset &&
      node.parameters.length === 0 &&
      ts.isCallExpression(body) &&
      ts.isIdentifier(body.expression) &&
      body.expression.text === "unset" &&
      body.arguments.length === 1 &&
      ts.isStringLiteral(body.arguments[0])
    );
  }
  if (ts.isCallExpression(node))
    return (
      reading.redirect &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "redirect" &&
      node.arguments.length >= 1 &&
      node.arguments.length <= 2 &&
      node.arguments.every((argument) => isLiteral(argument, reading))
    );
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((span) => ts.isIdentifier(span.expression) && names.has(span.expression.text));
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((element) => isLiteral(element, reading));
  if (ts.isObjectLiteralExpression(node))
    return node.properties.every(
      (p) =>
        ts.isPropertyAssignment(p) &&
        (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)) &&
        isLiteral(p.initializer, reading),
    );
  if (ts.isPrefixUnaryExpression(node)) return node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand);
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isRegularExpressionLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  );
}
