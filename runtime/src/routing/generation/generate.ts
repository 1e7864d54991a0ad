import { shortened } from "../../text/escape";
import { BEHAVIOURS, type GenerationRules } from "../model/behaviour";
import { RoutingError } from "../model/errors";
import { formFor, inOptionalGroup } from "../model/optionalGroups";
import { DEFAULT_SEGMENT_PATTERN, segmentKeys } from "../model/path";
import { record } from "../model/records";
import { Route } from "../model/route";
import { UrlOptions } from "../model/settings";

/** Keys of a helper's named values that shape the URL rather than fill the path or the query. */
const URL_OPTION_KEYS = new Set(["host", "protocol", "port", "anchor", "only_path", "trailing_slash"]);

/** Keys the route itself answers (never put in a query string). */
const ROUTE_KEYS = new Set(["controller", "action", "use_route"]);

/** A helper call's arguments: positional segment values, then optionally one object of named values. */
export interface HelperArguments {
  positional: unknown[];
  named: Record<string, unknown>;
}

/**
 * The named-values object is the last argument when it is a plain object that is not a model
 * (a model has `to_param()`; a plain object literal is always named values).
 */
export function splitArguments(args: unknown[]): HelperArguments {
  const last = args[args.length - 1];
  if (isPlainObject(last) && typeof (last as { to_param?: unknown }).to_param !== "function") {
    return { positional: args.slice(0, -1), named: { ...(last as Record<string, unknown>) } };
  }
  return { positional: args, named: {} };
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The keys a helper's positional values fill: the route's dynamic segments in path order (parent ids, id, then format). */
export function positionalKeys(route: Route): string[] {
  return segmentKeys(route.segments).filter((k) => route.controller === null || k !== "controller");
}

export function assignValues(route: Route, helper: string, { positional, named }: HelperArguments): Record<string, unknown> {
  const keys = positionalKeys(route);
  if (positional.length > keys.length) {
    throw new RoutingError(
      `${helper} takes at most ${keys.length} positional argument(s) (${keys.map((k) => `:${k}`).join(", ") || "none"}), got ${positional.length}`,
    );
  }
  const values = record<unknown>();
  positional.forEach((value, i) => (values[keys[i]] = value));
  return Object.assign(values, named);
}

/**
 * The path of `route` for the given values: segments from the values, the rest as a query string,
 * by the behaviour's rules (a null value in the query, which values are checked against their
 * segment's pattern: GenerationRules).
 */
export function generatePath(route: Route, values: Record<string, unknown>, helper: string, rules: GenerationRules = BEHAVIOURS.B): string {
  const used = new Set<string>();
  const checked = checkedRequirementKeys(route, rules);
  const pieces: string[] = [];
  // C's optional groups: the form that keeps each group whose keys have values.
  const segments = route.groups.length ? formFor(route, (key) => given(route, values, rules, key)).segments : route.segments;
  const required = route.groups.length ? segments.length : route.requiredSegments;
  // The keys of a group left out are the route's all the same: never written in the query.
  if (route.groups.length) for (const key of segmentKeys(route.segments)) used.add(key);
  const lastIndex = segments.length - 1;
  for (let index = 0; index <= lastIndex; index++) {
    const segment = segments[index];
    const optionalFormat = index === lastIndex && route.optionalFormat;
    if (index >= required && segment.every((p) => p.kind === "static" || !present(values[p.key]))) break;
    // A last glob with no value takes nothing, as it may in recognition (`files/*path` → `/files`).
    if (index === lastIndex && segment.length === 1 && segment[0].kind === "glob" && !present(values[segment[0].key])) {
      used.add(segment[0].key);
      break;
    }
    let text = "";
    for (let p = 0; p < segment.length; p++) {
      const part = segment[p];
      if (part.kind === "static") {
        const dropsDot = optionalFormat && p === segment.length - 2 && !given(route, values, rules, "format");
        text += dropsDot ? part.text.slice(0, -1) : part.text;
        continue;
      }
      used.add(part.key);
      // B's optional format takes no default, in generation as in recognition.
      const raw =
        optionalFormat && part.key === "format"
          ? given(route, values, rules, "format")
            ? values.format
            : undefined
          : (values[part.key] ?? route.defaults[part.key]);
      if (!present(raw)) {
        if (optionalFormat && part.key === "format") continue;
        throw new RoutingError(
          `${helper} failed to generate: no value for :${part.key} (the route is ${route.verb} ${route.path}${route.name ? `, named ${route.name}` : ""})`,
        );
      }
      if (part.kind === "glob") {
        // A glob's value: a list of segments (each its to_param), or a text whose slashes separate them.
        const pieces = Array.isArray(raw) ? raw.map((item) => toParam(item)) : toParam(raw).split("/");
        if (checked.has(part.key)) checkRequirement(route, part.key, pieces.join("/"), helper);
        text += pieces.map(escapePathSegment).join("/");
        continue;
      }
      const value = toParam(raw);
      if (!rules.checksRequiredPartsOnly || checked.has(part.key)) checkRequirement(route, part.key, value, helper);
      text += escapePathSegment(value);
    }
    pieces.push(text);
  }
  const path = `/${pieces.join("/")}`;
  const query = queryString(values, used, rules.queryKeepsNull);
  return query ? `${path}?${query}` : path;
}

/**
 * The keys whose values a path checks by the rules that check required parts only (Journey's
 * missing_keys): the constrained keys of segments a request cannot leave out, neither in an
 * optional group nor the optional format. None by the other rules (they check every value but a glob's).
 */
export function checkedRequirementKeys(route: Route, rules: GenerationRules): ReadonlySet<string> {
  if (!rules.checksRequiredPartsOnly) return NONE;
  let keys = checkedKeysOf.get(route);
  if (!keys) checkedKeysOf.set(route, (keys = requiredConstrainedKeys(route)));
  return keys;
}

/** By route, made at its first path: a helper's every call asks. */
const checkedKeysOf = new WeakMap<Route, ReadonlySet<string>>();

function requiredConstrainedKeys(route: Route): ReadonlySet<string> {
  const keys = new Set<string>();
  route.segments.forEach((segment, index) => {
    if (index >= route.requiredSegments) return;
    for (const part of segment)
      if (part.kind !== "static" && route.requirements[part.key] && !(route.optionalFormat && part.key === "format") && !inOptionalGroup(route, part.key))
        keys.add(part.key);
  });
  return keys;
}

const NONE: ReadonlySet<string> = new Set();

/** Whether an optional part has a value to write: present, and not the route's default where the rules leave that out. */
function given(route: Route, values: Record<string, unknown>, rules: GenerationRules, key: string): boolean {
  return present(values[key]) && !(rules.omitsOptionalDefaults && key in route.defaults && toParam(values[key]) === route.defaults[key]);
}

function checkRequirement(route: Route, key: string, value: string, helper: string): void {
  const requirement = route.requirements[key];
  const pattern = new RegExp(`^(?:${requirement?.source ?? DEFAULT_SEGMENT_PATTERN})$`, requirement?.flags.replace(/[gy]/g, ""));
  if (!pattern.test(value)) {
    throw new RoutingError(
      `${helper} failed to generate: :${key} is ${JSON.stringify(value)}, which does not match /${requirement?.source ?? DEFAULT_SEGMENT_PATTERN}/`,
    );
  }
}

/** A full URL: needs a host from the call or from default_url_options. */
export function generateUrl(path: string, options: UrlOptions, helper: string): string {
  if (!options.host) {
    throw new RoutingError(`${helper}: Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true`);
  }
  const protocol = (options.protocol ?? "http").replace(/:\/*$/, "");
  const port = options.port !== undefined && options.port !== null && options.port !== "" ? `:${options.port}` : "";
  return `${protocol}://${options.host}${port}${path}`;
}

/** Adds the URL options that apply to a path too (anchor, trailing slash). */
export function finishPath(path: string, options: UrlOptions): string {
  let result = path;
  if (options.trailing_slash) result = result.replace(/^([^?]*?)\/?(\?|$)/, "$1/$2");
  if (options.anchor !== undefined && options.anchor !== null) result += `#${encodeURIComponent(String(options.anchor))}`;
  return result;
}

export function urlOptionsOf(values: Record<string, unknown>): UrlOptions {
  const options: Record<string, unknown> = {};
  for (const key of URL_OPTION_KEYS) if (values[key] !== undefined) options[key] = values[key];
  return options as UrlOptions;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** A value's parameter text: `to_param()` if it has one, else its `id`, else itself. */
export function toParam(value: unknown): string {
  if (typeof value === "object" && value !== null) {
    const model = value as { to_param?: () => unknown; id?: unknown };
    if (typeof model.to_param === "function") return String(model.to_param());
    if (model.id !== undefined) return String(model.id);
  }
  return String(value);
}

/** Percent-encodes what may not stand in a path segment (the original's URI.escape with UNSAFE_PCHAR). */
function escapePathSegment(text: string): string {
  return text.replace(/[^-_.!~*'()a-zA-Z0-9:@&=+$,;]+/g, (chars) => encodeURIComponent(chars));
}

/** Rails' to_query: sorted `key=value` pairs, `key[]=` for lists, `key[sub]=` for objects. */
function queryString(values: Record<string, unknown>, used: Set<string>, nullsInQuery: boolean): string {
  const pairs: string[] = [];
  const within = new Set<object>();
  for (const [key, value] of Object.entries(values)) {
    if (used.has(key) || ROUTE_KEYS.has(key) || URL_OPTION_KEYS.has(key) || value === undefined || (value === null && !nullsInQuery)) continue;
    addPairs(pairs, key, value, within);
  }
  return pairs.sort().join("&");
}

/** Rails' to_query of a hash (a request's query parameters, as a redirect keeps them): sorted pairs, nested keys in brackets, null values left out. */
export function toQuery(values: Readonly<Record<string, unknown>>): string {
  const pairs: string[] = [];
  const within = new Set<object>();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) addPairs(pairs, key, value, within);
  return pairs.sort().join("&");
}

/** How deep a query value may nest, and how many pairs it may make: a value shared at every level makes pairs without end. */
const MAX_QUERY_DEPTH = 32;
const MAX_QUERY_PAIRS = 10_000;

function addPairs(pairs: string[], key: string, value: unknown, within: Set<object>): void {
  if (Array.isArray(value) || isPlainObject(value)) {
    // A value holding itself, or nested past the bound, is the caller's mistake: said, never a stack overflow.
    if (within.has(value as object)) throw new RoutingError(`The query value of ${shortened(key)} holds itself`);
    if (within.size >= MAX_QUERY_DEPTH) throw new RoutingError(`The query value of ${shortened(key)} is nested more than ${MAX_QUERY_DEPTH} levels deep`);
    within.add(value as object);
    if (Array.isArray(value)) for (const item of value) addPairs(pairs, `${key}[]`, item, within);
    else for (const [sub, item] of Object.entries(value as Record<string, unknown>)) addPairs(pairs, `${key}[${sub}]`, item, within);
    within.delete(value as object);
  } else {
    if (pairs.length >= MAX_QUERY_PAIRS) throw new RoutingError(`The query string would hold more than ${MAX_QUERY_PAIRS} values`);
    pairs.push(`${cgiEscape(key)}=${cgiEscape(value === null ? "" : toParam(value))}`);
  }
}

function cgiEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}
