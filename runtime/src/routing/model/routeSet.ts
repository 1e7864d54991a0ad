import { directUrl, optionsUrl } from "../generation/directUrl";
import { generateFromOptions, routesByTarget } from "../generation/generateFromOptions";
import { buildHelpers, Helper } from "../generation/helpers";
import { type PolymorphicContext, polymorphicUrl } from "../generation/polymorphicUrl";
import { Match, Recognition, Recognizer } from "../recognition/recognize";
import { Inflector } from "../rules/inflector";
import { behaviourOf, BEHAVIOURS } from "./behaviour";
import { Behaviour } from "./behaviour";
import { Diagnostic } from "./diagnostics";
import { type DirectHelper, directPath } from "./directHelpers";
import type { PolymorphicMapping, PolymorphicOptions, PolymorphicTarget } from "./polymorphicMappings";
import type { RequestFacts } from "./requestConditions";
import { HttpMethod, Route, RouteJSON } from "./route";
import { DrawSettings } from "./settings";
import { RouteTable } from "./table";
import type { UntypedHelpers } from "./typedRoutes";

/** Options to generate from, as Rails wrote them: `{ controller: "posts", action: "show", id: 1 }`. */
export type GenerateOptions = { controller: string; action?: string; [key: string]: unknown };

export interface RouteSetOptions {
  /** Receives deprecation warnings (B's `formatted_*` helpers); defaults to process.emitWarning where there is one (console.warn in a worker). */
  warn?: (message: string) => void;
  /** The routing file that drew the set (draw() finds it itself): the `controllers` folder is relative to it. */
  file?: string;
  /** @internal Its custom URL helpers (behaviour C's `direct`), which draw() and the analyser find among its declarations. */
  directs?: readonly DirectHelper[];
  /** @internal Its polymorphic mappings by model (behaviour C's `resolve`), which draw() and the analyser find among its declarations. */
  mappings?: ReadonlyMap<string, PolymorphicMapping>;
}

/**
 * A loaded route set: what an application routes with. Built from a route table; recognition is
 * compiled on first use.
 */
export class RouteSet<Helpers extends object = UntypedHelpers> {
  readonly behaviour: Behaviour;
  readonly diagnostics: readonly Diagnostic[];
  /** The routing file that drew the set, when known. */
  readonly file?: string;
  private recognizer?: Recognizer;
  private knownControllers?: ReadonlySet<string>;
  private helperFunctions?: Record<string, Helper>;
  private polymorphic?: PolymorphicContext;

  /** @internal Route sets are made by draw(). */
  constructor(
    /** @internal */
    readonly table: RouteTable,
    readonly settings: DrawSettings,
    private readonly options: RouteSetOptions = {},
    /** The application's controllers a `:controller` segment matches besides those its routes name (withControllers). */
    private readonly appControllers: readonly string[] = [],
  ) {
    this.file = options.file;
    this.behaviour = behaviourOf(settings);
    this.diagnostics = table.diagnostics;
  }

  /** The routes, in order (listed when first asked: see RouteTable.routes). */
  get routes(): readonly Route[] {
    return this.table.routes;
  }

  /** The URL helpers of every named route (built on first use: the editor and CLI rarely need them). */
  get helpers(): Helpers {
    this.helperFunctions ??= this.madeHelpers();
    // The same functions, typed or not: a generated declaration file only names them (docs/typed-routes.md).
    return this.helperFunctions as unknown as Helpers;
  }

  /** The custom URL helpers (behaviour C's `direct`): not routes; each answers its target. */
  get directs(): readonly DirectHelper[] {
    return this.options.directs ?? [];
  }

  /** The polymorphic mappings (behaviour C's `resolve`), by the model's class name. */
  get mappings(): ReadonlyMap<string, PolymorphicMapping> {
    return this.options.mappings ?? NO_MAPPINGS;
  }

  /**
   * The path of a polymorphic URL, as Rails 6.1's polymorphic_path makes it (behaviour C): a
   * record's route by its model (`{ model_name: "Post", id: 1 }`: `post_path(1)`; a new one,
   * `posts_path`), a list's (`["admin", post]`: `admin_post_path`), or the model's mapping
   * (`resolve`). `options`: `action` ("new", "edit") as Rails' new_ and edit_polymorphic_path,
   * the rest the helper's.
   */
  polymorphicPath(target: PolymorphicTarget, options: PolymorphicOptions = {}): string {
    return polymorphicUrl(target, options, "path", this.polymorphicContext());
  }

  /** polymorphicPath()'s URL, on the host the options or `default_url_options` give. */
  polymorphicUrl(target: PolymorphicTarget, options: PolymorphicOptions = {}): string {
    return polymorphicUrl(target, options, "url", this.polymorphicContext());
  }

