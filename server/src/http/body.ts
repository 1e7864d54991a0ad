import { setOwn } from "../routing/values";
import { BadRequest, Params, ParamValue, parseParams } from "./params";

/** What an adapter got of a request's body. */
export type BodyRead =
  /** The body's bytes, read within the limits. */
  | { bytes: Uint8Array }
  /** A value a middleware before the adapter parsed (Express's `req.body`): used as it is, the stream never read again. */
  | { parsed: unknown }
  /** Longer than the body limit: reading stopped there. */
  | { tooLarge: true }
  /** Not all of it arrived within the time limit (a stalled or trickling client). */
  | { timedOut: true }
  /** It can never arrive: the stream was read before the adapter, and nothing left a parsed value. */
  | { consumed: true };

/** The body types whose fields become params. */
export type BodyKind = "form" | "json" | "multipart";

/** A multipart body's files, by field name (a name sent several times: all of them, in order). */
export type Files = Record<string, File | File[]>;

/** How deep a JSON body may nest, and how many values it may hold, before it is refused (400). */
const MAX_JSON_DEPTH = 32;
const MAX_JSON_VALUES = 10_000;

/** The kind of body a content type names, or undefined for one whose fields are not params (the action reads it itself). */
export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))) return "json";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
}

/**
 * The params a body holds: a form's fields, a JSON object's keys (as Rails' params parser merged a
 * JSON body's top-level object), or a multipart body's text fields (nested like a form's: `post[title]`)
 * with its files apart. A JSON body that is not an object, or not JSON, and a multipart body that
 * cannot be read are a BadRequest.
 */
export async function bodyParams(kind: BodyKind, body: { bytes: Uint8Array } | { parsed: unknown }, contentType?: string): Promise<{ params: Params; files?: Files }> {
  if ("parsed" in body) {
    const parsed = body.parsed;
    if (typeof parsed === "string") return bodyParams(kind, { bytes: new TextEncoder().encode(parsed) }, contentType);
    if (parsed instanceof Uint8Array) return bodyParams(kind, { bytes: parsed }, contentType);
    return { params: objectParams(parsed, kind === "json" ? "a JSON body" : "a parsed body") };
  }
  if (kind === "multipart") return multipart(body.bytes, contentType ?? "");
  const text = new TextDecoder().decode(body.bytes);
  if (kind === "form") return { params: parseParams(text) };
  if (text.trim() === "") return { params: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BadRequest(`a JSON body that is not valid JSON (${(error as Error).message})`);
  }
  return { params: objectParams(parsed, "a JSON body") };
}

/** A multipart body read by the platform's own parser (WHATWG `FormData`): text fields as a form's, files as `File`s. */
async function multipart(bytes: Uint8Array, contentType: string): Promise<{ params: Params; files: Files }> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    throw new BadRequest(`a multipart body that cannot be read (${(error as Error).message})`);
  }
  const fields = new URLSearchParams();
  const files: Files = Object.create(null) as Files;
  for (const [name, value] of form) {
    if (typeof value === "string") {
      fields.append(name, value);
      continue;
    }
    const present = files[name];
    files[name] = present === undefined ? value : Array.isArray(present) ? [...present, value] : [present, value];
  }
  return { params: parseParams(fields.toString()), files };
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
