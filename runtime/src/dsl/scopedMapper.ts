import { applicationConstraintOf, type RequestConstraint } from "../routing/model/applicationConstraints";
import { Declaration, DeclarationKind } from "../routing/model/declarations";
import { DirectCode, type DirectFunction } from "../routing/model/directHelpers";
import { type PolymorphicRecord, type PolymorphicTarget, ResolveCode, type ResolveFunction } from "../routing/model/polymorphicMappings";
import type { RequestMethodC } from "../routing/model/requestMethods";
import { appCodeOf, type RouteApplication } from "../routing/model/routeApp";
import { callArguments } from "./mapper";
import type { Redirect } from "./redirect";

/*
 * Behaviour C's mapper: modern Rails' DSL (`resources :posts do member { post :publish } end`)
 * as one object whose calls nest by callbacks. A callback takes no mapper: calls made on the
 * same mapper while it runs are its block's, as calls inside a Ruby block were.
 */

/** A block: the calls the mapper receives while it runs are nested in the call it was given to. */
export type Block = () => void;

/** A list of action names, or one. */
export type ActionNames = string | readonly string[];

/**
 * Constraints by key: a pattern for a path segment, or a value or pattern for a request's
 * subdomain, host, domain, protocol or port; or the application's code, a function of the request
 * or an object with `matches(request)`.
 */
export type RouteConstraints = Record<string, RegExp | string | number> | RequestConstraint;

/**
 * What a scope around routes may set (Rails' scope options); any other key is, as in Rails, a
 * pattern for a segment of its routes (`locale: /en|fr/`) or a fixed parameter of them.
 */
export type ScopeOptions = ScopeSettings & { [segment: string]: unknown };

/** The options a scope reads itself. */
export interface ScopeSettings {
  /** A path prefix (`scope("admin")` gives it as the first argument). */
  path?: string;
  /** The controllers' module (`admin/`). */
  module?: string;
  /** A prefix of the routes' names. */
  as?: string;
  /** The prefix of shallow member routes' paths and names (a namespace sets both). */
  shallow_path?: string;
  shallow_prefix?: string;
  /** The controller of the routes (`scope({ controller: "pages" })`). */
  controller?: string;
  action?: string;
  /** Words for the `new` and `edit` path segments. */
  path_names?: Record<string, string>;
  constraints?: RouteConstraints;
  defaults?: Record<string, string | number | boolean>;
  /** Nested resources' member routes at the top (`/comments/:id`). */
  shallow?: boolean;
  /** `false`: no `(.:format)`; `true`: a required `.:format`; a string or pattern: a fixed or restricted format. */
  format?: boolean | string | RegExp;
  /** The HTTP methods of the routes in the scope. */
  via?: HttpVerb | readonly HttpVerb[];
  only?: ActionNames;
  except?: ActionNames;
}

/** `resources` and `resource` options (Rails' resource options; the others apply as a scope around it, any other key as a scope's does). */
export type ResourceOptions = ResourceSettings & { [segment: string]: unknown };

/** The options a resource reads itself, and the scope options it passes on. */
export interface ResourceSettings extends Omit<ScopeSettings, "path" | "action" | "via"> {
  /** The resource's path segment (`path: "articles"` for `resources("posts")`). */
  path?: string;
  /** The name its helpers build on. */
  as?: string;
  /** The parameter of its member routes (`:slug` for `param: "slug"`). */
  param?: string;
  /** Concerns drawn in its block, after the block's own calls. */
  concerns?: string | readonly string[];
}

/** `mount`'s options: where, and Rails' route options (its methods, name, constraints and defaults). */
export interface MountOptions {
  /** The path the application takes, and every path below it (`/sidekiq`, `/sidekiq/queues`). */
  at: string;
  /** The route's name (`sidekiq_web` gives `sidekiq_web_path`); none by default. */
  as?: string;
  /** The methods it takes: all by default. */
  via?: HttpVerb | readonly HttpVerb[];
  constraints?: RouteConstraints;
  defaults?: Record<string, string | number | boolean>;
  /** A pattern for a segment of its path (`locale: /en|fr/`). */
  [segment: string]: unknown;
}

/** A custom helper's target given as url_for's options: the controller, action and values of a route, and the URL's host, protocol, port or anchor. */
export type DirectOptions = { controller: string; action?: string } & Record<string, string | number | boolean>;

/**
 * A method `via` names: `all`, or one of Rails 6.1's request methods (WebDAV's `propfind`,
 * `version-control`… too; Ruby's `version_control` is the same). A route that names `head` answers
 * a HEAD request before GET's routes do.
 */