  private polymorphicContext(): PolymorphicContext {
    if (this.behaviour !== "C")
      throw new TypeError(`polymorphic URLs are behaviour C's (Rails 6.1's polymorphic_url); this route set is behaviour ${this.behaviour}`);
    const defaults = this.settings.default_url_options ?? {};
    return (this.polymorphic ??= {
      helpers: (this.helperFunctions ??= this.madeHelpers()),
      mappings: this.mappings,
      inflector: new Inflector(this.settings.inflections, "C"),
      optionsUrl: (options) => optionsUrl(options, defaults, (values) => this.generate(values), "url_for"),
    });
  }

  private madeHelpers(): Record<string, Helper> {
    const defaults = this.settings.default_url_options ?? {};
    const helpers = buildHelpers(this.table.namedRoutes(), BEHAVIOURS[this.behaviour], defaults, this.options.warn ?? deprecationWarning);
    for (const direct of this.directs) {
      const url = (...args: unknown[]) => directUrl(direct, defaults, (options) => this.generate(options), args);
      helpers[`${direct.name}_url`] = url;
      helpers[`${direct.name}_path`] = (...args: unknown[]) => directPath(url(...args));
    }
    return helpers;
  }

  /**
   * The route a request goes to; throws RoutingError (MethodNotAllowed when only the method is
   * wrong). `request`: its host and scheme, for behaviour C's request constraints (without it, a
   * request to http://example.org, as Rails' recognize_path has it).
   */
  recognize(method: string, path: string, params?: Record<string, unknown>, request?: RequestFacts): Recognition {
    return this.compiled().recognize(method, path, params, request);
  }

  /** recognize() with the route that matched. */
  match(method: string, path: string, params?: Record<string, unknown>, request?: RequestFacts): Match {
    return this.compiled().match(method, path, params, request);
  }

  /**
   * The path `options` generate, as Rails 2's `url_for(:controller => …, :action => …)` did:
   * `{ controller, action, ...values }` (action `index` when left out; `use_route` names a route).
   * Among the routes of that controller and action, the one that leaves the fewest given keys
   * unused is tried first (registration order among equals); the keys it leaves over become the
   * query string. Throws RoutingError when no route can generate them.
   */
  generate(options: GenerateOptions): string {
    return generateFromOptions(this.routes, this.table.named, options, { controllers: this.generationControllers(), rules: BEHAVIOURS[this.behaviour] }).path;
  }

  /**
   * The methods (lower case) the routes whose path matches `path` take, in route order: what a 405's
   * `Allow` lists, or an OPTIONS answer. Empty when no route has the path.
   */
  allowedMethods(path: string): HttpMethod[] {
    return this.compiled().allowedMethods(path);
  }

  /** The controllers a `:controller` segment takes in generation: the routes' own and the application's, made once; undefined for the routes' own alone. */
  private generationControllers(): ReadonlySet<string> | undefined {
    if (this.appControllers.length === 0) return undefined;
    this.knownControllers ??= new Set([...routesByTarget(this.routes).controllers, ...this.appControllers]);
    return this.knownControllers;
  }

  private compiled(): Recognizer {
    this.recognizer ??= new Recognizer(this.routes, BEHAVIOURS[this.behaviour], this.appControllers);
    return this.recognizer;
  }

  /**
   * The same routes, whose `:controller` segments (`:controller/:action/:id`) also match `controllers`
   * (the application's, as `loadControllers` found them), as Rails 2 matched every controller the
   * application had rather than those its routes name. The HTTP adapters serve through it.
   */
  withControllers(controllers: readonly string[]): RouteSet<Helpers> {
    return new RouteSet<Helpers>(this.table, this.settings, this.options, [...this.appControllers, ...controllers]);
  }

  toJSON(): { behaviour: Behaviour; routes: RouteJSON[] } {
    return { behaviour: this.behaviour, routes: this.routes.map((r) => r.toJSON()) };
  }
}

/** A deprecation warning as the runtime gives them: Node's (and Bun's, Deno's) process.emitWarning; a worker has no process. */
function deprecationWarning(message: string): void {
  if (typeof process === "object" && typeof process?.emitWarning === "function") process.emitWarning(message, "DeprecationWarning");
  else console.warn(`DeprecationWarning: ${message}`);
}

/** A route set whose helpers a generated declaration file lists: `export default draw<Routes>(…)`. */
export type TypedRouteSet<Helpers extends object> = RouteSet<Helpers>;

/** Any route set, typed or not: what the HTTP adapters take. */
export type AnyRouteSet = RouteSet<object>;

const NO_MAPPINGS: ReadonlyMap<string, PolymorphicMapping> = new Map();
