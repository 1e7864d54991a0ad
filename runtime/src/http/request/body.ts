import { setOwn } from "../../routing/model/records";
import { BadRequest, MAX_VALUES, Params, paramsOfPairs, ParamValue, parseParams } from "./params";

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
export async function bodyParams(
  kind: BodyKind,
  body: { bytes: Uint8Array } | { parsed: unknown },
  contentType?: string,
): Promise<{ params: Params; files?: Files }> {
  if ("parsed" in body) {
    const parsed = body.parsed;
    if (typeof parsed === "string") return bodyParams(kind, { bytes: new TextEncoder().encode(parsed) }, contentType);
    if (parsed instanceof Uint8Array) return bodyParams(kind, { bytes: parsed }, contentType);
    if (kind !== "json") {
      const pairs = flatPairs(parsed);
      if (pairs) return { params: paramsOfPairs(pairs) };
    }
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

/**
 * A form a parser in front left flat (`express.urlencoded()` by default, `querystring`): names
 * with their brackets (`"post[title]": "x"`), values strings or lists of strings. Undefined for
 * anything else (an object a nesting parser made, which is used as it is).
 */
function flatPairs(parsed: unknown): Array<[string, string]> | undefined {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const pairs: Array<[string, string]> = [];
  for (const name of Object.keys(parsed)) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === "string") pairs.push([name, value]);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) for (const item of value as string[]) pairs.push([name, item]);
    else return undefined;
    if (pairs.length > MAX_VALUES) throw new BadRequest(`a form of more than ${MAX_VALUES} values`);
  }
  return pairs;
}

/** A multipart body read by the platform's own parser (WHATWG `FormData`): text fields as a form's, files as `File`s. */
async function multipart(bytes: Uint8Array, contentType: string): Promise<{ params: Params; files: Files }> {
  // Parts are counted before the platform parses them: a body of thousands of empty parts costs a scan, not a parse.
  const boundary = boundaryOf(contentType);
  if (boundary && countOccurrences(bytes, boundary, MAX_VALUES + 1) > MAX_VALUES) throw new BadRequest(`a multipart body of more than ${MAX_VALUES} parts`);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    throw new BadRequest(`a multipart body that cannot be read (${(error as Error).message})`);
  }
  const fields: Array<[string, string]> = [];
  const files: Files = Object.create(null) as Files;
  for (const [name, value] of form) {
    if (fields.length + 1 > MAX_VALUES) throw new BadRequest(`a multipart body of more than ${MAX_VALUES} parts`);
    if (typeof value === "string") {
      fields.push([name, value]);
      continue;
    }
    const present = files[name];
    if (present === undefined) files[name] = value;
    else if (Array.isArray(present)) present.push(value);
    else files[name] = [present, value];
  }
  return { params: paramsOfPairs(fields), files };
}

/** The boundary parameter of a multipart content type, as the text that opens each part (`--boundary`). */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return match ? `--${match[1] ?? match[2]}` : undefined;
}

/**
 * How many times an ASCII `needle` stands in `bytes`, counting no further than `stop`. The bytes
 * are read as one character each (a byte-for-byte decoding) so the engine's string search does it.
 */
function countOccurrences(bytes: Uint8Array, needle: string, stop: number): number {
  const text = new TextDecoder("latin1").decode(bytes);
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0 && ++count < stop; at = text.indexOf(needle, at + needle.length));
  return count;
}
/** A parsed body's object as params: own keys copied into plain objects, nesting and size bounded. */
function objectParams(value: unknown, what: string): Params {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new BadRequest(`${what} must be an object of fields, not ${Array.isArray(value) ? "a list" : typeof value}`);
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
