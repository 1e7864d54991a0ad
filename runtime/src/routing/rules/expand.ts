import { interned } from "../../text/intern";
import { StringMemo } from "../../text/stringMemo";
import { behaviourOf, BehaviourRules, BEHAVIOURS } from "../model/behaviour";
import { Declaration, DeclarationTree } from "../model/declarations";
import { Diagnostic } from "../model/diagnostics";
import { RouteDefinitionError } from "../model/errors";
import { normalizePath, parsePath, PathSpec, segmentKeys } from "../model/path";
import { EMPTY_MAP, isEmpty, record } from "../model/records";
import { RouteOrigin, routeOrigin, RouteSpec } from "../model/route";
import { originSpan, sameResource } from "../model/spans";
import { RouteTable } from "../model/table";
import { asText, copyMap, deepMerge, isOptionMap, mapOf, OptionMap, OptionValue, pick, toList } from "../model/values";
import { ROUTE_METHODS, RouteBuilder } from "./builder";
import { Inflector } from "./inflector";
import { actionSegment, defineResource, ResourceDefinition, ResourceSettings } from "./resource";
import { INHERITED_ACTIONS } from "./restriction";
import { expandScoped } from "./scoped/scopedExpander";
import { stopped } from "./stopped";
import { validateDeclaration } from "./validate";

const DEFAULT_PATH_NAMES = Object.assign(record<string>(), { new: "new", edit: "edit" });

/**
 * The facility: expands a declaration tree into its route table. The same tree always gives the
 * same table. A declaration the facility refuses stops loading there, as it stopped the original
 * application; the table keeps what was registered before and records the error.
 */
export function expandDeclarations(tree: DeclarationTree, inflector?: Inflector, maxRoutes = Infinity): RouteTable {
  const table = new RouteTable(maxRoutes);
  if (behaviourOf(tree.settings) === "C") return expandScoped(tree, table, inflector);
  const units = expansionUnits(tree.body);
  for (const declaration of units.declarations) for (const diagnostic of validateDeclaration(declaration)) table.diagnostics.push(diagnostic);
  const expander = new Expander(tree.settings, inflector, table);
  try {
    for (let i = 0; i < units.length; i++) expander.expandUnit(units.unit(i));
  } catch (error) {
    stopped(table, error);
  }
  return table;
}

/** A resource's route that could not take its name, as another resource's route held it. */
export interface Refusal {
  name: string;
  origin: RouteOrigin;
}

/**
 * A declaration expanded on its own: one at the top level, or one in a namespace or with_options
 * block (which gives its declarations options and nothing else) with the options the block gives
 * it. `owner[index]` is where it stands in the tree, and `top` the index in the tree's body of the
 * top-level declaration it is part of.
 */
export interface ExpansionUnit {
  declaration: Declaration;
  scope: OptionMap | undefined;
  owner: Declaration[];
  index: number;
  top: number;
}

/** Options of connect/named_route/root that keep their own meaning (everything else is a parameter). */
const ROUTE_BUILDER_OPTIONS = new Set([
  "controller",
  "action",
  "requirements",
  "defaults",
  "conditions",
  "path_prefix",
  "name_prefix",
  "namespace",
  "shallow",
  INHERITED_ACTIONS,
  "only",
  "except",
]);

/**
 * The facility's rules: declarations in, routes out, one unit at a time into its table. The
 * editor's incremental layer extends it through `isFree` and `refused` (it records what each unit
 * claimed and found taken, and keeps the reports of refusals across edits).
 */
export class Expander {
  private readonly builder: RouteBuilder;
  private readonly rules: BehaviourRules;
  private readonly settings: ResourceSettings;
  private readonly inflector: Inflector;
  /** Rails 2.3.4's order: a resource's nested routes before its own (DrawSettings.nested_routes_first). */
  private readonly nestedFirst: boolean;
  /** The names each resource was refused, once per resource (by declaration, then key). */
  private readonly refusedKeys = new Map<Declaration, Set<string>>();