export type HttpVerb = RequestMethodC | Underscored<RequestMethodC> | "all";

/** `version-control` as Ruby's symbol writes it, `version_control`. */
export type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;

/** A route's options (Rails' match options). */
export interface RouteOptions {
  /**
   * `"controller#action"`; `redirect("/articles/%{id}")`, a route that answers with a redirect; or
   * an application, a route that answers by it (Rails' Rack endpoint): a function `(request,
   * { params }) => Response`, or an object with `fetch(request)` (a Hono app).
   */
  to?: string | Redirect | RouteApplication;
  controller?: string;
  action?: string;
  /** The route's name: `false` for none. */
  as?: string | false;
  /** `match` only: the methods the route takes. */
  via?: HttpVerb | readonly HttpVerb[];
  /** In a resource's block: draw the route on its member, collection or new path. */
  on?: "member" | "collection" | "new";
  /** The path, where the first argument is an action. */
  path?: string;
  format?: boolean | string | RegExp;
  constraints?: RouteConstraints;
  defaults?: Record<string, string | number | boolean>;
  /** A segment's pattern (`id: /\d+/`), or a fixed parameter. */
  [segment: string]: unknown;
}

/** The mapper a behaviour-C draw() callback receives: its calls record declarations, nested by the blocks they run in. */
export class ScopedMapper {
  /** The list the next call is recorded into: the block being run, or the file's top level. */
  private into: Declaration[];

  constructor(body: Declaration[]) {
    this.into = body;
  }

  /** `resources("posts", { only: ["index", "show"] }, () => { ... })`: a collection resource; several names draw one each. */
  resources(...args: Array<string | ResourceOptions | Block | null | undefined>): void {
    this.named("resources", args, 1);
  }

  /** `resource("profile")`: a singular resource (controller `profiles`). */
  resource(...args: Array<string | ResourceOptions | Block | null | undefined>): void {
    this.named("resource", args, 1);
  }

  /** `namespace("admin", () => { ... })`: path, module and name prefix `admin`. */
  namespace(name: string, optionsOrBlock?: ScopeOptions | Block, block?: Block): void {
    this.named("namespace", [name, optionsOrBlock, block], 1);
  }

  /** `scope("(:locale)", { module: "shop" }, () => { ... })`, or `scope({ module: "admin" }, () => { ... })`. */
  scope(...args: Array<string | ScopeOptions | Block | null | undefined>): void {
    this.named("scope", args, 0);
  }

  /** `controller("pages", () => { r.get("about") })`: the routes' controller. */
  controller(name: string, block: Block): void {
    this.named("controller", [name, block], 1);
  }

  /** `constraints({ subdomain: "api" }, () => { ... })`, or `constraints((request) => request.subdomain !== "www", () => { ... })`. */
  constraints(constraints: RouteConstraints, block: Block): void {
    const code = block === undefined ? undefined : applicationConstraintOf(constraints);
    if (!code) return this.named("constraints", [constraints, block], 0);
    this.named("constraints", [block], 0, (declaration) => (declaration.constraint = code));
  }

  /** `defaults({ format: "json" }, () => { ... })`. */
  defaults(defaults: Record<string, string | number | boolean>, block: Block): void {
    this.named("defaults", [defaults, block], 0);
  }

  /** `shallow(() => { ... })`: nested resources in the block are shallow. */
  shallow(block: Block): void {
    this.named("shallow", [block], 0);
  }

  /** `concern("commentable", () => { r.resources("comments") })`: routes to draw where a resource names the concern. */
  concern(name: string, block: Block): void {
    this.named("concern", [name, block], 1);
  }

  /** `concerns("commentable", "taggable")`: the concerns' routes, here. */
  concerns(...names: string[]): void {
    this.named("concerns", names, 1);
  }

  /** `member(() => { r.post("publish") })`: routes on the resource's member path. */
  member(block: Block): void {
    this.named("member", [block], 0);
  }

  /** `collection(() => { r.get("search") })`: routes on the resource's collection path. */
  collection(block: Block): void {
    this.named("collection", [block], 0);
  }

  /** `new(() => { r.get("preview") })`: routes on the resource's new path. */
  new(block: Block): void {
    this.named("new", [block], 0);
  }

  /**
   * `get("about", { to: "pages#about" })`: a route taking GET (and HEAD). A word names an action
   * (Rails' `get :preview`); anything else is a path (`"photos/:id"`).
   */
  get(...args: Array<string | RouteOptions>): void {
    this.named("get", args, 1);
  }

  post(...args: Array<string | RouteOptions>): void {
    this.named("post", args, 1);
  }

