import { RedirectCode, type RedirectFunction, type RedirectParts, redirectValue } from "../routing/model/redirect";

/** What `redirect()` gives a route's `to:` (behaviour C): the route answers with a redirect. */
export type Redirect = { readonly redirect: string | RedirectParts; readonly status: number };

/**
 * `to: redirect("/articles/%{id}")`: the route answers with a redirect (301 unless `status` says
 * otherwise) to a path or URL, `%{key}` standing for the request's value of a path segment, as
 * Rails' `redirect("/articles/%{id}")`; or, given the parts of the URL that change
 * (`redirect({ path: "/help/%{page}" })`, `redirect({ subdomain: "blog" })`), to the request's URL
 * with those parts, its query string kept; or, given a function, to the path or URL it answers for
 * the route's values and the request (Rails' `redirect { |params, request| … }`). The route has no
 * controller or action.
 */
export function redirect(to: string, options?: { status?: number }): Redirect;
export function redirect(parts: RedirectParts & { status?: number }): Redirect;
export function redirect(answer: RedirectFunction, options?: { status?: number }): Redirect;
export function redirect(to: string | RedirectFunction | (RedirectParts & { status?: number }), options: { status?: number } = {}): Redirect {
  if (typeof to === "string") return redirectValue(to, options.status) as unknown as Redirect;
  if (typeof to === "function") return redirectValue(new RedirectCode(to), options.status) as unknown as Redirect;
  const { status, ...parts } = to;
  return redirectValue(parts, status) as unknown as Redirect;
}
