import { LiteralPattern } from "../../../text/regExpText";
import { APPLICATION_CONDITION, ApplicationConstraint, NO_APPLICATION_CONSTRAINTS } from "../../model/applicationConstraints";
import { refused, RouteDefinitionError } from "../../model/errors";
import { fullestSegments, GroupedPath, MAX_GROUP_FORMS, parseGroupedPath } from "../../model/optionalGroups";
import { parsePath, PathSegment, segmentKeys } from "../../model/path";
import { EMPTY_MAP, isEmpty, record } from "../../model/records";
import type { RedirectTarget } from "../../model/redirect";
import { REQUEST_CONDITION_KEYS, type RequestCondition } from "../../model/requestConditions";
import { HttpMethod, Route, RouteOrigin } from "../../model/route";
import type { RouteApp } from "../../model/routeApp";
import { asText, OptionMap, OptionValue, rubyInspect, toList } from "../../model/values";
import { normalizedPath, Scope } from "./scope";

/*
 * One route of behaviour C from what a mapper call resolved (Rails 6.1's Mapping): the path with
 * its format, the controller and action from `to:` and the scope, and the options and constraints
 * sorted into requirements (on path segments), conditions (on the request), fixed parameters and
 * segment defaults.
 */

/** What a route call resolved before its route is built. */
export interface MappingInput {
  path: string;
  controller: string | undefined;
  action: string | undefined;
  /** `"controller#action"`, or a redirect or an application (the route has no controller or action then). */
  to: string | RedirectTarget | RouteApp | undefined;
  via: readonly string[];
  format: OptionValue | undefined;
  constraints: RouteConstraints;
  /** The call's other options: regexps are requirements, other values defaults. */
  options: OptionMap;
}

/** A route's constraints: by key, or the application's code, which takes the place of its scopes' code (as Rails 6.1's Mapping does). */
export type RouteConstraints = OptionMap | ApplicationConstraint;

/** The request conditions Rails reads from constraints that a string or number also makes a default of. */
const URL_OPTIONS = new Set(["protocol", "subdomain", "domain", "host", "port"]);

/** The request constraints that are also defaults: those on a URL option (protocol, subdomain, domain, host, port) given as a string or a number. */
export function urlDefaults(constraints: OptionMap): OptionMap {
  const defaults = record<OptionValue>();
  for (const key in constraints) {
    const value = constraints[key];
    if (URL_OPTIONS.has(key) && (typeof value === "string" || typeof value === "number")) defaults[key] = value;
  }
  return defaults;
}

const ANCHORS = /^(\\A|\^)|(\\Z|\\z|\$)$/;

/** Methods of Rails' request that a constraint may name and that recognition here does not compare: such a route is refused, not drawn unconstrained. */
const UNREAD_REQUEST_METHODS: ReadonlySet<string> = new Set([
  "user_agent",
  "remote_ip",
  "ip",
  "request_method",
  "method",
  "path",
  "fullpath",
  "url",
  "original_url",
  "query_string",
  "media_type",
  "content_type",
  "referer",
  "referrer",
  "subdomains",
  "host_with_port",
  "port_string",
  "server_name",
  "headers",
  "env",
]);

/** The path with its format: `(.:format)` unless the format is off, a path that ends in one or `/`. */
export function formattedPath(path: string, format: OptionValue | undefined): string {
  const normalized = normalizedPath(path);
  if (format === true) return `${normalized}.:format`;
  if (format !== false && !/(?:\(\.:format\)+|\.:format|\/)$/.test(normalized)) return `${normalized}(.:format)`;
  return normalized;
}

