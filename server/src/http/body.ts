import { setOwn } from "../routing/values";
import { BadRequest, Params, ParamValue, parseParams } from "./params";

/** What an adapter got of a request's body. */
export type BodyRead =
  /** The body's bytes as text, read within the limits. */
  | { text: string }
  /** A value a middleware before the adapter parsed (Express's `req.body`): used as it is, the stream never read again. */
  | { parsed: unknown }
  /** Longer than the body limit: reading stopped there. */
  | { tooLarge: true }
  /** Not all of it arrived within the time limit (a stalled or trickling client). */
  | { timedOut: true }
  /** It can never arrive: the stream was read before the adapter, and nothing left a parsed value. */
  | { consumed: true };

/** The body types whose fields become params. */
export type BodyKind = "form" | "json";

/** How deep a JSON body may nest, and how many values it may hold, before it is refused (400). */
const MAX_JSON_DEPTH = 32;
const MAX_JSON_VALUES = 10_000;

/** The kind of body a content type names, or undefined for one whose fields are not params (the action reads it itself). */
export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))) return "json";
  return undefined;
}

/**
 * The params a body holds: a form's fields, or a JSON object's keys (as Rails' params parser merged
 * a JSON body's top-level object). A JSON body that is not an object, or not JSON, is a BadRequest.
 */
export function bodyParams(kind: BodyKind, body: { text: string } | { parsed: unknown }): Params {
  if ("parsed" in body) {
    const parsed = body.parsed;
    if (typeof parsed === "string") return bodyParams(kind, { text: parsed });
    if (parsed instanceof Uint8Array) return bodyParams(kind, { text: new TextDecoder().decode(parsed) });
    return objectParams(parsed, kind === "json" ? "a JSON body" : "a parsed body");
  }
  if (kind === "form") return parseParams(body.text);
  if (body.text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch (error) {
    throw new BadRequest(`a JSON body that is not valid JSON (${(error as Error).message})`);
  }
  return objectParams(parsed, "a JSON body");
}

/** A parsed body's object as params: own keys copied into plain objects, nesting and size bounded. */
function objectParams(value: unknown, what: string): Params {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new BadRequest(`${what} must be an object of fields, not ${Array.isArray(value) ? "a list" : typeof value}`);
  const count = { values: 0 };
  return copied(value, 0, count, what) as Params;
}

/**
 * A parsed value as params: numbers and booleans become their text and null an empty string, as a
 * form sends them, so an action reads its params the same way whatever the client sent.
 */
function copied(value: unknown, depth: number, count: { values: number }, what: string): ParamValue {
  if (++count.values > MAX_JSON_VALUES) throw new BadRequest(`${what} of more than ${MAX_JSON_VALUES} values`);
  if (value === null || value === undefined) return "";
  if (typeof value !== "object") return String(value);
  if (depth >= MAX_JSON_DEPTH) throw new BadRequest(`${what} nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (Array.isArray(value)) return value.map((item) => copied(item, depth + 1, count, what));
  const result: Params = {};
  // Own enumerable keys only, `__proto__` and `constructor` as plain keys (setOwn defines, never assigns).
  for (const key of Object.keys(value)) setOwn(result, key, copied((value as Record<string, unknown>)[key], depth + 1, count, what));
  return result;
}
