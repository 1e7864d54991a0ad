import { ApplicationCode } from "./applicationCode";
import type { ConstraintRequest } from "./applicationConstraints";
import { refused } from "./errors";
import { isOptionMap, type OptionMap, type OptionValue } from "./values";

/**
 * Where a route answers with a redirect instead of an action (behaviour C's `to: redirect(…)`, as
 * Rails 6.1's Redirect endpoints): a path or URL with `%{key}` for the request's path values
 * (Rails' PathRedirect), the parts of the URL that change (its OptionRedirect: the path, host,
 * subdomain…, the rest of the request's URL kept, its query string too), or the application's
 * function that answers the path or URL (Rails' redirect with a block); and the status.
 */
export interface RedirectTarget {
  readonly to: string | RedirectParts | RedirectCode;
  readonly status: number;
}

/**
 * Rails' `redirect { |params, request| … }`: told the route's values (Rails' path_parameters) and
 * the request, it answers the path or URL to send the request to; a path is made a URL of the
 * request's scheme, host and port, as a redirect's text is.
 */
export type RedirectFunction = (params: Readonly<Record<string, string>>, request: ConstraintRequest) => string;

/** A redirect that is the application's function, as an option value (see ApplicationCode). */
export class RedirectCode extends ApplicationCode<RedirectFunction> {
  /** The path or URL the function answers for the request. */
  location(params: Readonly<Record<string, string>>, request: ConstraintRequest): string {
    return String(this.runnable()(params, request));
  }
}

/** The parts of the URL a redirect's options form gives; the others are the request's. */
export interface RedirectParts {
  path?: string;
  host?: string;
  domain?: string;
  subdomain?: string;
  protocol?: string;
  port?: string | number;
}

/** The parts the options form reads (Rails' url_for options that make a URL). */
const REDIRECT_PARTS: readonly (keyof RedirectParts)[] = ["path", "host", "domain", "subdomain", "protocol", "port"];

/** The key of the option map that stands for a redirect: what redirect() makes and the analyser reads. */
const REDIRECT_KEY = "redirect";

/** Rails' default: a permanent redirect. */
const DEFAULT_STATUS = 301;

/** The option map of a redirect, as `redirect()` writes it in a routing file: `{ redirect: "/articles/%{id}", status: 302 }`. */
export function redirectValue(to: string | RedirectParts | RedirectCode, status = DEFAULT_STATUS): OptionMap {
  return { [REDIRECT_KEY]: typeof to === "string" || to instanceof RedirectCode ? to : ({ ...to } as OptionMap), status };
}

/** Whether a `to:` value is a redirect (an option map of `redirect()`), not `"controller#action"`. */
export function isRedirectValue(value: OptionValue | undefined): value is OptionMap {
  return isOptionMap(value) && REDIRECT_KEY in value;
}

/** The redirect a `to:` value of `redirect()` stands for, checked: a bad one is refused where the route is drawn. */
export function redirectOf(value: OptionMap): RedirectTarget {
  const { [REDIRECT_KEY]: to, status = DEFAULT_STATUS, ...rest } = value;
  const extra = Object.keys(rest);
  if (extra.length) throw refused(`redirect(): unknown option ${extra.map((key) => JSON.stringify(key)).join(", ")} (it takes status)`);
  if (typeof status !== "number" || !Number.isInteger(status) || status < 300 || status > 399)
    throw refused(`redirect(): the status must be a redirect's (300 to 399), not ${JSON.stringify(status)}`);
  if (typeof to === "string") {
    if (to === "") throw refused("redirect(): the path is empty");
    return { to, status };
  }
  if (to instanceof RedirectCode) return { to, status };
  if (!isOptionMap(to))
    throw refused('redirect(): give a path or URL (`redirect("/articles/%{id}")`) or the parts of the URL (`redirect({ path: "/articles" })`)');
  const parts: RedirectParts = {};
  for (const key of Object.keys(to)) {
    const part = to[key];
    if (!(REDIRECT_PARTS as readonly string[]).includes(key))
      throw refused(`redirect(): unknown part ${JSON.stringify(key)} (it takes ${REDIRECT_PARTS.join(", ")})`);
    if (typeof part !== "string" && !(key === "port" && typeof part === "number")) throw refused(`redirect(): ${key} must be a string`);
    (parts as Record<string, string | number>)[key] = part;
  }
  return { to: parts, status };
}

/** How Rails' route table shows a redirect: `redirect(301, /articles/%{id})`, `redirect(301, path: /help/%{page})`, `redirect(302)` for a function's (null in a route's JSON). */
export function redirectText({ to, status }: { to: RedirectTarget["to"] | null; status: number }): string {
  const shown =
    to === null || to instanceof RedirectCode
      ? ""
      : typeof to === "string"
        ? to
        : Object.entries(to)
            .map(([key, value]) => `${key}: ${String(value)}`)
            .join(", ");
  return `redirect(${status}${shown ? `, ${shown}` : ""})`;
}
