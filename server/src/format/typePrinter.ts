import * as ts from "typescript";

import { isIdentifier } from "../text/javascriptNames";

/** How deep and how large one printed type may be: past either, the part left is `unknown`, never a guess. */
const MAX_DEPTH = 12;
const MAX_NODES = 2_000;

/** Types of the default library written by name, as they are values (`Date`) in an action's params. */
const LIBRARY_NAMES = new Set(["Date", "RegExp", "URL", "File", "Blob", "Uint8Array", "ArrayBuffer", "Map", "Set"]);

/**
 * Writes a type the checker worked out as a self-standing TypeScript type text, structurally (no
 * name of the user's module is needed to read it): `value` as the action reads it, `json` as a
 * client reads it after JSON (a Date is a string, functions and undefined drop out, `toJSON()` is
 * what is sent). Bounded: past MAX_DEPTH or MAX_NODES, or on a type that refers to itself, the
 * part is `unknown`.
 */
export class TypePrinter {
  private nodes = 0;
  private readonly open = new Set<ts.Type>();

  constructor(private readonly checker: ts.TypeChecker) {}

  value(type: ts.Type | undefined): string {
    this.nodes = 0;
    return type ? this.print(type, false, 0) : "unknown";
  }

  /** The JSON of a value of any of `types` (a union's members). */
  json(types: readonly ts.Type[]): string {
    this.nodes = 0;
    return union(types.map((type) => this.print(type, true, 0)));
  }

  private print(type: ts.Type, json: boolean, depth: number): string {
    if (++this.nodes > MAX_NODES || depth > MAX_DEPTH || this.open.has(type)) return "unknown";
    const flags = type.flags;
    if (flags & ts.TypeFlags.Any) return "any";
    if (flags & ts.TypeFlags.Unknown) return "unknown";
    if (flags & ts.TypeFlags.Never) return "never";
    if (flags & ts.TypeFlags.StringLiteral) return JSON.stringify((type as ts.StringLiteralType).value);
    if (flags & ts.TypeFlags.NumberLiteral) return String((type as ts.NumberLiteralType).value);
    if (flags & ts.TypeFlags.BooleanLiteral) return this.checker.typeToString(type);
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return "string";
    if (flags & ts.TypeFlags.Number) return "number";
    if (flags & ts.TypeFlags.Boolean) return "boolean";
    if (flags & ts.TypeFlags.Null) return "null";
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return json ? "null" : "undefined";
    if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) return json ? "never" : "bigint";
    if (flags & ts.TypeFlags.EnumLiteral && !type.isUnion()) return this.checker.typeToString(type);
    this.open.add(type);
    try {
      if (type.isUnion()) return union(type.types.map((member) => this.print(member, json, depth + 1)));
      if (type.isIntersection()) return type.types.map((member) => parenthesised(this.print(member, json, depth + 1))).join(" & ");
      if (flags & ts.TypeFlags.Object) return this.object(type as ts.ObjectType, json, depth);
      return "unknown";
    } finally {
      this.open.delete(type);
    }
  }

  private object(type: ts.ObjectType, json: boolean, depth: number): string {
    const checker = this.checker;
    if (checker.isTupleType(type)) {
      return `[${checker
        .getTypeArguments(type as ts.TypeReference)
        .map((element) => this.print(element, json, depth + 1))
        .join(", ")}]`;
    }
    if (checker.isArrayType(type)) return `Array<${this.print(checker.getTypeArguments(type as ts.TypeReference)[0], json, depth + 1)}>`;
    const name = type.getSymbol()?.getName();
    if (name && LIBRARY_NAMES.has(name) && isLibraryType(type)) {
      if (!json) return name === "Map" || name === "Set" ? "unknown" : name;
      if (name === "Date") return "string";
      return "unknown";
    }
    if (json) {
      const toJSON = type.getProperty("toJSON");
      const signature = toJSON && checker.getTypeOfSymbol(toJSON).getCallSignatures()[0];
      if (signature) return this.print(signature.getReturnType(), true, depth + 1);
    }
    if (type.getCallSignatures().length || type.getConstructSignatures().length) return json ? "never" : "unknown";
    const members: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const key = property.getName();
      if (key.startsWith("__@") || key.startsWith("#")) continue;
      const propertyType = checker.getTypeOfSymbol(property);
      // JSON leaves out functions (a method) and a key whose value is undefined.
      if (json && (propertyType.getCallSignatures().length || propertyType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))) continue;
      // An optional key's type without the undefined it adds; in JSON, a key that may be undefined may be missing.
      const defined = withoutUndefined(propertyType);
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || (json && defined !== propertyType);
      const shown = Array.isArray(defined) ? union(defined.map((member) => this.print(member, json, depth + 1))) : this.print(propertyType, json, depth + 1);
      members.push(`${isIdentifier(key) ? key : JSON.stringify(key)}${optional ? "?" : ""}: ${shown};`);
      if (this.nodes > MAX_NODES) break;
    }
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index) members.push(`[key: string]: ${this.print(index.type, json, depth + 1)};`);
    return members.length ? `{ ${members.join(" ")} }` : "{}";
  }
}

/** A union's members but undefined (the type itself where it has no undefined to drop). */
function withoutUndefined(type: ts.Type): ts.Type | ts.Type[] {
  if (!type.isUnion() || !type.types.some((member) => member.flags & ts.TypeFlags.Undefined)) return type;
  return type.types.filter((member) => !(member.flags & ts.TypeFlags.Undefined));
}

function isLibraryType(type: ts.Type): boolean {
  return (type.getSymbol()?.getDeclarations() ?? []).some((declaration) => /[\\/]lib\.[^\\/]*\.d\.ts$/.test(declaration.getSourceFile().fileName));
}

function union(members: readonly string[]): string {
  // A member JSON cannot hold (a function) adds nothing.
  const unique = [...new Set(members)].filter((member) => member !== "never");
  if (unique.includes("unknown")) return "unknown";
  if (unique.includes("any")) return "any";
  // `true | false` is how the checker holds boolean.
  if (unique.includes("true") && unique.includes("false")) {
    unique.splice(unique.indexOf("true"), 1, "boolean");
    unique.splice(unique.indexOf("false"), 1);
  }
  return unique.length ? unique.map(parenthesised).join(" | ") : "never";
}

/** A member of a union or an intersection: a function-like or conditional text needs brackets; the printer writes none. */
function parenthesised(text: string): string {
  return text.includes(" | ") || text.includes(" & ") ? (text.startsWith("{") || text.startsWith("[") || text.startsWith("Array<") ? text : `(${text})`) : text;
}