  constructor(
    drawSettings: DeclarationTree["settings"],
    inflector: Inflector | undefined,
    protected readonly table: RouteTable,
  ) {
    const behaviour = behaviourOf(drawSettings);
    this.rules = BEHAVIOURS[behaviour];
    this.settings = {
      pathNames: drawSettings.resources_path_names ?? DEFAULT_PATH_NAMES,
      actionSeparator: drawSettings.resource_action_separator ?? "/",
    };
    this.inflector = inflector ?? new Inflector(drawSettings.inflections, behaviour);
    this.nestedFirst = behaviour === "B" && drawSettings.nested_routes_first === true;
    this.builder = new RouteBuilder(this.rules);
  }

  /** One unit's routes into the table. */
  expandUnit(unit: ExpansionUnit): void {
    this.body([unit.declaration], unit.scope ?? record());
  }

  body(declarations: Declaration[], scope: OptionMap): void {
    for (const declaration of declarations) {
      try {
        this.declaration(declaration, scope);
      } catch (error) {
        if (error instanceof RouteDefinitionError && !error.declaration) error.declaration = declaration;
        throw error;
      }
    }
  }

  /** Every call of a block's mapper receives the block's options under its own (docs/routing.md). */
  private declaration(declaration: Declaration, scope: OptionMap): void {
    const options = deepMerge(scope, declaration.options);
    switch (declaration.kind) {
      case "resources":
      case "resource":
        declaration.names.forEach((name, nameIndex) => {
          const origin = routeOrigin(declaration, nameIndex);
          this.resource(name, declaration.kind === "resource", copyMap(options), origin, "has_many", declaration.block);
        });
        return;
      case "namespace":
      case "with_options":
        this.body(declaration.block ?? [], blockScope(declaration, options));
        return;
      case "connect":
        this.explicitRoute(declaration.path ?? "", null, options, routeOrigin(declaration, 0));
        return;
      case "named_route":
        this.explicitRoute(declaration.path ?? "", declaration.names[0] ?? null, options, routeOrigin(declaration, 0));
        return;
      case "root":
        this.explicitRoute(
          "",
          "root",
          declaration.names[0] === undefined ? options : this.namedRouteOptions(declaration.names[0], options),
          routeOrigin(declaration, 0),
        );
        return;
    }
  }

  /**
   * One resource: its own routes (facility §4), then has_many, has_one, then its block; with
   * `nested_routes_first` (Rails 2.3.4 and later), those nested routes before its own.
   */
  private resource(
    name: string,
    singleton: boolean,
    options: OptionMap,
    origin: RouteOrigin,
    hasManyPath: string | undefined,
    block: Declaration[] | undefined,
  ): void {
    let def: ResourceDefinition;
    try {
      def = defineResource(name, singleton, options, this.rules, this.settings, this.inflector);
    } catch (error) {
      if (error instanceof RouteDefinitionError) error.optionPath ??= "except";
      throw error;
    }

    const nestedFirst = this.nestedFirst;
    if (nestedFirst) this.nestedRoutes(def, options, origin, hasManyPath, block);
    this.collectionActions(def, origin);
    if (singleton) {
      if (this.rules.singletonCreateFirst) this.singletonCreate(def, origin);
      this.newActions(def, origin);
      this.memberActions(def, origin);
      if (!this.rules.singletonCreateFirst) this.singletonCreate(def, origin);
    } else {
      this.defaultCollectionActions(def, origin);
      this.newActions(def, origin);
      this.memberActions(def, origin);
    }
    if (!nestedFirst) this.nestedRoutes(def, options, origin, hasManyPath, block);
  }

  /** A resource's has_many, has_one and block, in that order. */
  private nestedRoutes(
    def: ResourceDefinition,
    options: OptionMap,
    origin: RouteOrigin,
    hasManyPath: string | undefined,
    block: Declaration[] | undefined,
  ): void {
    const nested = this.nestedScope(def, options);
    if (hasManyPath !== undefined) this.hasMany(options.has_many, hasManyPath, nested, origin);
    toList(options.has_one).forEach((child, index) => {
      const path = Array.isArray(options.has_one) ? interned(`has_one.${index}`) : "has_one";
      this.resource(asText(child), true, copyMap(nested), routeOrigin(origin.declaration, origin.nameIndex, path), undefined, undefined);
    });
    if (block) this.body(block, nested);
  }

