import type { ActionContext } from "../core/context";
import type { Middleware } from "../core/filters";

/** Which origins besides the request's own may send unsafe requests. */
export interface CsrfOptions {
  /**
   * An origin (`"https://shop.example"`), a list of them, or a function that decides; the
   * request's own origin (`ctx.url.origin`) is always allowed.
   */
  origin?: string | readonly string[] | ((origin: string, context: ActionContext) => boolean);
}

/** Methods that change nothing: never refused. */
const SAFE = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/**
 * Refuses cross-site requests that could change something (POST, PUT, PATCH, DELETE, forms and
 * JSON alike) with 403, as Rails 2's `protect_from_forgery` meant to, by what the browser says of
 * where a request comes from instead of a token: `Sec-Fetch-Site` where the browser sends it, else
 * `Origin`. A request with neither comes from no browser (curl, a server) and passes: what this
 * protects is a signed-in browser tricked by another site, not an API from its clients.
 *
 *     nodeHandler(routes, controllers, { use: [csrf({ origin: "https://shop.example" })] })
 */
export function csrf(options: CsrfOptions = {}): Middleware {
  const allowed = allowedOrigins(options.origin);
  return (context, next) => {
    if (SAFE.has(context.method.toUpperCase())) return next();
    const origin = context.header("origin");
    const site = context.header("sec-fetch-site");
    // "none": the user opened it (a bookmark, the address bar); same-origin: the page's own form or fetch.
    if (site === "same-origin" || site === "none") return next();
    if (site === undefined && origin === undefined) return next();
    if (origin !== undefined && origin !== "null" && (origin === context.url.origin || allowed(origin, context))) return next();
    const message = `Forbidden: a cross-site ${context.method.toUpperCase()} request (${origin === undefined ? `Sec-Fetch-Site: ${site}` : `Origin: ${origin.slice(0, 200)}`}) is refused`;
    if (context.format === "json") context.respond(403, { error: message, status: 403 });
    else context.respond(403, message, { "content-type": "text/plain; charset=utf-8" });
    return undefined;
  };
}

function allowedOrigins(option: CsrfOptions["origin"]): (origin: string, context: ActionContext) => boolean {
  if (typeof option === "function") return option;
  const list = new Set((option === undefined ? [] : typeof option === "string" ? [option] : option).map(normalOrigin));
  return (origin) => list.has(normalOrigin(origin));
}

/** An origin as browsers send it: scheme and host lower case, no trailing slash. */
function normalOrigin(origin: string): string {
  return origin.toLowerCase().replace(/\/+$/, "");
}
