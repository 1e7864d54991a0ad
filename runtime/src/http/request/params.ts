import { setOwn } from "../../routing/model/records";
import { shortened } from "../../text/escape";

/** A request part that cannot be read (bad percent-encoding): the adapters answer 400. */
export class BadRequest extends Error {}

/** Request parameters as Rails nested them: strings, lists (`a[]=`) and maps (`a[b]=`). */
export type ParamValue = string | ParamValue[] | Params;
export interface Params {
  [key: string]: ParamValue;
}

/** How deep `a[b][c]…` may nest (deeper is a BadRequest), and how many pairs one query or form may hold. */
const MAX_DEPTH = 32;
const MAX_PAIRS = 10_000;

/** `%`-decoding with `+` as a space, as forms encode; a malformed escape is a BadRequest. */
export function decodeComponent(text: string, plus = true): string {
  const spaced = plus ? text.replace(/\+/g, " ") : text;
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new BadRequest(`malformed percent-encoding in ${JSON.stringify(shortened(text, 100))}`);
  }
}

/**
 * Parses `application/x-www-form-urlencoded` text (a query string or a form body) into nested
 * params: `a[b]=1` gives `{ a: { b: "1" } }`, `a[]=1&a[]=2` gives `{ a: ["1", "2"] }`. Keys are
 * own properties of ordinary objects (`__proto__` and `constructor` included), so nothing a
 * request sends reaches a prototype. Time is linear in the text.
 */
export function parseParams(text: string): Params {
  const params: Params = {};
  if (!text) return params;
  let pairs = 0;
  for (const pair of text.split("&")) {
    if (!pair) continue;
    if (++pairs > MAX_PAIRS) throw new BadRequest(`more than ${MAX_PAIRS} parameters`);
    const eq = pair.indexOf("=");
    const name = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? "" : decodeComponent(pair.slice(eq + 1));
    assign(params, keyPath(name), value);
  }
  return params;
}

/**
 * Decoded names and values (a multipart body's fields, a flat object a body parser in front
 * made) nested as parseParams nests a query string's, within the same limits.
 */
export function paramsOfPairs(pairs: Iterable<readonly [string, string]>): Params {
  const params: Params = {};
  let count = 0;
  for (const [name, value] of pairs) {
    if (++count > MAX_PAIRS) throw new BadRequest(`more than ${MAX_PAIRS} parameters`);
    assign(params, keyPath(name), value);
  }
  return params;
}

/** How many values a query string, form or multipart body may hold. */
export { MAX_PAIRS as MAX_VALUES };

/** `a[b][]` → ["a", "b", ""]; a name without brackets is one key. */
function keyPath(name: string): string[] {
  const open = name.indexOf("[");
  if (open <= 0 || !name.endsWith("]")) return [name];
  const path = [name.slice(0, open)];
  const rest = name.slice(open);
  const parts = /\[([^\]]*)\]/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = parts.exec(rest))) {
    if (path.length > MAX_DEPTH) throw new BadRequest(`a parameter nested more than ${MAX_DEPTH} levels deep: ${JSON.stringify(`${name.slice(0, 60)}…`)}`);
    path.push(match[1]);
    end = parts.lastIndex;
  }
  // Anything that is not a clean run of [..] parts is a plain key, as Rack took it.
  return end === rest.length ? path : [name];
}

function assign(target: Params, fullPath: string[], value: string): void {
  let node = target;
  let path = fullPath;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (path[i + 1] !== "") {
      node = child(node, key, isParams, () => ({}));
      continue;
    }
    // `key[]`: a list; `key[][sub]`: maps in a list, a new one when the last already has `sub`.
    const list = child<ParamValue[]>(node, key, Array.isArray, () => []);
    const rest = path.slice(i + 2);
    if (rest.length === 0) {
      list.push(value);
      return;
    }
    const tail = list[list.length - 1];
    if (isParams(tail) && !hasOwn(tail, rest[0])) node = tail;
    else list.push((node = {}));
    path = rest;
    i = -1;
  }
  setOwn(node, path[path.length - 1], value);
}

/** The value under `key` when it is of the wanted kind, else a new one put there. */
function child<T extends ParamValue>(node: Params, key: string, is: (value: ParamValue | undefined) => boolean, make: () => T): T {
  const current = hasOwn(node, key) ? node[key] : undefined;
  if (is(current)) return current as T;
  const fresh = make();
  setOwn(node, key, fresh);
  return fresh;
}

function hasOwn(node: Params, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(node, key);
}

function isParams(value: ParamValue | undefined): value is Params {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Merges params key by key into `target` (later sources win; maps merge), as Rails merged query, form and path params. */
export function mergeParams(target: Params, source: Params): Params {
  for (const key of Object.keys(source)) {
    const value = source[key];
    const current = hasOwn(target, key) ? target[key] : undefined;
    setOwn(target, key, isParams(current) && isParams(value) ? mergeParams(current, value) : value);
  }
  return target;
}
