import { hasUnprintable } from "../../text/escape";
import { NO_APPLICATION_CONSTRAINTS } from "../model/applicationConstraints";
import { BehaviourRules } from "../model/behaviour";
import { RouteDefinitionError } from "../model/errors";
import { endsWithFormat, hasKey, PathParser, PathSegment, specText } from "../model/path";
import { EMPTY_MAP, isEmpty, record } from "../model/records";
import { HttpMethod, Route, RouteOrigin, RouteSpec, RouteTraits } from "../model/route";
import { asText, OptionMap, OptionValue, rubyInspect, toList } from "../model/values";

/** Methods a route condition accepts; `any` means no condition. */
export const ROUTE_METHODS: readonly HttpMethod[] = ["get", "post", "put", "delete", "options"];

const ANCHORS = /^(\\A|\^)|(\\Z|\\z|\$)$/;

/**
 * The route builder: validates a route's conditions and requirements the way the original did
 * when routes were loaded, and sorts its options into requirements, fixed params and defaults.
 * Consecutive routes of one path share its parsed form, and routes given the same requirement
 * map (a resource's) share the records sorted from it.
 */
export class RouteBuilder {
  private readonly paths = new PathParser();
  /** The path's base, separator and action, the controller and the action checked last (printableOnly). */
  private readonly checked = { base: "", separator: "", pathAction: "", controller: "" as string | null, action: "" as string | null };
  /**
   * Per requirement map (a resource has two: with and without `id`), its sorted records and the
   * traits of the route built last with it, which the resource's next routes share.
   */
  private readonly sorted = new WeakMap<OptionMap, SortedRequirements>();

  constructor(private readonly rules: BehaviourRules) {}

  /** `option`: the option path of a custom action (see Route.option). */
  build(spec: RouteSpec, name: string | null, origin?: RouteOrigin, option?: string): Route {
    printableOnly("name", name);
    // A resource's routes share its base paths and controller, and an action its routes: each
    // checked once in a row. A path is printable when its parts are.
    const path = spec.path;
    const checked = this.checked;
    if (path.base !== checked.base || path.separator !== checked.separator || (path.action ?? "") !== checked.pathAction) {
      if (hasUnprintable(path.base) || hasUnprintable(path.separator) || hasUnprintable(path.action ?? "")) printableOnly("path", specText(path));
      checked.base = path.base;
      checked.separator = path.separator;
      checked.pathAction = path.action ?? "";
    }
    if (spec.controller !== this.checked.controller) {
      printableOnly("controller", spec.controller);
      this.checked.controller = spec.controller;
    }
    if (spec.action !== this.checked.action) {
      printableOnly("action", spec.action);
      this.checked.action = spec.action;
    }
    const segments = this.paths.parse(spec.path);
    const methods = routeMethods(spec.conditions);
    checkSegmentRequirements(spec.requirements, segments);
    const sorted = this.sort(spec.requirements);
    const { requirements } = sorted;

    const conditions = textValues(spec.conditions, "method");
    let defaults = textValues(spec.defaults);
    const actionKey = hasKey(segments, "action");
    // An `:action` segment defaults to index unless its requirement refuses index.
    if (actionKey && !("action" in spec.defaults) && takesIndex(spec.requirements.action))
      defaults = Object.assign(record<string>(), defaults, { action: "index" });
    const optionalFormat = this.rules.optionalTrailingFormat && endsWithFormat(segments);

    return new Route(
      name,
      methods,
      segments,
      hasKey(segments, "controller") ? null : spec.controller,
      actionKey ? null : spec.action,
      shareTraits(sorted, conditions, defaults, spec.controllerNamespace),
      requiredSegmentCount(segments, defaults, requirements, optionalFormat),
      optionalFormat,
      origin,
      option,
    );
  }

  /** Requirement patterns and fixed params (non-pattern values) of a requirement map. */
  private sort(from: OptionMap): SortedRequirements {
    let sorted = this.sorted.get(from);
    if (sorted) return sorted;
    const requirements = record<RegExp>();
    const params = record<string>();
    for (const [key, value] of Object.entries(from)) {
      if (value instanceof RegExp) requirements[key] = value;
      else params[key] = asText(value); // nil as Ruby wrote it: "" (nil.to_s), as Rails 2 recognised it
    }
    sorted = { requirements: shared(requirements), params: shared(params), traits: undefined };
    this.sorted.set(from, sorted);
    return sorted;
  }
}

interface SortedRequirements {
  requirements: Record<string, RegExp>;
  params: Record<string, string>;
  /** The traits of the route built last with these requirements. */
  traits: RouteTraits | undefined;
}

/** The traits of the previous route with the same requirements when the rest is the same records, else new ones. */
function shareTraits(
  sorted: SortedRequirements,
  conditions: Record<string, string>,
  defaults: Record<string, string>,
  controllerNamespace: string,
): RouteTraits {
  const last = sorted.traits;
  if (last && last.conditions === conditions && last.defaults === defaults && last.controllerNamespace === controllerNamespace) return last;
  return (sorted.traits = {
    requirements: sorted.requirements,
    params: sorted.params,
    conditions,
    defaults,
    controllerNamespace,
    groupedPath: null,
    requestConditions: EMPTY_MAP,
    applicationConstraints: NO_APPLICATION_CONSTRAINTS,
    redirect: null,
    app: null,
  });
}