  /** Facility §4.6: what nested resources receive. */
  private nestedScope(def: ResourceDefinition, options: OptionMap): OptionMap {
    const scope = pick(
      options,
      this.rules.inheritedOptions.filter((o) => o !== INHERITED_ACTIONS),
    );
    if (this.rules.inheritsActionRestriction && def.inheritedActions) scope[INHERITED_ACTIONS] = def.inheritedActions;
    scope.path_prefix = def.nestingPathPrefix;
    scope.name_prefix = def.nestingNamePrefix;
    return scope;
  }

  /** has_many: a name, a list, or a map whose values nest further (`{ messages: ["comments"] }`). */
  private hasMany(value: OptionValue | undefined, path: string, nested: OptionMap, origin: RouteOrigin): void {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => this.hasMany(item, interned(`${path}.${index}`), nested, origin));
    } else if (isOptionMap(value)) {
      for (const [child, further] of Object.entries(value)) {
        const childOptions = Object.assign(copyMap(nested), { has_many: further });
        this.resource(child, false, childOptions, routeOrigin(origin.declaration, origin.nameIndex, `${path}.${child}`), `${path}.${child}`, undefined);
      }
    } else {
      this.resource(asText(value), false, copyMap(nested), routeOrigin(origin.declaration, origin.nameIndex, path), undefined, undefined);
    }
  }

  private collectionActions(def: ResourceDefinition, origin: RouteOrigin): void {
    for (const { method, actions } of def.collectionMethods) {
      for (const action of actions) {
        for (const m of methodsOf(method)) {
          const path = actionPath(def.path, def, action);
          this.action(def, action, path, `${action}_${def.namePrefix}${def.plural}`, m, false, origin, COLLECTION_OPTIONS.get(action));
        }
      }
    }
  }

  private defaultCollectionActions(def: ResourceDefinition, origin: RouteOrigin): void {
    const name = `${def.namePrefix}${def.plural}${def.uncountable ? "_index" : ""}`;
    this.action(def, "index", basePath(def.path), name, "get", false, origin);
    this.action(def, "create", basePath(def.path), name, "post", false, origin);
  }

  private singletonCreate(def: ResourceDefinition, origin: RouteOrigin): void {
    this.action(def, "create", basePath(def.path), `${def.shallowNamePrefix}${def.singular}`, "post", false, origin);
  }

  private newActions(def: ResourceDefinition, origin: RouteOrigin): void {
    for (const { method, actions } of def.newMethods) {
      for (const action of actions) {
        const base = `new_${def.namePrefix}${def.singular}`;
        const custom = action !== "new";
        const path = custom ? actionPath(def.newPath, def, action) : basePath(def.newPath);
        this.action(def, action, path, custom ? `${action}_${base}` : base, method, false, origin, NEW_OPTIONS.get(action));
      }
    }
  }

  private memberActions(def: ResourceDefinition, origin: RouteOrigin): void {
    const withId = !def.singleton;
    for (const { method, actions } of def.memberMethods) {
      for (const action of actions) {
        for (const m of methodsOf(method)) {
          const path = actionPath(def.memberPath, def, actionSegment(def, action));
          const idRequired = withId && (action === "edit" || this.rules.idRequirementOnCustomMemberActions);
          this.action(def, action, path, `${action}_${def.shallowNamePrefix}${def.singular}`, m, idRequired, origin, MEMBER_OPTIONS.get(action));
        }
      }
    }
    const name = `${def.shallowNamePrefix}${def.singular}`;
    this.action(def, "show", basePath(def.memberPath), name, "get", withId, origin);
    this.action(def, "update", basePath(def.memberPath), name, "put", withId, origin);
    this.action(def, "destroy", basePath(def.memberPath), name, "delete", withId, origin);
  }

  /** One action's route(s), unless `only`/`except` leave the action out. */
  private action(
    def: ResourceDefinition,
    action: string,
    path: PathSpec,
    name: string,
    method: OptionValue,
    withId: boolean,
    origin: RouteOrigin,
    option?: string,
  ): void {
    if (!def.allows(action)) return;
    const conditions = methodConditions(def.conditions, method);
    const requirements = withId ? def.requirementsWithId : def.requirements;
    const spec: RouteSpec = { path, controller: def.controller, action, conditions, requirements, defaults: EMPTY_MAP, controllerNamespace: "" };
    try {
      this.register(spec, name, origin, option);
    } catch (error) {
      if (error instanceof RouteDefinitionError && option && !error.optionPath) error.optionPath = option;
      throw error;
    }
  }

  /** Registers a route under `name` if still free (facility §2.4), as A's twins or B's single `.:format` route. */
  private register(spec: RouteSpec, name: string | null, origin: RouteOrigin, option: string | undefined): void {
    const named = name !== null && this.claim(name, origin);
    // The spec is the caller's own: its path becomes the `.:format` one in place.
    if (this.rules.formatTwins) {
      this.table.add(this.builder.build(spec, named ? name : null, origin, option));
      const twin = named && this.isFree(`formatted_${name}`) ? `formatted_${name}` : null;
      spec.path.format = true;
      this.table.add(this.builder.build(spec, twin, origin, option));
    } else {
      spec.path.format = true;
      this.table.add(this.builder.build(spec, named ? name : null, origin, option));
    }
  }

  /** Whether `name` is free (a name held is never taken again: facility §2.4). */
  protected isFree(name: string): boolean {
    return this.table.isFree(name);
  }

  /** Whether `name` is free; reports a name held by another resource's route (route-name-taken), once per resource. */
  private claim(name: string, origin: RouteOrigin): boolean {
    if (this.isFree(name)) return true;
    const holder = this.table.named.get(name)!;
    if (holder.origin && !sameResource(holder.origin, origin)) {
      let keys = this.refusedKeys.get(origin.declaration);
      if (!keys) this.refusedKeys.set(origin.declaration, (keys = new Set()));
      const key = `${name}\u0000${originKey(origin)}`;
      if (!keys.has(key)) {
        keys.add(key);
        this.refused({ name, origin });
      }
    }
    return false;
  }

  /** A name refused to a resource (once per resource): reported. */
  protected refused(refusal: Refusal): void {
    this.table.diagnostics.push(this.refusalReport(refusal));
  }

  /** The route-name-taken warning of a refusal, from the name's holder now and the declarations' source ranges now. */
  protected refusalReport({ name, origin }: Refusal): Diagnostic {
    const holder = this.table.named.get(name)!;
    return {
      severity: "warning",
      code: "route-name-taken",
      message: `The route name "${name}" is already held by ${holder.verb} ${holder.path} (${holder.target}), declared earlier; this route is registered without a name.`,
      span: originSpan(origin) ?? origin.declaration.source?.call,
      related: [{ message: `"${name}" is held by this declaration`, span: holder.origin && originSpan(holder.origin) }],
    };
  }

  /**
   * `root("episodes")`: the options of the named route drawn before it, as Rails 2's Mapper#root
   * took them (its defaults, fixed params and method condition; not its requirements), under the
   * block's own. A name no route holds is refused: Rails raised a TypeError.
   */
  private namedRouteOptions(name: string, scope: OptionMap): OptionMap {
    const source = this.table.named.get(name);
    if (!source) throw new RouteDefinitionError(`root: no route is named "${name}" before it`, "unknown-root-route");
    const options = copyMap(scope);
    if (source.controller !== null) options.controller = source.controller;
    if (source.action !== null) options.action = source.action;
    for (const [key, value] of Object.entries(source.defaults)) if (key !== "controller" && key !== "action") options[key] = value;
    for (const [key, value] of Object.entries(source.params)) options[key] = value;
    if (source.methods) options.conditions = { method: source.methods.length === 1 ? source.methods[0] : [...source.methods] };
    return options;
  }

  /** connect / named_route / root: the original route builder's reading of options. */
  private explicitRoute(path: string, name: string | null, options: OptionMap, origin: RouteOrigin): void {
    const prefix = asText(options.path_prefix).replace(/^\//, "");
    let fullPath = path.startsWith("/") ? path : `/${path}`;
    if (prefix) fullPath = `/${prefix}${fullPath}`;
    const keys = new Set(segmentKeys(parsePath(normalizePath(fullPath))));

    const requirements = mapOf(options.requirements);
    // `defaults: { page: 1 }` makes those segments optional with that value, as the route builder's defaults hash did.
    const defaults: OptionMap = mapOf(options.defaults);
    for (const key of Object.keys(defaults)) {
      if (keys.has(key)) continue;
      const error = new RouteDefinitionError(`${key}: No matching segment exists; cannot assign default`, "invalid-default");
      error.optionPath = `defaults.${key}`;
      throw error;
    }
    // Any other key: a plain value on a segment's key is its default, a regular expression its requirement, the rest fixed params.
    for (const [key, value] of Object.entries(options)) {
      if (ROUTE_BUILDER_OPTIONS.has(key)) continue;
      if (keys.has(key) && !(value instanceof RegExp)) defaults[key] = value;
      else requirements[key] = value;
    }
    for (const key of ["controller", "action"]) {
      const value = options[key];
      if (!keys.has(key) || value == null) continue;
      if (value instanceof RegExp) requirements[key] = value;
      else defaults[key] = value;
    }

    const namespace = asText(options.namespace);
    let controller = options.controller != null ? asText(options.controller) : null;
    if (namespace && controller !== null) controller = `${namespace.replace(/\/$/, "")}/${controller}`;
    const spec: RouteSpec = {
      path: basePath(fullPath),
      controller,
      // With no `:action` segment and no action given, the action is index (the original route's own
      // default); an action given as nil stays none, as Rails kept `:action => nil` (recognised with no action).
      action:
        options.action != null && !(options.action instanceof RegExp) ? asText(options.action) : keys.has("action") || options.action === null ? null : "index",
      conditions: mapOf(options.conditions),
      requirements,
      defaults,
      controllerNamespace: namespace,
    };
    const fullName = name === null ? null : `${asText(options.name_prefix)}${name}`;
    const named = fullName !== null && this.claim(fullName, origin);
    this.table.add(this.builder.build(spec, named ? fullName : null, origin));
  }
}

