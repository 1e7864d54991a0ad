import { patternText } from "../../text/regExpText";
import type { ApplicationConstraint } from "./applicationConstraints";
import { Declaration } from "./declarations";
import { GroupedPath, groupedPathText, groupsOf, OptionalGroup } from "./optionalGroups";
import { PathSegment, PathSpec, pathText } from "./path";
import { isEmpty, setOwn } from "./records";
import { RedirectCode, type RedirectParts, type RedirectTarget, redirectText } from "./redirect";
import type { RequestCondition } from "./requestConditions";
import { appText, type RouteApp } from "./routeApp";
import { OptionMap } from "./values";

/**
 * HTTP methods a route condition may name, lower-case: Rails 2's list (`head` refused, see
 * builder); C adds `patch` and takes any other method Rails 6.1's `via` takes (`propfind`,
 * `version-control`).
 */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete" | "options" | (string & {});

/** Which declaration (and which part of it) registered a route: hovers, definitions and name diagnostics use it. */
export interface RouteOrigin {
  declaration: Declaration;
  /** Which name of a multi-name call. */
  nameIndex: number;
  /** The option path of the has_one/has_many entry that nested this resource (`has_many.0`). */
  association?: string;
}

/**
 * A route's origin, its fields always made in one order: an origin spread from another with a
 * field added (`{ ...origin, option }`) gets a hidden class of its own in V8, more with each edit,
 * and every read of an origin's field goes megamorphic.
 */
export function routeOrigin(declaration: Declaration, nameIndex: number, association?: string): RouteOrigin {
  return { declaration, nameIndex, association };
}

/** The route object of docs/routing.md. */
export interface RouteJSON {
  name: string | null;
  verb: string;
  path: string;
  controller: string | null;
  action: string | null;
  requirements: Record<string, string>;
  params: Record<string, string>;
  conditions: Record<string, string>;
  /**
   * A redirect route's status and where it sends the request (behaviour C's `to: redirect(…)`):
   * null where the application's function answers it; absent on every other route.
   */
  redirect?: { status: number; to: string | RedirectParts | null };
  /** A route answered by an application of its own (behaviour C's `to:` a handler, or `mount`): whether it is mounted (takes every path below its own); absent on every other route. */
  app?: { mounted: boolean };
}

/** The usual methods' upper-case names, made once: a route's verb is read often (tables, hovers). */
const UPPER: ReadonlyMap<string, string> = new Map(["get", "post", "put", "patch", "delete", "options"].map((method) => [method, method.toUpperCase()]));

function upper(method: HttpMethod): string {
  return UPPER.get(method) ?? method.toUpperCase();
}

/**
 * What a route shares with the other routes of its resource (or of its connect): one object for
 * all of them, not five fields in each route.
 */
export interface RouteTraits {
  /** Regular-expression requirements, by key (segment keys and others). */
  readonly requirements: Record<string, RegExp>;
  /** Fixed extra parameters. */
  readonly params: Record<string, string>;
  /**
   * The params generation from options must be given, each with its value: C's from the route's
   * own options, not from `defaults:` (Rails 6.1's required defaults); absent in A and B, where
   * every param is.
   */
  readonly requiredParams?: Record<string, string>;
  /** Recognition conditions other than the method. */
  readonly conditions: Record<string, string>;
  /** Defaults of dynamic segments (`:action` defaults to index). */
  readonly defaults: Record<string, string>;
  /** Controller namespace for a `:controller` segment (`admin/`). */
  readonly controllerNamespace: string;
  /** C's path with optional groups (`(/:locale)/posts`, `:id(-:slug)`); null for most routes. */
  readonly groupedPath: GroupedPath | null;
  /** C's constraints on the request (subdomain, host, domain, protocol, port), as recognition compares them; `conditions` shows them. */
  readonly requestConditions: Readonly<Record<string, RequestCondition>>;
  /** C's constraints of the application's code, each asked in turn (Rails' lambda constraints); none for most routes. */
  readonly applicationConstraints: readonly ApplicationConstraint[];
  /** C's `to: redirect(…)`: the route answers with a redirect, and has no controller or action. Null on every other route. */
  readonly redirect: RedirectTarget | null;
  /** C's application of a route (`to:` a handler, `mount`): the route answers by it, and has no controller or action. Null on every other route. */
  readonly app: RouteApp | null;
}

export class Route {
  /** @internal Routes are made by the expander. */
  constructor(
    /** The name this route holds, or null. */
    readonly name: string | null,
    /** Accepted methods; null when the route has no method condition. */
    readonly methods: readonly HttpMethod[] | null,
    /** @internal The parsed path, as recognition and generation read it. */
    readonly segments: PathSegment[],
    /** Null when a `:controller` segment supplies it. */
    readonly controller: string | null,
    /** Null when an `:action` segment supplies it. */
    readonly action: string | null,
    /** @internal Requirements, params, conditions and defaults, shared by a resource's routes. */
    readonly traits: RouteTraits,
    requiredSegments: number,
    optionalFormat: boolean,
    /** @internal The declaration that made the route; shared by the routes of one resource. */
    readonly origin: RouteOrigin | undefined,
    /**
     * The option path that produced a custom action (`member.mark`, `collection.search`,
     * `new.preview`): the route's own, where an origin of its own for it would be one more object
     * for half the routes of a large file.
     */
    readonly option: string | undefined,
    /** The optional format is written as modern Rails writes it, `(.:format)` (behaviour C). */
    formatGroup = false,
  ) {
    this.trailing = requiredSegments * 4 + (formatGroup ? 2 : 0) + (optionalFormat ? 1 : 0);
  }