export function buildRoute(scope: Scope, input: MappingInput, name: string | null, origin: RouteOrigin | undefined, option?: string): Route {
  const { segments, optionalFormat, groupedPath } = parsedPath(input.path);
  const pathKeys = new Set(segmentKeys(segments));
  const moduleName = scope.get("module");
  const options = record<OptionValue>();
  // A glob takes the rest of the path lazily, leaving a file extension to the format.
  if (input.format !== false) for (const segment of segments) for (const part of segment) if (part.kind === "glob") options[part.key] = /.+?/;
  Object.assign(options, scope.get("options"), input.options);
  const app = typeof input.to === "object" && "code" in input.to ? input.to : null;
  // A mount is matched by its path's expression, which an optional group inside a segment would make backtrack.
  if (app?.mounted && groupedPath?.withinSegments)
    throw refused(`${JSON.stringify(input.path)}: a mount's path with an optional group inside a segment is not read by this version of behaviour C`);
  const redirect = typeof input.to === "object" && !app ? (input.to as RedirectTarget) : null;
  const endpoint = redirect ?? app;
  if (endpoint) {
    // A redirect or an application is the route's endpoint in the controller's place: Rails keeps neither a controller nor an action, given or scoped.
    delete options.controller;
    delete options.action;
  } else if (pathKeys.has("controller")) {
    if (moduleName) throw refused(":controller segment is not allowed within a namespace block");
    options.controller ??= /.+?/;
  } else {
    const to = input.to as string | undefined;
    const [toController, toAction] = to?.includes("#") ? to.split("#") : [];
    const controller = withModule(toController || input.controller, moduleName);
    const action = toAction || input.action;
    if (controller === undefined) throw refused("Missing :controller key on routes definition, please check your routes.");
    options.controller = controllerName(controller);
    if (action !== undefined) options.action = action;
    else if (!pathKeys.has("action")) throw refused("Missing :action key on routes definition, please check your routes.");
  }

  const constraints = record<OptionValue>();
  Object.assign(constraints, scope.get("constraints"));
  for (const key in options) if (options[key] instanceof RegExp) constraints[key] = options[key];
  // Defaults in Rails' order of precedence, lowest first: the format's, the request conditions', the scope's, the call's.
  const format = input.format;
  const defaults = record<OptionValue>();
  if (format instanceof RegExp) defaults.format = null;
  else if (typeof format === "string") defaults.format = format;
  const code = input.constraints instanceof ApplicationConstraint ? [input.constraints] : (scope.get("blocks") ?? NO_APPLICATION_CONSTRAINTS);
  const given = input.constraints instanceof ApplicationConstraint ? EMPTY_MAP : input.constraints;
  Object.assign(defaults, urlDefaults(given), scope.get("defaults"));
  Object.assign(constraints, given);

  const requirements = record<RegExp>();
  const conditions = record<string>();
  const requestConditions = record<RequestCondition>();
  for (const key in constraints) {
    const value = constraints[key];
    if (pathKeys.has(key) || key === "controller") {
      if (value instanceof RegExp) {
        checkRequirement(value);
        requirements[key] = value;
        // A text (or a Ruby symbol) is that text and no other, as Rails makes a pattern of it (Regexp.union).
      } else if (typeof value === "string") requirements[key] = new LiteralPattern(value);
      else if (key !== "controller") throw refused(`${key}: a constraint on a path segment must be a regular expression or a text`);
      continue;
    }
    // Rails keeps a constraint on a key that is neither a segment nor a method of its request (`id` on a route without :id) out of the route.
    if (!REQUEST_CONDITION_KEYS.includes(key)) {
      if (UNREAD_REQUEST_METHODS.has(key))
        throw refused(`a constraint on the request's ${key} is not read by this version of behaviour C (it reads ${REQUEST_CONDITION_KEYS.join(", ")})`);
      continue;
    }
    if (!(value instanceof RegExp || typeof value === "string" || typeof value === "number"))
      throw refused(`${key}: a request constraint must be a string, a number or a regular expression`);
    conditions[key] = asText(value);
    requestConditions[key] = value instanceof RegExp ? new RegExp(value.source, value.flags.replace(/[gy]/g, "")) : value;
  }
  if (code.length) conditions[APPLICATION_CONDITION[0]] = APPLICATION_CONDITION[1];
  // The format's own requirement gives way to a constraint on it.
  if (format === true) requirements.format ??= /.+/;
  else if (format instanceof RegExp) requirements.format ??= format;
  else if (typeof format === "string") requirements.format ??= new RegExp(format);
  for (const key in options) if (!(options[key] instanceof RegExp)) defaults[key] = options[key];
  if (pathKeys.has("action") && !("action" in requirements) && !endpoint) defaults.action ??= "index";

  const segmentDefaults = record<string>();
  const params = record<string>();
  // Generation from options asks for the values of the route's own options, not those of `defaults:` (Rails' required_defaults).
  const requiredParams = record<string>();
  for (const key in defaults) {
    if (key === "controller" || key === "action") continue;
    const value = defaults[key];
    if (value === null) continue;
    if (pathKeys.has(key)) segmentDefaults[key] = asText(value);
    else {
      params[key] = asText(value);
      if (key in options && !(options[key] instanceof RegExp)) requiredParams[key] = params[key];
    }
  }
  delete requirements.controller;
  // Rails keeps no requirement of a lazy any-text pattern (a glob's, a :controller's): what it matches is the segment's own rule.
  for (const key in requirements) if (requirements[key].source === ".+?") delete requirements[key];
  return new Route(
    name,
    methodsOf(input.via),
    segments,
    endpoint || pathKeys.has("controller") ? null : asText(defaults.controller ?? null),
    endpoint || pathKeys.has("action") ? null : asText(defaults.action ?? null),
    {
      requirements: sharedOrEmpty(requirements),
      params: sharedOrEmpty(params),
      requiredParams: sharedOrEmpty(requiredParams),
      conditions: sharedOrEmpty(conditions),
      defaults: sharedOrEmpty(segmentDefaults),
      controllerNamespace: "",
      groupedPath,
      requestConditions: sharedOrEmpty(requestConditions),
      applicationConstraints: code,
      redirect,
      app,
    },
    segments.length,
    optionalFormat,
    origin,
    option,
    true,
  );
}