/**
 * A resource action's conditions: the resource's with the action's method. Most resources have no
 * conditions of their own, and their actions share one frozen map per method (where a copy per
 * route was made and dropped: the route builder keeps only what it reads of it).
 */
function methodConditions(resource: OptionMap, method: OptionValue): OptionMap {
  const shared = typeof method === "string" && isEmpty(resource) ? METHOD_CONDITIONS.get(method) : undefined;
  if (shared) return shared;
  const conditions = copyMap(resource);
  if (method !== "any") conditions.method = method;
  return conditions;
}

const METHOD_CONDITIONS = new Map<string, OptionMap>([
  ["any", EMPTY_MAP],
  ...ROUTE_METHODS.map((method): [string, OptionMap] => [method, Object.freeze(Object.assign(record<OptionValue>(), { method }))]),
]);

function originKey(origin: RouteOrigin): string {
  return `${origin.nameIndex}/${origin.association ?? ""}`;
}

/** The methods a custom action was given, one route each; none (a list or a name of actions) is one route with no method condition. */
function methodsOf(method: OptionValue): OptionValue[] {
  return method === null ? [null] : toList(method);
}

/**
 * The units a body is expanded in: each declaration, but a namespace or with_options, whose block
 * is expanded in its place with the options it gives (so the routes, in order, are those of the
 * declarations themselves). The editor's incremental layer expands again only the units an edit
 * touched, and compares the others by their declaration and scope: a unit's object is made only
 * when asked for, as the editor re-expands a large file at each keystroke.
 */
