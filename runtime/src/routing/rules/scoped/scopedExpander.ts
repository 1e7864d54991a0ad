import { ApplicationConstraint } from "../../model/applicationConstraints";
import { Declaration, DeclarationTree } from "../../model/declarations";
import { directTarget } from "../../model/directHelpers";
import { refused, RouteDefinitionError } from "../../model/errors";
import { resolveMappings } from "../../model/polymorphicMappings";
import { own, record } from "../../model/records";
import { isRedirectValue, redirectOf, type RedirectTarget } from "../../model/redirect";
import { RouteOrigin, routeOrigin } from "../../model/route";
import { AppCode, type RouteApp } from "../../model/routeApp";
import { optionSpan } from "../../model/spans";
import { RouteTable } from "../../model/table";
import { asText, isOptionMap, OptionMap, OptionValue } from "../../model/values";
import { Inflector } from "../inflector";
import { stopped } from "../stopped";
import { nearest } from "../validate";
import { buildRoute, checkedVia, formattedPath, type RouteConstraints, urlDefaults } from "./mapping";
import { mergedMap, mergedModule, mergedPath, mergedPrefix, normalizedName, rootScope, Scope, ScopeFrame, ScopeLevel } from "./scope";
import { ScopedResource } from "./scopedResource";

/*
 * Behaviour C's expansion: the declarations of modern Rails' DSL run through a scope stack as
 * Rails 6.1's Mapper runs them, each block inside the frames its call pushes, into the same route
 * table as A and B's. What Rails raised on stops loading here with the same words.
 */

/** The options a resource keeps; any other goes to a scope around it (Rails' RESOURCE_OPTIONS). */
const RESOURCE_OPTIONS = new Set(["as", "controller", "path", "only", "except", "param", "concerns"]);
const CANONICAL_ACTIONS = new Set(["index", "create", "new", "show", "update", "destroy"]);
/** A scope's keys, in the order Rails merges them (Scope::OPTIONS without blocks and options, which are handled apart). */
const SCOPE_KEYS = [
  "path",
  "shallow_path",
  "as",
  "shallow_prefix",
  "module",
  "controller",
  "action",
  "path_names",
  "constraints",
  "shallow",
  "defaults",
  "via",
  "format",
];
/** Every option a scope, namespace or resource reads (its own, those it passes to a scope, only/except, to). */
const KNOWN_OPTIONS: ReadonlySet<string> = new Set([...RESOURCE_OPTIONS, ...SCOPE_KEYS, "only", "except", "to"]);
const ROUTE_ON = new Set(["member", "collection", "new"]);
const DEFAULT_PATH_NAMES = { new: "new", edit: "edit" };

/**
 * What a route call names: an action (Rails' symbol, `get :preview`; a plain word in the DSL) or
 * a path (Rails' string, `get "photos/:id"`; anything else).
 */
interface RouteTarget {
  text: string;
  isPath: boolean;
}

/** A word names an action; anything with another character is a path. */
function targetOf(text: string): RouteTarget {
  return { text, isPath: !/^[\w-]+$/.test(text) };
}

/** Behaviour C's routes into `table`; a declaration Rails refused stops loading there, the table keeping the error. */
export function expandScoped<Table extends RouteTable>(tree: DeclarationTree, table: Table, inflector?: Inflector): Table {
  try {
    new ScopedExpander(tree, table, inflector ?? new Inflector(tree.settings.inflections, "C")).body(tree.body);
  } catch (error) {
    stopped(table, error);
  }
  return table;
}

/**
 * Behaviour C's expansion one top-level declaration at a time, for the editor's incremental layer:
 * each declaration of a file's body expanded into the table in file order draws what
 * expandScoped draws for it (a refused one throws its RouteDefinitionError). One kept from an
 * earlier expansion is remembered instead: the concerns it declares, which later ones may use.
 */
export class ScopedUnits {
  private readonly expander: ScopedExpander;

  constructor(settings: DeclarationTree["settings"], table: RouteTable, inflector?: Inflector) {
    this.expander = new ScopedExpander({ settings, body: [] }, table, inflector ?? new Inflector(settings.inflections, "C"));
  }

