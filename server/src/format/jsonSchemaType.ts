import * as ts from "typescript";

import { isIdentifier } from "../text/javascriptNames";

/** How deep a JSON Schema is read: below, `unknown`. */
const MAX_DEPTH = 16;

/**
 * The TypeScript type of the values a JSON Schema written as an object literal accepts, by the
 * keywords the adapters check (docs/typed-routes.md has the table): `type` (a list is a union),
 * `enum` and `const` as literal types, `properties` with `required`, `additionalProperties`
 * (false: no other key; a schema: its type for any other key; else `unknown` for them), `items`.
 * A keyword whose value is not written out as data (a variable, a call) gives `unknown` for that
 * part: nothing is guessed.
 */
export function jsonSchemaType(schema: ts.ObjectLiteralExpression): string {
  return typeOf(schema, 0);
}

function typeOf(node: ts.Expression, depth: number): string {
  if (depth > MAX_DEPTH || !ts.isObjectLiteralExpression(node)) return "unknown";
  const keywords = new Map<string, ts.Expression>();
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property)) return "unknown";
    const key = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
    if (key === undefined) return "unknown";
    keywords.set(key, property.initializer);
  }
  const constant = keywords.get("const");
  if (constant) return literal(constant) ?? "unknown";
  const allowed = keywords.get("enum");
  if (allowed) {
    if (!ts.isArrayLiteralExpression(allowed)) return "unknown";
    const values = allowed.elements.map(literal);
    return values.every((value) => value !== undefined) && values.length ? [...new Set(values)].join(" | ") : "unknown";
  }
  const type = keywords.get("type");
  if (!type) return "unknown";
  const names = ts.isArrayLiteralExpression(type) ? type.elements : [type];
  const types = names.map((name) => (ts.isStringLiteral(name) ? ofType(name.text, keywords, depth) : undefined));
  return types.every((t) => t !== undefined) && types.length ? [...new Set(types)].join(" | ") : "unknown";
}

function ofType(name: string, keywords: Map<string, ts.Expression>, depth: number): string | undefined {
  switch (name) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const items = keywords.get("items");
      return `Array<${items ? typeOf(items, depth + 1) : "unknown"}>`;
    }
    case "object":
      return objectType(keywords, depth);
    default:
      return undefined;
  }
}

function objectType(keywords: Map<string, ts.Expression>, depth: number): string {
  const required = new Set<string>();
  const list = keywords.get("required");
  if (list && ts.isArrayLiteralExpression(list)) for (const key of list.elements) if (ts.isStringLiteral(key)) required.add(key.text);
  const members: string[] = [];
  const described = new Set<string>();
  const properties = keywords.get("properties");
  if (properties && ts.isObjectLiteralExpression(properties)) {
    for (const property of properties.properties) {
      if (!ts.isPropertyAssignment(property)) return "unknown";
      const key = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
      if (key === undefined) return "unknown";
      described.add(key);
      members.push(`${isIdentifier(key) ? key : JSON.stringify(key)}${required.has(key) ? "" : "?"}: ${typeOf(property.initializer, depth + 1)};`);
    }
  } else if (properties) return "unknown";
  // A required key no property describes must still be there.
  for (const key of required) if (!described.has(key)) members.push(`${isIdentifier(key) ? key : JSON.stringify(key)}: unknown;`);
  const additional = keywords.get("additionalProperties");
  if (!additional || additional.kind !== ts.SyntaxKind.FalseKeyword) {
    // Beside named properties, an index signature must admit their types too: then it says `unknown`.
    const other = additional && ts.isObjectLiteralExpression(additional) && !members.length ? typeOf(additional, depth + 1) : "unknown";
    members.push(`[key: string]: ${other};`);
  }
  return members.length ? `{ ${members.join(" ")} }` : "{}";
}

/** A JSON literal written out (a string, a number, a boolean or null) as a literal type. */
function literal(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return JSON.stringify(node.text);
  if (ts.isNumericLiteral(node)) return String(Number(node.text));
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand))
    return String(-Number(node.operand.text));
  if (node.kind === ts.SyntaxKind.TrueKeyword) return "true";
  if (node.kind === ts.SyntaxKind.FalseKeyword) return "false";
  if (node.kind === ts.SyntaxKind.NullKeyword) return "null";
  return undefined;
}
