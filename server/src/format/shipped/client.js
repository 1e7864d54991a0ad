// @ts-check
// The core of the typed client module `resource-routes helpers --client` writes (browserClient.ts
// assembles it): its settings, the error it throws, and one request. The import and the export
// outside the region stand for the module's own (the helpers module's query encoding; its core
// exported to the controllers' client modules with `--split`).
import { $query } from "./helpers.js";

/** @typedef {RequestInit & { fetch?: typeof fetch, headers?: Record<string, string>, route?: string }} RequestOptions */

//#region core
/** @type {{ fetch?: typeof fetch, headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>), baseUrl?: string }} */
const $settings = {};

/**
 * What every request takes: fetch (default: the global one; a server's or a test's own), headers
 * (an object, or a function called per request: a token), baseUrl (another origin than the page's;
 * needed where there is no page).
 */
export function configure(options) {
  Object.assign($settings, options);
}

/** An answer the client does not type (a redirect not followed, a filter's 401, a 500): its response and what it held. */
export class ResponseError extends Error {
  constructor(response, data) {
    super(response.status + " from " + response.url);
    this.name = "ResponseError";
    this.status = response.status;
    this.response = response;
    this.data = data;
  }
}

// The path's values go in the URL; the other params in a GET's query (every key, URL options' names
// too: they are the action's params here), else in a JSON body. fetch writes the method in capitals.
/**
 * @param {(values: Record<string, unknown>) => { url: string }} target
 * @param {string[]} keys
 * @param {string} method
 * @param {[Record<string, unknown>?, RequestOptions?]} args
 */
async function $send(target, keys, method, [params = {}, { fetch, headers, ...init } = {}]) {
  /** @type {Record<string, unknown>} */
  const path = {};
  /** @type {Record<string, unknown>} */
  const rest = {};
  for (const [key, value] of Object.entries(params)) (keys.includes(key) ? path : rest)[key] = value;
  const query = method === "get" || method === "head";
  const own = typeof $settings.headers === "function" ? await $settings.headers() : $settings.headers;
  const url = target(path).url;
  const search = query ? $query(rest, new Set()) : "";
  const response = await (fetch ?? $settings.fetch ?? globalThis.fetch)(
    ($settings.baseUrl ?? "").replace(/\/$/, "") + url + (search ? (url.includes("?") ? "&" : "?") + search : ""),
    {
      ...init,
      method,
      headers: { accept: "application/json", ...(query ? {} : { "content-type": "application/json" }), ...own, ...headers },
      body: query ? undefined : JSON.stringify(rest),
    },
  );
  const data =
    response.status === 204 || method === "head"
      ? undefined
      : /json/.test(response.headers.get("content-type"))
        ? await response.json()
        : await response.text();
  if (response.ok || [400, 404, 405, 422].includes(response.status)) return { ok: response.ok, status: response.status, data, response };
  throw new ResponseError(response, data);
}

// A request of an action with several routes: another one by its name (`{ route: "todo" }`), its URL and its path's keys.
/**
 * @param {Record<string, [(values: Record<string, unknown>) => { url: string }, string[]]>} routes
 * @param {(values: Record<string, unknown>) => { url: string }} target
 * @param {string[]} keys
 * @param {string} method
 * @param {[Record<string, unknown>?, RequestOptions?]} args
 */
async function $via(routes, target, keys, method, [params, { route, ...init } = {}]) {
  if (route !== undefined) {
    if (!Object.hasOwn(routes, route)) throw new TypeError("no route " + route + " for this request");
    [target, keys] = routes[route];
  }
  return $send(target, keys, method, [params, init]);
}
//#endregion

export { $send, $via };