  /** Expands one declaration; `taken`, each name its routes found held (what a re-use of its routes needs held again). */
  expand(declaration: Declaration, taken?: (name: string) => void): void {
    this.expander.taken = taken;
    try {
      this.expander.body([declaration]);
    } finally {
      this.expander.taken = undefined;
    }
  }

  remember(declaration: Declaration): void {
    this.expander.remember(declaration);
  }
}

class ScopedExpander {
  private scope: Scope;
  /** An API application's resources (DrawSettings.api_only): no new and edit routes. */
  private readonly apiOnly: boolean;
  private readonly concerns = new Map<string, Declaration>();
  /** The declaration whose routes are being drawn, for each route's origin. */
  private origin: RouteOrigin | undefined;
  /** Told each name found held (see ScopedUnits). */
  taken: ((name: string) => void) | undefined;

  constructor(
    tree: DeclarationTree,
    private readonly table: RouteTable,
    private readonly inflector: Inflector,
  ) {
    this.scope = rootScope(Object.assign(record<string>(), DEFAULT_PATH_NAMES, tree.settings.resources_path_names));
    this.apiOnly = tree.settings.api_only === true;
  }

  private isFree(name: string): boolean {
    const free = this.table.isFree(name);
    if (!free) this.taken?.(name);
    return free;
  }

  /** The concerns a declaration declares when it is drawn, wherever in its blocks (a concern's own block runs only where it is used). */
  remember(declaration: Declaration): void {
    if (declaration.kind === "concern") this.concerns.set(declaration.names[0] ?? "", declaration);
    else for (const inner of declaration.block ?? []) this.remember(inner);
  }

  body(declarations: readonly Declaration[]): void {
    for (const declaration of declarations) {
      const outer = this.origin;
      try {
        this.declaration(declaration);
      } catch (error) {
        if (error instanceof RouteDefinitionError && !error.declaration) error.declaration = declaration;
        throw error;
      } finally {
        this.origin = outer;
      }
    }
  }

  private declaration(declaration: Declaration): void {
    const options = declaration.options;
    this.checkOptions(declaration);
    const block = () => this.body(declaration.block ?? []);
    switch (declaration.kind) {
      case "resources":
      case "resource":
        declaration.names.forEach((name, index) => {
          this.origin = routeOrigin(declaration, index);
          this.resource(declaration.kind === "resource", [name], { ...options }, block);
        });
        return;
      case "namespace":
        this.origin = routeOrigin(declaration, 0);
        return this.namespace(declaration.names[0] ?? "", { ...options }, block);
      case "scope":
        return this.scopeCall(declaration.names, { ...options }, block);
      case "controller":
        return this.within({ controller: declaration.names[0] ?? null }, block);
      case "constraints":
        return this.scopeCall([], { constraints: declaration.constraint ?? options }, block);
      case "defaults":
        return this.within({ defaults: mergedMap(this.scope.get("defaults"), options) }, block);
      case "shallow":
        return this.within({ shallow: true }, block);
      case "concern":
        this.concerns.set(declaration.names[0] ?? "", declaration);
        return;
      case "concerns":
        return this.useConcerns(declaration.names);
      case "member":
      case "collection":
      case "new":
        return this.resourceMethod(declaration.kind, block);
      case "get":
      case "post":
      case "put":
      case "patch":
      case "delete":
        this.origin = routeOrigin(declaration, 0);
        return this.match(declaration.names.map(targetOf), { ...options, via: declaration.kind });
      case "match":
        this.origin = routeOrigin(declaration, 0);
        return this.match(declaration.names.map(targetOf), { ...options });
      case "root":
        this.origin = routeOrigin(declaration, 0);
        return this.root(declaration.names[0], { ...options });
      case "direct":
        // A helper, not a route: checked here, made with the route set (directHelpers).
        if (this.scope.parent) throw refused("The direct method can't be used inside a routes scope block");
        directTarget(declaration);
        if (this.table.named.has(declaration.names[0])) throw taken(undefined, `direct :${declaration.names[0]}: a route holds the name already`);
        return;
      case "resolve":
        // Mappings, not routes: checked here, made with the route set (polymorphicMappings).
        if (this.scope.parent) throw refused("The resolve method can't be used inside a routes scope block");
        resolveMappings(declaration);
        return;
      case "resources_path_names":
        return this.mergePathNames(options);
      case "mount":
        this.origin = routeOrigin(declaration, 0);
        return this.mount({ ...options });
      default:
        throw new RouteDefinitionError(`${declaration.kind}() is a call of behaviours A and B's mapper, not of behaviour C's`, "unknown-mapper-method");
    }
  }