/** A requirement on a path segment must be an unanchored regular expression (the first one that is not, in the map's order, is refused). */
function checkSegmentRequirements(requirements: OptionMap, segments: readonly PathSegment[]): void {
  // for-in, not Object.keys: a list per route was made for a map shared by the resource's routes (a map has no inherited keys).
  for (const key in requirements) {
    if (!hasKey(segments, key)) continue;
    const value = requirements[key];
    if (!(value instanceof RegExp)) throw refused(`${key}: requirements on a path segment must be regular expressions`, "requirement-not-regexp", key);
    if (ANCHORS.test(value.source))
      throw refused(`Regexp anchor characters are not allowed in routing requirements: ${rubyInspect(value)}`, "requirement-anchor", key);
  }
}

/** A route's name, path, controller and action must be printable (a control character or line break is refused). */
function printableOnly(what: string, text: string | null): void {
  if (text !== null && hasUnprintable(text)) {
    throw new RouteDefinitionError(`A route ${what} cannot hold control characters or line breaks: ${JSON.stringify(text)}`, "invalid-name");
  }
}

/** The values, or EMPTY_MAP for none (most routes have no requirements, fixed params or conditions). */
function shared<T>(values: Record<string, T>): Record<string, T> {
  return isEmpty(values) ? (EMPTY_MAP as Record<string, T>) : values;
}

/**
 * The values of an option map as text, without null ones and the key `except`; the shared empty
 * record when none is left (most routes: no record is made for them).
 */
function textValues(map: OptionMap, except?: string): Record<string, string> {
  let values = EMPTY_MAP as Record<string, string>;
  for (const key in map) {
    const value = map[key];
    if (key === except || value === null) continue;
    if (values === EMPTY_MAP) values = record<string>();
    values[key] = asText(value);
  }
  return values;
}

function refused(message: string, code: "requirement-anchor" | "requirement-not-regexp", key: string): RouteDefinitionError {
  const error = new RouteDefinitionError(message, code);
  error.optionPath = `requirements.${key}`;
  return error;
}

/** The usual single-method lists, shared by the routes that have them (one array per route was 3 MB of 50,000 routes). */
const SINGLE_METHODS = new Map(ROUTE_METHODS.map((m) => [m, Object.freeze([m])]));

/** The method condition as a list, or null for none; refuses HEAD and unknown methods as the original did. */
function routeMethods(conditions: Record<string, OptionValue>): readonly HttpMethod[] | null {
  const method = conditions.method;
  if (method === undefined || method === null || method === "any") return null;
  // The usual condition, one method written as a name: its shared list, with no list made to check it.
  const single = typeof method === "string" && SINGLE_METHODS.get(method as HttpMethod);
  if (single) return single;
  const methods = toList(method).map(asText);
  for (const m of methods) {
    if (m === "head") {
      throw new RouteDefinitionError(
        "HTTP method HEAD is invalid in route conditions. Rails processes HEAD requests the same as GETs, returning just the response headers",
        "invalid-method",
      );
    }
    if (!(ROUTE_METHODS as readonly string[]).includes(m)) {
      throw new RouteDefinitionError(`Invalid HTTP method specified in route conditions: ${rubyInspect(conditions)}`, "invalid-method");
    }
  }
  return (methods.length === 1 && SINGLE_METHODS.get(methods[0] as HttpMethod)) || (methods as HttpMethod[]);
}

/**
 * Trailing segments that a request may leave out: a lone dynamic segment with a default
 * (`:action` defaults to index) or an unconstrained `:id`, when every segment after it may be left
 * out too. With an optional format (B), a last `:id.:format` counts as its `:id`: the catch-all
 * `:controller/:action/:id.:format` also takes `/posts`.
 */
function requiredSegmentCount(
  segments: PathSegment[],
  defaults: Record<string, string>,
  requirements: Record<string, RegExp>,
  optionalFormat: boolean,
): number {
  let required = segments.length;
  // B: a last segment that is only `.:format` is the original's optional format segment, after an optional slash.
  const last = segments[required - 1];
  if (optionalFormat && last?.length === 2 && last[0].kind === "static" && last[0].text === "." && last[1].kind === "param" && last[1].key === "format")
    required--;
  while (required > 0) {
    const whole = segments[required - 1];
    // The segment's one part (or, for `:id.:format` at the end, its first).
    const lone = whole.length === 1 || (optionalFormat && required === segments.length && whole.length === 3) ? whole[0] : undefined;
    if (lone?.kind !== "param") break;
    const key = lone.key;
    // An `:id` is optional with no requirement, or one that an empty value meets.
    const optional = key in defaults || (key === "id" && (!(key in requirements) || requirements.id.test("")));
    if (!optional) break;
    required--;
  }
  return required;
}

/** Whether an `:action` requirement lets the action default to index: none, or one whose first match in "index" is all of it. */
function takesIndex(requirement: OptionValue | undefined): boolean {
  if (!(requirement instanceof RegExp)) return true;
  return new RegExp(requirement.source, requirement.flags.replace(/[gy]/g, "")).exec("index")?.[0] === "index";
}
