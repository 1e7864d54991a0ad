import { ApplicationCode } from "./applicationCode";
import type { Declaration } from "./declarations";
import { refused } from "./errors";
import { isOptionMap, type OptionMap, type OptionValue } from "./values";

/*
 * Behaviour C's custom URL helpers (Rails' `direct :homepage do "https://rubyonrails.org" end`):
 * not routes, but a `_url` and a `_path` helper that answer their target. Rails runs the block at
 * each call; a target written as a value (a URL or path, or the options of url_for) is what such a
 * block returns, and what the DSL and the analyser take; a block that computes from the helper's
 * arguments is a function of the application's.
 */

/** A URL or a path, or the options of url_for (`{ controller, action, host, … }`): what a custom helper answers. */
export type DirectUrl = string | Readonly<Record<string, string | number | boolean>>;

/** Rails' `direct(:name) { |*args| … }` that computes: told the helper's arguments, it answers the URL, the path or url_for's options. */
export type DirectFunction = (...args: never[]) => DirectUrl;

/** A custom helper's function, as an option value (see ApplicationCode): run at each call of the helper. */
export class DirectCode extends ApplicationCode<DirectFunction> {
  /** What the function answers for a call's arguments; anything but a URL, a path or options is refused. */
  target(args: readonly unknown[]): DirectUrl {
    const answer: unknown = (this.runnable() as (...values: unknown[]) => unknown)(...args);
    if (typeof answer === "string" || isOptionMap(answer as OptionValue)) return answer as DirectUrl;
    throw new TypeError(`a direct helper's function answers a URL, a path or the options of url_for, not ${answer === null ? "null" : typeof answer}`);
  }
}

/** A custom helper's target: its URL, or the application's function that answers it. */
export type DirectTarget = DirectUrl | DirectCode;

export interface DirectHelper {
  readonly name: string;
  readonly target: DirectTarget;
}

/** The URL options a hash target may give besides the route's values (url_for's, as Rails reads them). */
export const DIRECT_URL_KEYS: ReadonlySet<string> = new Set(["host", "protocol", "port", "anchor", "trailing_slash", "subdomain", "domain"]);

/** A direct declaration's target, checked: a refusal where Rails could not make a URL of it, or where this version does not read it. */
export function directTarget(declaration: Declaration): DirectTarget {
  const [name, url] = declaration.names;
  if (!name || !/^[_a-z]\w*$/i.test(name)) throw refused(`direct: invalid helper name ${JSON.stringify(name ?? "")}`);
  if (url !== undefined) {
    if (Object.keys(declaration.options).length) throw refused(`direct :${name}: a URL or the options of url_for, not both`);
    return url;
  }
  const options = declaration.options;
  if (options.to instanceof DirectCode && Object.keys(options).length === 1) return options.to;
  if (!Object.keys(options).length) throw refused(`direct :${name} needs its target: a URL or path, the options of url_for, or a function that answers one`);
  return urlForOptions(options, `direct :${name}`);
}

/**
 * The url_for options a target may not give: this version does not read them (Rails prefixes the
 * path with `script_name` and merges `params` into the query; taken as route values, they would
 * be a query parameter of their name).
 */
const UNREAD_URL_KEYS: ReadonlySet<string> = new Set(["params", "script_name"]);

/**
 * A target written as url_for's options (a custom helper's or a polymorphic mapping's), checked:
 * each a string, a number or true/false (nested options are not read), none that this version does
 * not read; refused with `said`, the declaration as the refusal names it.
 */
export function urlForOptions(options: OptionMap, said: string): Record<string, string | number | boolean> {
  for (const key of Object.keys(options)) {
    const value: OptionValue = options[key];
    if (UNREAD_URL_KEYS.has(key)) throw refused(`${said}: the url_for option ${key} is not read by this version of behaviour C`);
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw refused(`${said}: ${key} must be a string, a number or true/false${isOptionMap(value) ? " (nested options are not read)" : ""}`);
    }
  }
  return options as Record<string, string | number | boolean>;
}

/** The custom helpers of a routing file: its top-level `direct` declarations, in order (a later one of a name wins, as Rails redefines the methods). */
export function directHelpers(body: readonly Declaration[], routeNames: { has(name: string): boolean }): DirectHelper[] {
  const helpers = new Map<string, DirectHelper>();
  for (const declaration of body) {
    if (declaration.kind !== "direct") continue;
    let target: DirectTarget;
    try {
      target = directTarget(declaration);
    } catch {
      // Refused where it was expanded, with its message.
      continue;
    }
    const name = declaration.names[0];
    if (!routeNames.has(name)) helpers.set(name, { name, target });
  }
  return [...helpers.values()];
}

/**
 * The path of a URL as a direct helper's `_path` gives it (Rails: "/" and what follows the first
 * slash that is not part of `//`): `https://rubyonrails.org` is `/`, `http://example.org/guides?x=1` is `/guides?x=1`.
 */
export function directPath(url: string): string {
  for (let i = 0; i < url.length; i++) {
    if (url[i] === "/" && url[i - 1] !== "/" && url[i + 1] !== "/") return `/${url.slice(i + 1)}`;
  }
  return "/";
}