/**
 * The segments of a C path (Journey's spec) and its optional groups, nested or not, of whole
 * segments or inside one (`:id(-:slug)`), and whether it ends in `(.:format)`.
 */
function parsedPath(path: string): { segments: PathSegment[]; optionalFormat: boolean; groupedPath: GroupedPath | null } {
  const optionalFormat = path.endsWith("(.:format)");
  let spec = optionalFormat ? path.slice(0, -"(.:format)".length) : path;
  // A path of optional groups alone is written with its slash outside (`/(:locale)`): the same group as `(/:locale)`.
  if (/^\/\((?!\/)/.test(spec)) spec = `(/${spec.slice(2)}`;
  if (optionalFormat && spec === "") throw refused(`${JSON.stringify(path)}: a format with no path before it`);
  if (!spec.includes("(") && !spec.includes(")")) return { segments: parsePath(optionalFormat ? `${spec}.:format` : spec), optionalFormat, groupedPath: null };
  let groupedPath: GroupedPath;
  try {
    groupedPath = parseGroupedPath(spec);
  } catch (error) {
    throw refused(`${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  // Counted, not shifted: `1 << 32` is 1 in JavaScript.
  if (groupedPath.groups.length > Math.log2(MAX_GROUP_FORMS)) throw refused(`${JSON.stringify(path)}: more than ${Math.log2(MAX_GROUP_FORMS)} optional groups`);
  const segments = fullestSegments(groupedPath, optionalFormat);
  const keys = segmentKeys(segments);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) throw refused(`${JSON.stringify(path)}: :${twice} is in the path twice`);
  return { segments, optionalFormat, groupedPath };
}

/**
 * The controller under the scope's module, unless written from the root (`/admin/users`); with no
 * controller, the module itself (Rails joins the module and no controller: `get :summary` in
 * `namespace :reports` is reports#summary).
 */
function withModule(controller: string | undefined, moduleName: string | null | undefined): string | undefined {
  if (!moduleName) return controller;
  if (controller === undefined) return moduleName;
  return controller.startsWith("/") ? controller.slice(1) : `${moduleName}/${controller}`;
}

/** A controller name Rails accepts: lower case, digits, `_` and `/`. */
function controllerName(controller: string): string {
  if (/^[a-z_0-9][a-z_0-9/]*$/.test(controller)) return controller;
  throw refused(
    `'${controller}' is not a supported controller name. This can lead to potential routing problems. See https://guides.rubyonrails.org/routing.html#specifying-a-controller-to-use`,
  );
}

function checkRequirement(requirement: RegExp): void {
  if (ANCHORS.test(requirement.source))
    throw new RouteDefinitionError(`Regexp anchor characters are not allowed in routing requirements: ${rubyInspect(requirement)}`, "requirement-anchor");
  if (requirement.flags.includes("m"))
    throw new RouteDefinitionError(`Regexp multiline option is not allowed in routing requirements: ${rubyInspect(requirement)}`, "requirement-anchor");
}

/**
 * A route's methods as Rails 6.1 reads `via`: each dasherized (`version_control` is VERSION-CONTROL),
 * any word Rails takes; `all` is every method. A route that names HEAD is what a HEAD request tries
 * first (see the recognizer).
 */
function methodsOf(via: readonly string[]): HttpMethod[] | null {
  if (via.includes("all")) return null;
  const methods = via.map((method) => method.toLowerCase().replace(/_/g, "-"));
  for (const method of methods) if (!/^[a-z][a-z-]*$/.test(method)) throw refused(`via: ${JSON.stringify(method)} is not an HTTP method's name`);
  return methods;
}

/** Rails' check_via: `match` needs its methods. */
export function checkedVia(via: OptionValue | undefined): string[] {
  const methods = toList(via ?? null).map(asText);
  if (methods.length === 0) {
    throw refused(
      'You should not use the `match` method in your router without specifying an HTTP method. If you want to expose your action to both GET and POST, add `via: ["get", "post"]`; to GET, use `get`.',
    );
  }
  return methods;
}

function sharedOrEmpty<T>(values: Record<string, T>): Record<string, T> {
  return isEmpty(values) ? (EMPTY_MAP as Record<string, T>) : values;
}