export function expansionUnits(body: Declaration[]): ExpansionUnits {
  return new ExpansionUnits(body);
}

export class ExpansionUnits {
  /** Each unit's declaration, in order: the body itself when it holds no namespace or with_options block. */
  readonly declarations: Declaration[];
  /** Where each unit stands, for a body with blocks: its scope, owner, index there and top-level index. */
  private readonly places: Array<Omit<ExpansionUnit, "declaration">> | undefined;
  private readonly made = new Map<number, ExpansionUnit>();

  constructor(private readonly body: Declaration[]) {
    if (!body.some(isBlockScope)) {
      this.declarations = body;
      return;
    }
    const declarations: Declaration[] = [];
    const places: Array<Omit<ExpansionUnit, "declaration">> = [];
    const visit = (owner: Declaration[], scope: OptionMap | undefined, top: number | undefined): void =>
      owner.forEach((declaration, index) => {
        if (isBlockScope(declaration))
          visit(declaration.block ?? [], blockScope(declaration, deepMerge(scope ?? EMPTY_MAP, declaration.options)), top ?? index);
        else {
          declarations.push(declaration);
          places.push({ scope, owner, index, top: top ?? index });
        }
      });
    visit(body, undefined, undefined);
    this.declarations = declarations;
    this.places = places;
  }