  /**
   * requiredSegments, optionalFormat and how the format is written in one number: fields less in
   * every route; they are read when routes are compiled, compared or shown, not per request.
   */
  declare private readonly trailing: number;

  /** Segments from this index on may be left out of a request (optional trailing segments). */
  get requiredSegments(): number {
    return this.trailing >> 2;
  }

  /** The trailing `.:format` may be left out (behaviours B and C). */
  get optionalFormat(): boolean {
    return (this.trailing & 1) === 1;
  }

  get requirements(): Record<string, RegExp> {
    return this.traits.requirements;
  }

  get params(): Record<string, string> {
    return this.traits.params;
  }

  get conditions(): Record<string, string> {
    return this.traits.conditions;
  }

  get defaults(): Record<string, string> {
    return this.traits.defaults;
  }

  get controllerNamespace(): string {
    return this.traits.controllerNamespace;
  }

  /** Constraints of the application's code (behaviour C): the route is recognised only where each holds. */
  get applicationConstraints(): readonly ApplicationConstraint[] {
    return this.traits.applicationConstraints;
  }

  /** Whether recognition asks the request more than its method and path: request constraints or the application's code (behaviour C). */
  get asksRequest(): boolean {
    return !isEmpty(this.traits.requestConditions) || this.traits.applicationConstraints.length > 0;
  }

  /** Constraints on the request's host, subdomain, domain, protocol or port (behaviour C). */
  get requestConditions(): Readonly<Record<string, RequestCondition>> {
    return this.traits.requestConditions;
  }

  /** Where a redirect route sends its requests (behaviour C's `to: redirect(…)`); null for a route with an action. */
  get redirect(): RedirectTarget | null {
    return this.traits.redirect;
  }

  /** The application a route answers by (behaviour C's `to:` a handler, or `mount`); null for a route with an action or a redirect. */
  get app(): RouteApp | null {
    return this.traits.app;
  }

  /** @internal The parts a request may leave out (behaviour C's optional groups); most routes have none. */
  get groups(): readonly OptionalGroup[] {
    return groupsOf(this);
  }

  /** @internal The path with its optional groups (behaviour C); null for a route without. */
  get groupedPath(): GroupedPath | null {
    return this.traits.groupedPath;
  }

  /**
   * The path (`/posts/:id.:format`), written out of the segments each time it is asked for (a
   * fraction of a microsecond): most routes of a large file are never shown, and a path kept once
   * written would stay for the life of the route.
   */
  get path(): string {
    const grouped = this.traits.groupedPath;
    if (grouped) return groupedPathText(grouped, this.optionalFormat);
    const text = pathText(this.segments);
    // C writes its optional format as a group: `/posts/:id(.:format)`.
    return (this.trailing & 3) === 3 ? `${text.slice(0, -".:format".length)}(.:format)` : text;
  }

  /** `GET`, `GET|POST`, or `ANY`: shared strings for the usual single methods, so asking costs nothing. */
  get verb(): string {
    const methods = this.methods;
    if (!methods) return "ANY";
    return methods.length === 1 ? upper(methods[0]) : methods.map(upper).join("|");
  }

  /** Whether a `:controller` or `:action` segment supplies what the route goes to: what it recognises then depends on the set's controllers. */
  get dynamicTarget(): boolean {
    return !this.traits.redirect && !this.traits.app && (this.controller === null || this.action === null);
  }

  /** `controller#action`, with `:controller`/`:action` where a path segment supplies them; a redirect as Rails shows it, `redirect(301, /articles)`. */
  get target(): string {
    return targetText(this);
  }

  toJSON(): RouteJSON {
    const json: RouteJSON = {
      name: this.name,
      verb: this.verb,
      path: this.path,
      controller: this.controller,
      action: this.action,
      requirements: sortedRecord(this.requirements, patternText),
      params: sortedRecord(this.params, String),
      conditions: sortedRecord(this.conditions, String),
    };
    const redirect = this.traits.redirect;
    if (redirect) json.redirect = { status: redirect.status, to: redirectJSON(redirect.to) };
    const app = this.traits.app;
    if (app) json.app = { mounted: app.mounted };
    return json;
  }
}

function redirectJSON(to: RedirectTarget["to"]): string | RedirectParts | null {
  if (to instanceof RedirectCode) return null;
  return typeof to === "string" ? to : { ...to };
}

/**
 * What a route (or its JSON) goes to, as the route tables show it: `controller#action`, with
 * `:controller`/`:action` where a path segment supplies them, a redirect as Rails shows it
 * (`redirect(301, /articles)`), or an application (`app`, `mounted app`).
 */
export function targetText(route: {
  controller: string | null;
  action: string | null;
  redirect?: Parameters<typeof redirectText>[0] | null;
  app?: Parameters<typeof appText>[0] | null;
}): string {
  if (route.redirect) return redirectText(route.redirect);
  if (route.app) return appText(route.app);
  return `${route.controller ?? ":controller"}#${route.action ?? ":action"}`;
}

function sortedRecord<T>(record: Record<string, T>, show: (value: T) => string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of Object.keys(record).sort()) setOwn(result, key, show(record[key]));
  return result;
}

/** Options of one route before it is built (what the original passed to its route builder). */
export interface RouteSpec {
  path: PathSpec;
  controller: string | null;
  action: string | null;
  /** The `conditions` map, `method` included when set. */
  conditions: OptionMap;
  /** Requirement patterns and fixed values, by key. */
  requirements: OptionMap;
  /** Plain defaults of path segment keys (connect's `:action => "list"`). */
  defaults: OptionMap;
  /** A `namespace` for a `:controller` segment. */
  controllerNamespace: string;
}
