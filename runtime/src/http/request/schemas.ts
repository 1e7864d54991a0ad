import { own } from "../../routing/model/records";
import { ControllerModule, declaredMember } from "../core/controllers";

/** A schema of any Standard Schema library (Zod, Valibot, ArkType…; https://standardschema.dev). */
export interface StandardSchemaV1<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    /** Standard JSON Schema: what `openapi --runtime` describes the schema with, where the library gives it. */
    readonly jsonSchema?: { readonly input?: (options: { target: string }) => unknown };
  };
}

export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

/** A JSON Schema (draft 2020-12) written as an object; the adapters validate the keywords listed in docs/serving.md. */
export type JsonSchema = { readonly [keyword: string]: unknown };

export type Schema = StandardSchemaV1 | JsonSchema;

/**
 * An action's schemas: `params`, what its params (path values, form or JSON fields, query) must
 * be, checked before the action runs (after its before filters); `responses`, what it answers by
 * status, for the OpenAPI description only.
 */
export interface ActionSchemas {
  params?: Schema;
  responses?: Readonly<Record<number, Schema>>;
}

/**
 * A controller's schemas by action: `export const schemas: Schemas = { create: { params: … } }`,
 * or the default export's `schemas` member (a class's static one), as filters are declared.
 */
export type Schemas = Readonly<Record<string, ActionSchemas>>;

/** One problem with a request's params: where (`post.title`; empty for the whole) and what. */
export interface ParamsIssue {
  path: string;
  message: string;
}

/** The params an action was sent do not match its schema: answered 422 with the issues. */
export class InvalidParams extends Error {
  constructor(readonly issues: ParamsIssue[]) {
    super(`Unprocessable Entity: ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ")}`);
    this.name = "InvalidParams";
  }
}

/** A module's params schema for `action`, or undefined; worked out once per module and action, as filters are. */
export function paramsSchemaFor(module: ControllerModule, action: string): Schema | undefined {
  let declared = known.get(module);
  if (declared === undefined) known.set(module, (declared = declaredSchemas(module)));
  const schemas = declared && own(declared as Record<string, ActionSchemas>, action);
  const params = schemas && typeof schemas === "object" ? own(schemas as Record<string, unknown>, "params") : undefined;
  return params && typeof params === "object" ? (params as Schema) : undefined;
}

const known = new WeakMap<ControllerModule, Schemas | null>();

function declaredSchemas(module: ControllerModule): Schemas | null {
  const declared = declaredMember(module, "schemas");
  return declared && typeof declared === "object" ? (declared as Schemas) : null;
}

/**
 * Checks params against a schema: a Standard Schema's output (coerced, defaults applied) replaces
 * them; a JSON Schema only checks. Throws InvalidParams with the issues.
 */
export async function validParams(schema: Schema, params: unknown): Promise<unknown> {
  const standard = (schema as StandardSchemaV1)["~standard"];
  if (standard && typeof standard.validate === "function") {
    const result = await standard.validate(params);
    if (result.issues)
      throw new InvalidParams(
        result.issues.map((issue) => ({
          path: (issue.path ?? []).map((p) => String(typeof p === "object" && p !== null ? p.key : p)).join("."),
          message: issue.message,
        })),
      );
    return result.value;
  }
  const issues: ParamsIssue[] = [];
  checkJsonSchema(schema as JsonSchema, params, "", issues);
  if (issues.length) throw new InvalidParams(issues);
  return params;
}

/** Keywords that describe without constraining (annotations in draft 2020-12, `format` among them). */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "format",
  "contentMediaType",
  "contentEncoding",
]);
const CHECKED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);

/** Thrown for a JSON Schema keyword the adapters do not check: the schema is the developer's, so it is a 500 that says what to change. */
class UnsupportedSchema extends Error {}

function checkJsonSchema(schema: JsonSchema, value: unknown, path: string, issues: ParamsIssue[]): void {
  for (const keyword of Object.keys(schema)) {
    if (!CHECKED.has(keyword) && !ANNOTATIONS.has(keyword)) {
      throw new UnsupportedSchema(
        `the JSON Schema keyword "${keyword}" is not checked by resource-routes/http: use a Standard Schema (Zod, Valibot, ArkType) for it`,
      );
    }
  }
  const at = (message: string) => void issues.push({ path, message });
  const type = own(schema as Record<string, unknown>, "type");
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((t) => isOfType(value, t))) return at(`must be ${types.map((t) => `${/^[aeiou]/.test(String(t)) ? "an" : "a"} ${t}`).join(" or ")}`);
  }
  const allowed = own(schema as Record<string, unknown>, "enum");
  if (Array.isArray(allowed) && !oneOf(allowed, value)) return at(`must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`);
  if (own(schema as Record<string, unknown>, "const") !== undefined && !oneOf([schema.const], value)) return at(`must be ${JSON.stringify(schema.const)}`);
  if (typeof value === "string") {
    const length = codePoints(value);
    const short = typeof schema.minLength === "number" && length < schema.minLength;
    const long = typeof schema.maxLength === "number" && length > schema.maxLength;
    if (short) at(`must be at least ${schema.minLength} characters long`);
    if (long) at(`must be at most ${schema.maxLength} characters long`);
    // Only a value of an allowed length meets the pattern: a long one never reaches a pattern that backtracks.
    if (!short && !long && typeof schema.pattern === "string" && !patternOf(schema.pattern).test(value)) at(`must match /${schema.pattern}/`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) at(`must be at least ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) at(`must be at most ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) at(`must be over ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === "number" && value >= schema.exclusiveMaximum) at(`must be under ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) at(`must have at least ${schema.minItems} items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) at(`must have at most ${schema.maxItems} items`);
    if (isSchema(schema.items)) value.forEach((item, i) => checkJsonSchema(schema.items as JsonSchema, item, join(path, String(i)), issues));
  } else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const properties = isSchema(schema.properties) ? (schema.properties as Record<string, unknown>) : {};
    if (Array.isArray(schema.required))
      for (const key of schema.required)
        if (typeof key === "string" && own(record, key) === undefined) issues.push({ path: join(path, key), message: "is required" });
    for (const key of Object.keys(record)) {
      const property = own(properties, key);
      if (isSchema(property)) checkJsonSchema(property as JsonSchema, record[key], join(path, key), issues);
      else if (schema.additionalProperties === false) issues.push({ path: join(path, key), message: "is not expected" });
      else if (isSchema(schema.additionalProperties)) checkJsonSchema(schema.additionalProperties as JsonSchema, record[key], join(path, key), issues);
    }
  }
}

function isOfType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      throw new UnsupportedSchema(`the JSON Schema type ${JSON.stringify(type)} is not one of string, number, integer, boolean, null, array, object`);
  }
}

function isSchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` equals one of `options` as JSON: a string, number, boolean or null by `===` (no
 * text made per option, whatever the value's size), a list or an object by its JSON text, made once.
 */
function oneOf(options: readonly unknown[], value: unknown): boolean {
  if (typeof value !== "object" || value === null) return options.includes(value);
  const text = JSON.stringify(value);
  return options.some((option) => typeof option === "object" && option !== null && JSON.stringify(option) === text);
}

/** A string's length in code points (as JSON Schema counts), without a list of them. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff) count--;
  }
  return count;
}

/** A schema's pattern, compiled once. */
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source, "u")));
  return pattern;
}

const patterns = new Map<string, RegExp>();

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