  put(...args: Array<string | RouteOptions>): void {
    this.named("put", args, 1);
  }

  patch(...args: Array<string | RouteOptions>): void {
    this.named("patch", args, 1);
  }

  delete(...args: Array<string | RouteOptions>): void {
    this.named("delete", args, 1);
  }

  /** `match("photos", { to: "photos#index", via: ["get", "post"] })`: a route of the methods `via` names. */
  match(...args: Array<string | (RouteOptions & { via: HttpVerb | readonly HttpVerb[] })>): void {
    this.named("match", args, 1);
  }

  /** `root("pages#home")`, `root("pages#home", { as: "home" })` or `root({ to: "pages#home" })`: the route of `/` (of a namespace's path inside one). */
  root(toOrOptions: string | RouteOptions, options?: RouteOptions): void {
    this.named("root", [toOrOptions, options], 0);
  }

  /**
   * `direct("homepage", "https://rubyonrails.org")` or `direct("main", { controller: "pages", action: "index" })`:
   * a custom URL helper (`homepage_url`, `homepage_path`), not a route, at the top of the routes (Rails' `direct`).
   * A function computes it from the helper's arguments, at each call: `direct("mail", (to) => \`mailto:${to}\`)`.
   */
  direct(name: string, target: string | DirectOptions | ((...args: never[]) => string | DirectOptions)): void {
    // A function is the helper's target, not a block of calls (or one a routes.rb's reading made already).
    const code = typeof target === "function" ? new DirectCode(target as DirectFunction) : target instanceof DirectCode ? target : undefined;
    this.named("direct", code ? [name, { to: code }] : [name, target], 1);
  }

  /**
   * `resolve("Basket", ["basket"])`: where a polymorphic URL of a `Basket` record goes
   * (`routes.polymorphicPath(basket)`: `/basket`), in place of the route its model names (Rails'
   * `resolve`), at the top of the routes. The target is a list of a route name's parts, a URL or
   * path, or url_for's options; a function computes it from the record and the options at each
   * call: `resolve("Basket", (basket, options) => ["basket", options], { anchor: "items" })`,
   * `defaults` being the options it is given under the call's own.
   */
  resolve<Model extends PolymorphicRecord = PolymorphicRecord>(
    models: string | readonly string[],
    target: readonly string[] | string | DirectOptions | ((record: Model, options: Readonly<Record<string, unknown>>) => PolymorphicTarget),
    defaults: Record<string, string | number | boolean> = {},
  ): void {
    // A function is the mapping's target, not a block of calls (or one a routes.rb's reading made already).
    const to: unknown = typeof target === "function" ? new ResolveCode(target as ResolveFunction) : Array.isArray(target) ? [...(target as string[])] : target;
    this.named("resolve", [...(typeof models === "string" ? [models] : models), { ...defaults, to }], 1);
  }

  /**
   * `mount(app, { at: "/admin" })`: an application (a function `(request, { params, mountPath }) =>
   * Response`, or an object with `fetch(request)`, a Hono app) that answers every request whose
   * path is `/admin` or below it, whatever its method, given the request with the path below the
   * mount point (Rails' mount of a Rack application).
   */
  mount(app: RouteApplication, options: MountOptions): void {
    const code = appCodeOf(app);
    if (!code) throw new TypeError("mount() needs an application: a function (request, context) => Response, or an object with fetch(request)");
    this.named("mount", [{ ...options, to: code }], 0);
  }

  /**
   * `resources_path_names({ new: "nuevo" })`: the words of the paths of actions (`new`, `edit`, a
   * member's `preview`…) for the routes drawn after it, merged as Rails merges them into the names
   * the scope reads: those a scope or resource around it set, or else the route set's, so they hold
   * past the end of the block it stands in. First in the callback, the draw() setting of the same
   * name says it once for the whole file.
   */
  resources_path_names(names: Record<string, string>): void {
    this.named("resources_path_names", [names], 0);
  }

  /** Records a call: its strings, its one options object and its block, which runs with this mapper recording into it. */
  private named(kind: DeclarationKind, args: readonly unknown[], needs: number, more?: (declaration: Declaration) => void): void {
    const { names, options, block } = callArguments<Block>(args, kind, true);
    if (names.length < needs) throw new TypeError(`${kind}() needs a name written as a string`);
    const declaration: Declaration = { kind, names, options };
    more?.(declaration);
    this.into.push(declaration);
    if (!block) return;
    const outer = this.into;
    declaration.block = [];
    this.into = declaration.block;
    try {
      block();
    } finally {
      this.into = outer;
    }
  }
}