  /**
   * An option of resources, resource, namespace or scope that none of them reads: Rails 6.1 takes it
   * as a fixed parameter of each route below (a pattern, as a segment's constraint), which is
   * seldom what a key misspelled (`onyl`) meant. Said once per declaration, where it is written.
   */
  private checkOptions(declaration: Declaration): void {
    if (declaration.kind !== "resources" && declaration.kind !== "resource" && declaration.kind !== "namespace" && declaration.kind !== "scope") return;
    for (const key of Object.keys(declaration.options)) {
      if (KNOWN_OPTIONS.has(key) || declaration.options[key] instanceof RegExp) continue;
      const suggestion = nearest(key, KNOWN_OPTIONS);
      this.table.diagnostics.push({
        severity: "warning",
        code: "unknown-option",
        message: `${declaration.kind}() reads no option \`${key}\`: Rails 6.1 makes it a fixed parameter of each route it draws${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
        span: optionSpan(declaration, key, "key"),
        replacement: suggestion,
      });
    }
  }

  /**
   * Rails' `mount`: a route to the application at the path `at`, and below it (unanchored), of every
   * method unless `via` says, with no format; named by `as` alone (Rails names it after the
   * application's class, which a JavaScript function does not reliably keep).
   */
  private mount(options: OptionMap): void {
    const { at, ...rest } = options;
    if (at === undefined || at === null) throw refused('Must be called with mount point: mount(app, { at: "/some_route" })');
    this.match([{ text: asText(at), isPath: true }], { as: false, via: "all", ...rest, anchor: false, format: false });
  }

  /**
   * `resources_path_names(…)` in a block: Rails merges the names into the very map the scope reads
   * them from (merge!), the innermost that a scope or resource set or else the route set's; so they
   * hold for the routes drawn after it wherever that map is read, past the end of this block too.
   */
  private mergePathNames(names: OptionMap): void {
    // The root scope holds the route set's names, so some frame always answers.
    Object.assign(this.scope.get("path_names") as Record<string, string>, textMap(names));
  }

  /** Runs `inside` with a frame pushed. */
  private within(frame: ScopeFrame, inside: () => void): void {
    this.entered(this.scope.with(frame), inside);
  }

  /** Runs `inside` at a new level. */
  private atLevel(level: ScopeLevel, inside: () => void): void {
    this.entered(this.scope.at(level), inside);
  }

  /** Runs `inside` in `scope` (one pushed on the current one), and pops it after. */
  private entered(scope: Scope, inside: () => void): void {
    this.scope = scope;
    try {
      inside();
    } finally {
      this.scope = scope.parent!;
    }
  }

  private get parentResource(): ScopedResource {
    return this.scope.resource!;
  }

  /** Rails' `resources` and `resource`. */
  private resource(singleton: boolean, names: string[], options: OptionMap, block: () => void): void {
    const again = (more: OptionMap) => this.resource(singleton, names, more, block);
    if (options.shallow) {
      const { shallow: _, ...rest } = options;
      return this.within({ shallow: true }, () => again(rest));
    }
    if (this.scope.inResource) return this.nested(() => again(options));
    for (const key of Object.keys(options)) {
      if (options[key] instanceof RegExp) {
        if (options.constraints instanceof ApplicationConstraint)
          throw refused(`${key}: a segment's pattern cannot be given beside constraints of the application's code`);
        options.constraints = { ...(isOptionMap(options.constraints) ? options.constraints : {}), [key]: options[key] };
        delete options[key];
      }
    }
    const scopeOptions = record<OptionValue>();
    const own = record<OptionValue>();
    for (const key of Object.keys(options)) (RESOURCE_OPTIONS.has(key) ? own : scopeOptions)[key] = options[key];
    if (Object.keys(scopeOptions).length) return this.scopeCall([], scopeOptions, () => again(own));

    this.atLevel(singleton ? "resource" : "resources", () => {
      const actionOptions = own.only !== undefined || own.except !== undefined ? own : { ...own, ...this.scope.get("action_options") };
      const resource = new ScopedResource(names[0], singleton, !!this.scope.get("shallow"), actionOptions, this.inflector, this.apiOnly);
      this.within({ resource }, () =>
        this.within({ controller: resource.controller }, () => {
          block();
          if (actionOptions.concerns !== undefined && actionOptions.concerns !== null) this.useConcerns(listOf(actionOptions.concerns));
          if (singleton) {
            if (resource.has("new")) this.resourceMethod("new", () => this.draw("get", "new"));
            this.memberMappings(resource);
            if (resource.has("create")) this.resourceMethod("collection", () => this.draw("post", "create"));
          } else {
            this.resourceMethod("collection", () => {
              if (resource.has("index")) this.draw("get", "index");
              if (resource.has("create")) this.draw("post", "create");
            });
            if (resource.has("new")) this.resourceMethod("new", () => this.draw("get", "new"));
            this.memberMappings(resource);
          }
        }),
      );
    });
  }

  private memberMappings(resource: ScopedResource): void {
    this.resourceMethod("member", () => {
      if (resource.has("edit")) this.draw("get", "edit");
      if (resource.has("show")) this.draw("get", "show");
      if (resource.has("update")) {
        this.draw("patch", "update");
        this.draw("put", "update");
      }
      if (resource.has("destroy")) this.draw("delete", "destroy");
    });
  }

  /** One of a resource's own actions. */
  private draw(via: string, action: string): void {
    this.match([{ text: action, isPath: false }], { via });
  }

  /** Rails' `collection`, `member` and `new` blocks. */
  private resourceMethod(kind: "member" | "collection" | "new", inside: () => void): void {
    if (!this.scope.inResource) throw refused(`can't use ${kind} outside resource(s) scope`);
    const resource = this.parentResource;
    this.atLevel(kind, () => {
      if (kind === "collection") this.pathScope(resource.collectionScope, inside);
      else if (kind === "new") this.pathScope(resource.newScope(this.actionPath("new")), inside);
      else if (this.shallow) this.shallowScope(() => this.pathScope(resource.memberScope, inside));
      else this.pathScope(resource.memberScope, inside);
    });
  }

  /** Rails' `nested`: a resource or route declared in a resource's block. */
  private nested(inside: () => void): void {
    if (!this.scope.inResource) throw refused("can't use nested outside resource(s) scope");
    const resource = this.parentResource;
    this.atLevel("nested", () => {
      const options: OptionMap = { as: resource.memberName };
      const constraints = this.scope.get("constraints");
      const constraint = constraints && own(constraints, resource.param);
      if (constraint instanceof RegExp) options.constraints = { [resource.nestedParam]: constraint };
      const scoped = () => this.pathScope(resource.nestedScope, () => this.scopeCall([], options, inside));
      if (this.shallow && this.scope.shallowDepth >= 1) this.shallowScope(scoped);
      else scoped();
    });
  }

  private get shallow(): boolean {
    return !this.parentResource.singleton && !!this.scope.get("shallow");
  }

  private shallowScope(inside: () => void): void {
    this.within({ as: this.scope.get("shallow_prefix") ?? null, path: this.scope.get("shallow_path") ?? null }, inside);
  }

  private pathScope(path: string, inside: () => void): void {
    this.within({ path: mergedPath(this.scope.get("path"), path) }, inside);
  }

  private actionPath(name: string): string {
    return this.scope.get("path_names")?.[name] ?? name;
  }

  /** Rails' `namespace`. */
  private namespace(path: string, options: OptionMap, inside: () => void): void {
    if (this.scope.inResource) return this.nested(() => this.namespace(path, options, inside));
    const given = (key: string) => (options[key] === undefined ? path : options[key]);
    const defaults: OptionMap = { module: path, as: given("as"), shallow_path: given("path"), shallow_prefix: given("as") };
    const scopePath = options.path === undefined ? path : asText(options.path);
    const { path: _, ...rest } = options;
    this.pathScope(scopePath, () => this.scopeCall([], { ...defaults, ...rest }, inside));
  }

  /** Rails' `scope`: each option merged into the frame's key as Rails merges it; the others are the routes' options. */
  private scopeCall(paths: readonly string[], given: OptionMap, inside: () => void): void {
    const options: OptionMap = { ...given };
    if (paths.length) options.path = paths.join("/");
    options.constraints ??= record();
    if (!this.scope.nested) {
      if ("path" in options) options.shallow_path ??= options.path;
      if ("as" in options) options.shallow_prefix ??= options.as;
    }
    const frame: ScopeFrame = {};
    let constraints = options.constraints;
    // The application's code is kept apart, after the outer scopes' (Rails' scope[:blocks]); its scope has no constraints by key.
    if (constraints instanceof ApplicationConstraint) {
      frame.blocks = [...(this.scope.get("blocks") ?? []), constraints];
      constraints = options.constraints = record();
    }
    if (!isOptionMap(constraints)) throw refused("a scope's constraints must be an object of constraints, a function or an object with a matches method");
    options.defaults = { ...urlDefaults(constraints), ...(isOptionMap(options.defaults) ? options.defaults : {}) };
    if ("only" in options || "except" in options) {
      frame.action_options = { only: options.only ?? null, except: options.except ?? null };
      delete options.only;
      delete options.except;
    }
    for (const key of SCOPE_KEYS) {
      if (!(key in options)) continue;
      const value = options[key];
      delete options[key];
      this.merge(frame, key, value);
    }
    const to = options.to;
    delete options.to;
    frame.options = mergedMap(this.scope.get("options"), options);
    if (to !== undefined) frame.to = to === null ? null : asText(to);
    this.within(frame, inside);
  }

  private merge(frame: ScopeFrame, key: string, value: OptionValue): void {
    const scope = this.scope;
    const text = value === null ? null : asText(value);
    switch (key) {
      case "path":
      case "shallow_path":
        frame[key] = mergedPath(scope.get(key), text ?? "");
        return;
      case "as":
      case "shallow_prefix":
        frame[key] = mergedPrefix(scope.get(key), text);
        return;
      case "module":
        frame.module = mergedModule(scope.get("module"), text);
        return;
      case "controller":
      case "action":
        frame[key] = text;
        return;
      case "path_names":
        frame.path_names = mergedMap(scope.get("path_names"), textMap(value));
        return;
      case "constraints":
      case "defaults":
        frame[key] = mergedMap(scope.get(key), isOptionMap(value) ? value : record());
        return;
      case "shallow":
        frame.shallow = !!value;
        return;
      case "via":
      case "format":
        frame[key] = value;
        return;
    }
  }

  /** Rails' `concerns`: each named concern's block, here. */
  private useConcerns(names: readonly string[]): void {
    for (const name of names) {
      const concern = this.concerns.get(name);
      if (!concern) throw refused(`No concern named ${name} was found!`);
      this.body(concern.block ?? []);
    }
  }

  /** Rails' `root`: `/` named root, or a resource's path inside its block. */
  private root(to: string | undefined, options: OptionMap): void {
    if (to !== undefined) options.to = to;
    const route = () => this.match([{ text: "/", isPath: true }], { as: "root", via: "get", ...options });
    if (this.scope.level === "resources") this.atLevel("root", () => this.pathScope(this.parentResource.path, route));
    else route();
  }

  /** Rails' `match` (and get, post, …): each path or action, with the options that apply to all. */
  private match(targets: readonly RouteTarget[], given: OptionMap): void {
    if (isOptionMap(given.defaults)) {
      const { defaults, ...rest } = given;
      return this.within({ defaults: mergedMap(this.scope.get("defaults"), defaults) }, () => this.match(targets, rest));
    }
    const options: OptionMap = { ...given };
    const on = options.on;
    if (on !== undefined && on !== null && !ROUTE_ON.has(asText(on))) throw refused(`Unknown scope ${JSON.stringify(asText(on))} given to :on`);
    const scopeTo = this.scope.get("to");
    const scopeController = this.scope.get("controller");
    const scopeAction = this.scope.get("action");
    const anchored = options.anchor !== false;
    delete options.anchor;
    let to = takeTarget(options, anchored) ?? scopeTo ?? (scopeController && scopeAction ? `${scopeController}#${scopeAction}` : undefined);
    const controller = take(options, "controller") ?? scopeController ?? undefined;
    const optionPath = take(options, "path");
    const via = checkedVia("via" in options ? options.via : this.scope.get("via"));
    delete options.via;
    const format = "format" in options ? options.format : this.scope.get("format");
    delete options.format;
    const routeConstraints = options.constraints;
    const constraints = isOptionMap(routeConstraints) || routeConstraints instanceof ApplicationConstraint ? routeConstraints : record<OptionValue>();
    delete options.constraints;
    for (const target of targets) {
      const routeOptions = { ...options };
      if (target.isPath) {
        if (optionPath !== undefined) throw refused("Ambiguous route definition. Both :path and the route path were specified as strings.");
        to = toFromPath(target.text, to, routeOptions.action);
        this.decomposed(target.text, controller, routeOptions, target.text, to, via, format, constraints);
      } else this.decomposed(target.text, controller, routeOptions, optionPath, to, via, format, constraints);
    }
  }

  private decomposed(
    action: string,
    controller: string | undefined,
    options: OptionMap,
    path: string | undefined,
    to: RouteTo,
    via: string[],
    format: OptionValue | undefined,
    constraints: RouteConstraints,
  ): void {
    const on = options.on;
    if (on !== undefined && on !== null) {
      delete options.on;
      return this.resourceMethod(asText(on) as "member", () => this.decomposed(action, controller, options, path, to, via, format, constraints));
    }
    const again = () => this.decomposed(action, controller, options, path, to, via, format, constraints);
    if (this.scope.level === "resources") return this.nested(again);
    if (this.scope.level === "resource") return this.resourceMethod("member", again);
    this.addRoute(action, controller, options, path, to, via, format, constraints);
  }

  private addRoute(
    given: string,
    controller: string | undefined,
    options: OptionMap,
    optionPath: string | undefined,
    to: RouteTo,
    via: string[],
    format: OptionValue | undefined,
    constraints: RouteConstraints,
  ): void {
    const path = this.pathForAction(given, optionPath);
    if (path === "") throw refused("path is required");
    // A pattern given as the action is a constraint on the :action segment (Rails' check_part keeps it a Regexp).
    let defaultAction = options.action instanceof RegExp ? undefined : (take(options, "action") ?? this.scope.get("action") ?? undefined);
    let action: string | undefined = given;
    if (/^[\w\-/]+$/.test(given)) {
      if (!given.includes("/")) defaultAction ??= given.replace(/-/g, "_");
    } else action = undefined;
    const as = options.as;
    delete options.as;
    const name = as === false || as === null ? null : this.nameForAction(as === undefined ? undefined : asText(as), action);
    const route = buildRoute(
      this.scope,
      { path: formattedPath(escapedPath(path), format), controller, action: defaultAction, to, via, format, constraints, options },
      name,
      this.origin,
    );
    if (name !== null) {
      if (!/^[_a-z]\w*$/i.test(name)) throw refused(`Invalid route name: '${name}'`);
      if (!this.isFree(name)) {
        throw taken(
          as === undefined ? undefined : "as",
          `Invalid route name, already in use: '${name}'. You may have defined two routes with the same name using the \`as:\` option, or you may be overriding a route already defined by a resource with the same naming.`,
        );
      }
    }
    this.table.add(route);
  }

  private pathForAction(action: string, path: string | undefined): string {
    const scopePath = this.scope.get("path") ?? "";
    if (path !== undefined) return `${scopePath}/${path}`;
    if (this.canonical(action)) return scopePath;
    return `${scopePath}/${this.actionPath(action)}`;
  }

  private canonical(action: string | undefined): boolean {
    return this.scope.inResourceMethod && CANONICAL_ACTIONS.has(action ?? "");
  }

  /** Rails' name_for_action: the scope's prefix, the action and the resource's name, by level; none where the name is taken. */
  private nameForAction(as: string | undefined, action: string | undefined): string | null {
    let prefix: string | undefined;
    if (as !== undefined) prefix = as;
    else if (!this.canonical(action)) prefix = action;
    const prefixName = prefix && prefix !== "/" ? normalizedName(prefix.replace(/-/g, "_")) : undefined;
    const namePrefix = this.scope.get("as") ?? undefined;
    const resource = this.scope.resource;
    if (resource && as === undefined && action === undefined) return null;
    const collection = resource?.collectionName;
    const member = resource?.memberName;
    const parts = actionName(this.scope.level, namePrefix, prefixName, collection, member);
    const candidate = parts.filter((part) => part !== undefined && part !== "").join("_");
    if (candidate === "") return null;
    if (as !== undefined) return candidate;
    return /^[_a-z]/i.test(candidate) && this.isFree(candidate) ? candidate : null;
  }
}

/** A name already in use: Rails raised, and the option that gave it is where it is said. */
function taken(optionPath: string | undefined, message: string): RouteDefinitionError {
  const error = new RouteDefinitionError(message, "route-name-taken");
  error.optionPath = optionPath;
  return error;
}

/** Rails' Scope#action_name: the parts of a route's name, by level. */
function actionName(
  level: ScopeLevel,
  namePrefix: string | undefined,
  prefix: string | undefined,
  collection: string | undefined,
  member: string | undefined,
): Array<string | undefined> {
  switch (level) {
    case "nested":
      return [namePrefix, prefix];
    case "collection":
      return [prefix, namePrefix, collection];
    case "new":
      return [prefix, "new", namePrefix, member];
    case "member":
      return [prefix, namePrefix, member];
    case "root":
      return [namePrefix, collection, prefix];
    default:
      return [namePrefix, member, prefix];
  }
}

/** What a route goes to: `"controller#action"`, a redirect, an application, or nothing yet (the controller and action come from elsewhere). */
type RouteTo = string | RedirectTarget | RouteApp | undefined;

/**
 * The `to:` option, removed: a redirect (`to: redirect(…)`) read and checked, an application (taking
 * every path below the route's where the route is not anchored: Rails' mount), else its text.
 */
function takeTarget(options: OptionMap, anchored: boolean): RouteTo {
  const value = options.to;
  if (value instanceof AppCode) {
    delete options.to;
    return { code: value, mounted: !anchored };
  }
  if (!anchored)
    throw refused("anchor: false is read for a route to an application (`to:` a handler, or mount), whose application takes the paths below its own");
  if (!isRedirectValue(value)) return take(options, "to");
  delete options.to;
  return redirectOf(value);
}

/** Rails' get_to_from_path: `get "photos/search"` goes to photos#search. */
function toFromPath(path: string, to: RouteTo, action: OptionValue | undefined): RouteTo {
  if (to !== undefined || (action !== undefined && action !== null)) return to;
  const bare = path.replace(/\(\.:format\)$/, "");
  if (!/^\/?[-\w]+\/[-\w/]+$/.test(bare)) return undefined;
  return bare
    .replace(/^\//, "")
    .replace(/\/([^/]*)$/, "#$1")
    .replace(/-/g, "_");
}

/** Removes an option and gives it as text (undefined when absent or null). */
function take(options: OptionMap, key: string): string | undefined {
  const value = options[key];
  delete options[key];
  return value === undefined || value === null ? undefined : asText(value);
}

function listOf(value: OptionValue): string[] {
  return (Array.isArray(value) ? value : [value]).map(asText);
}

function textMap(value: OptionValue): Record<string, string> {
  const result = record<string>();
  if (isOptionMap(value)) for (const key of Object.keys(value)) result[key] = asText(value[key]);
  return result;
}

/** What URI::DEFAULT_PARSER.escape leaves of a path: characters outside its safe set percent-escaped. */
function escapedPath(path: string): string {
  return path.replace(/[^-_.!~*'()a-zA-Z0-9;/?:@&=+$,[\]]/g, (c) => encodeURIComponent(c));
}