  get length(): number {
    return this.declarations.length;
  }

  /** The options the block around unit `i` gives it (undefined at the top level). */
  scopeAt(i: number): OptionMap | undefined {
    return this.places?.[i].scope;
  }

  /** The index in the body of the top-level declaration unit `i` is part of. */
  topAt(i: number): number {
    return this.places?.[i].top ?? i;
  }

  /** Unit `i`, one object however often asked: a declaration it adopts stands in the tree and in `declarations`. */
  unit(i: number): ExpansionUnit {
    let unit = this.made.get(i);
    if (!unit) {
      const place = this.places?.[i] ?? { scope: undefined, owner: this.body, index: i, top: i };
      unit = { declaration: this.declarations[i], ...place };
      this.made.set(i, unit);
    }
    return unit;
  }

  /** Puts `declaration` in unit `i`'s place, in the tree and here. */
  replace(i: number, declaration: Declaration): void {
    const unit = this.unit(i);
    unit.owner[unit.index] = declaration;
    unit.declaration = declaration;
    if (this.places) this.declarations[i] = declaration;
  }
}

function isBlockScope(declaration: Declaration): boolean {
  return declaration.kind === "namespace" || declaration.kind === "with_options";
}

/** What a namespace or with_options block gives its declarations, from the block's own options (merged with those it is under). */
function blockScope(declaration: Declaration, options: OptionMap): OptionMap {
  return declaration.kind === "namespace" ? namespaceScope(declaration.names[0] ?? "", options) : options;
}

/** What `namespace(name, options, block)` attaches to its block (docs/routing.md). */
function namespaceScope(name: string, options: OptionMap): OptionMap {
  if (options.namespace != null) {
    const rest = copyMap(options);
    delete rest.path_prefix;
    delete rest.name_prefix;
    delete rest.namespace;
    return Object.assign(
      record(),
      {
        path_prefix: `${asText(options.path_prefix)}/${name}`,
        name_prefix: `${asText(options.name_prefix)}${name}_`,
        namespace: `${asText(options.namespace)}${name}/`,
      },
      rest,
    );
  }
  return Object.assign(record(), { path_prefix: name, name_prefix: `${name}_`, namespace: `${name}/` }, copyMap(options));
}

/** A path that is its base alone (`/posts`, an explicit route's path). */
function basePath(base: string): PathSpec {
  return { base, separator: "/", action: undefined, format: false };
}

/** A resource's base path followed by an action's segment. */
function actionPath(base: string, def: ResourceDefinition, action: string): PathSpec {
  return { base, separator: def.actionSeparator, action, format: false };
}

/**
 * The option paths of one kind of custom action (`member.mark`: Route.option), one string per
 * action made once, where a string per route was made and then interned.
 */
function optionPaths(kind: "collection" | "new" | "member"): StringMemo<string> {
  return new StringMemo(10_000, (action) => `${kind}.${action}`);
}

const COLLECTION_OPTIONS = optionPaths("collection");
const NEW_OPTIONS = optionPaths("new");
const MEMBER_OPTIONS = optionPaths("member");
