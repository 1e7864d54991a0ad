import type { TakenOver, WrittenInto } from "../text/ownership";
import { BEHAVIOURS, BehaviourRules, DEFAULT_BEHAVIOUR } from "./behaviour";
import { ROUTE_METHODS, RouteBuilder } from "./builder";
import { Declaration, DeclarationTree } from "./declarations";
import { optionSpan, originSpan, sameResource } from "./spans";
import { DiagnosticMemo } from "./diagnosticMemo";
import { Diagnostic } from "./diagnostics";
import { RouteDefinitionError } from "./errors";
import { Inflector } from "./inflector";
import { normalizePath, parsePath, PathSpec, segmentKeys } from "./path";
import { actionSegment, defineResource, ResourceDefinition, ResourceSettings } from "./resource";
import { INHERITED_ACTIONS } from "./restriction";
import { routeOrigin, RouteOrigin, RouteSpec } from "./route";
import { Refusal, RouteTable, DeclarationRoutes, unchangedEnds } from "./table";
import { validateDeclaration } from "./validate";
import { asText, copyMap, deepMerge, EMPTY_MAP, isEmpty, isOptionMap, mapOf, OptionMap, OptionValue, pick, record, toList } from "./values";
import { interned } from "../text/intern";
import { StringMemo } from "../text/stringMemo";

const DEFAULT_PATH_NAMES = Object.assign(record<string>(), { new: "new", edit: "edit" });

/**
 * The facility: expands a declaration tree into its route table. The same tree always gives the
 * same table. A declaration the facility refuses stops loading there, as it stopped the original
 * application; the table keeps what was registered before and records the error. With the
 * previous version's table (taken over), declarations equal to earlier ones keep their routes, and
 * the earlier declaration objects take their places in `tree.body`.
 * @internal The tools' entry; applications call draw().
 */
export function expandDeclarations(
  tree: WrittenInto<DeclarationTree>,
  inflector = new Inflector(tree.settings.inflections, tree.settings.behaviour ?? DEFAULT_BEHAVIOUR),
  previous?: TakenOver<RouteTable>,
  maxRoutes = Infinity,
): RouteTable {
  const rules = BEHAVIOURS[tree.settings.behaviour ?? DEFAULT_BEHAVIOUR];
  const settings: ResourceSettings = {
    pathNames: tree.settings.resources_path_names ?? DEFAULT_PATH_NAMES,
    actionSeparator: tree.settings.resource_action_separator ?? "/",
  };
  const settingsKey = JSON.stringify(tree.settings);
  const before = previous?.groups?.settings === settingsKey ? previous : undefined;
  const patched = before && patch(before, tree.body, (table) => new Expander(rules, settings, inflector, table));
  if (patched) return patched;
  const table = new RouteTable(maxRoutes);
  const checks = tree.body.map(validateDeclaration);
  for (const list of checks) for (const diagnostic of list) table.diagnostics.push(diagnostic);
  table.groups = { settings: settingsKey, list: [] };
  try {
    new Expander(rules, settings, inflector, table).topLevel(tree.body, before?.groups?.list ?? [], checks);
  } catch (error) {
    if (!(error instanceof RouteDefinitionError)) throw error;
    table.error = error;
    table.diagnostics.push({
      severity: "error",
      code: error.code,
      message: error.message,
      span: error.declaration && refusedSpan(error),
    });
  }
  return table;
}

/**
 * The previous table patched where the declarations changed: the run of top-level declarations
 * between those it begins and ends with unchanged (the same objects: the analyser re-uses the
 * declarations of statements an edit did not touch) is expanded, and its routes and names put in
 * place of the run's before. Its work is that of the run, not of the file; the name lookup is
 * taken over, not copied. Undefined when a patch cannot give what a whole expansion would (a
 * declaration refused, a name the run needs held by a declaration after it, a name a declaration
 * after it found taken now free, too many routes); the caller then expands everything.
 */
function patch(previous: TakenOver<RouteTable>, declarations: WrittenInto<Declaration[]>, expander: (table: RouteTable) => Expander): RouteTable | undefined {
  const old = previous.groups!.list;
  if (previous.error) return undefined;
  const { head, tail } = unchangedEnds(old, declarations, (group, declaration) => group.declaration === declaration);
  const removed = old.slice(head, old.length - tail);
  // The groups after the run, old[keptFrom…]: thousands on a large file, walked in place.
  const keptFrom = old.length - tail;
  const run = declarations.slice(head, declarations.length - tail);

  const table = RouteTable.continuing(previous);
  if (!table) return undefined;
  for (const group of removed) table.forget(group);
  const checks = run.map(validateDeclaration);
  table.groups = { settings: previous.groups!.settings, list: old.slice(0, head) };
  const diagnostics = table.diagnostics;
  for (const group of table.groups.list) for (const diagnostic of group.checks) diagnostics.push(diagnostic);
  for (const list of checks) for (const diagnostic of list) diagnostics.push(diagnostic);
  for (let i = keptFrom; i < old.length; i++) for (const diagnostic of old[i].checks) diagnostics.push(diagnostic);
  // Reports in the order a whole expansion makes them: the declarations' before the run, the run's, those after.
  const reporter = expander(table);
  for (const group of table.groups.list) reporter.reportAgain(group);
  try {
    reporter.topLevel(run, removed, checks);
  } catch (error) {
    if (error instanceof RouteDefinitionError) return undefined;
    throw error;
  }
  // Declarations of the run that re-used a group were replaced by its (see topLevel): in the tree too.
  run.forEach((declaration, i) => (declarations[head + i] = declaration));
  // The run found a name taken: by a declaration before it, or (then the kept ones would change) after it.
  const takenInRun = table.groups.list.slice(head).flatMap((group) => group.takenBefore);
  if (takenInRun.length > 0) {
    const heldAfter = new Set(old.slice(keptFrom).flatMap((group) => group.claimed));
    if (takenInRun.some((name) => heldAfter.has(name))) return undefined;
  }
  // A name a kept declaration found taken that the run no longer holds would now be its own.
  for (let i = keptFrom; i < old.length; i++) if (!old[i].takenBefore.every((name) => table.named.has(name))) return undefined;
  const list = table.groups.list;
  const runEnd = list.length;
  list.length = runEnd + tail; // made long enough once, where a push each grew it again and again
  for (let i = 0; i < tail; i++) {
    list[runEnd + i] = old[keptFrom + i];
    reporter.reportAgain(old[keptFrom + i]);
  }
  table.takeGroupRoutes(
    previous.size,
    removed.reduce((n, group) => n + group.routes.length, 0),
  );
  table.edit = { from: previous.version, at: head, removed, added: list.slice(head, runEnd) };
  return table.overLimit ? undefined : table;
}

/**
 * Where a refused declaration was written: the `except` key of only+except, else the refused value
 * (a requirement may also be written as a top-level key of connect), else the call.
 */
function refusedSpan(error: RouteDefinitionError) {
  const declaration = error.declaration!;
  const path = error.optionPath;
  if (path?.startsWith("requirements.") && !declaration.source?.options.has(path)) return optionSpan(declaration, path.slice("requirements.".length));
  return optionSpan(declaration, path, error.code === "only-and-except" ? "key" : "value");
}

/** The report of each refusal, for the next expansions of the file (a kept group reports its refusals again). */
const reports = new DiagnosticMemo<Refusal>();

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

class Expander {
  private readonly builder: RouteBuilder;
  /**
   * The group being recorded: which names the current top-level declaration claimed or found
   * taken, and the names its resources were refused (each once per resource: by key).
   */
  private recording: { claimed: Set<string>; takenBefore: string[]; refused: Refusal[]; refusedKeys: Map<Declaration, Set<string>> } | undefined;

  constructor(
    private readonly rules: BehaviourRules,
    private readonly settings: ResourceSettings,
    private readonly inflector: Inflector,
    private readonly table: RouteTable,
  ) {
    this.builder = new RouteBuilder(rules);
  }

  /**
   * The file's top-level declarations, each recorded as a group. A declaration equal (as data)
   * to a group of the previous expansion, found near the same place in the file, whose
   * names are still free and whose taken names are still taken, re-uses that group's routes
   * instead of expanding again: the previous declaration object takes the new one's source ranges
   * and its place in `declarations`, so the re-used routes point at the current text.
   */
  topLevel(declarations: WrittenInto<Declaration[]>, previous: DeclarationRoutes[], checks: Diagnostic[][]): void {
    let next = 0; // previous groups before this one were matched or passed over
    // Declarations the reader re-used as they were: their previous group is theirs alone.
    const present = new Set(declarations);
    declarations.forEach((declaration, index) => {
      const found = this.reusable(declaration, previous, next, present);
      if (found !== undefined) {
        const reused = previous[found];
        next = found + 1;
        takeSources(reused.declaration, declaration);
        reused.checks = checks[index];
        declarations[index] = reused.declaration;
        for (const route of reused.routes) this.table.add(route);
        this.table.groups!.list.push(reused);
        this.reportAgain(reused);
        return;
      }
      const start = this.table.routes.length;
      this.recording = { claimed: new Set(), takenBefore: [], refused: [], refusedKeys: new Map() };
      this.body([declaration], record());
      this.table.groups!.list.push({
        declaration,
        routes: this.table.routes.slice(start),
        claimed: [...this.recording.claimed],
        takenBefore: this.recording.takenBefore,
        refused: this.recording.refused,
        checks: checks[index],
      });
      this.recording = undefined;
    });
  }

  /** The index of a previous group that can stand for `declaration`: among the next few, as an edit inserts or removes only a few. */
  private reusable(declaration: Declaration, previous: DeclarationRoutes[], from: number, present: Set<Declaration>): number | undefined {
    for (let i = from; i < Math.min(previous.length, from + REUSE_WINDOW); i++) {
      const group = previous[i];
      const same = group.declaration === declaration || (!present.has(group.declaration) && sameDeclaration(group.declaration, declaration));
      if (!same) continue;
      if (group.claimed.every((n) => this.table.isFree(n)) && group.takenBefore.every((n) => !this.table.isFree(n))) return i;
    }
    return undefined;
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
        this.body(declaration.block ?? [], namespaceScope(declaration.names[0] ?? "", options));
        return;
      case "with_options":
        this.body(declaration.block ?? [], options);
        return;
      case "connect":
        this.explicitRoute(declaration.path ?? "", null, options, routeOrigin(declaration, 0));
        return;
      case "named_route":
        this.explicitRoute(declaration.path ?? "", declaration.names[0] ?? null, options, routeOrigin(declaration, 0));
        return;
      case "root":
        this.explicitRoute("", "root", options, routeOrigin(declaration, 0));
        return;
    }
  }

  /** One resource: its own routes (facility §4), then has_many, has_one, then its block. */
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

  /** Whether `name` is free, noted in the group being recorded: a re-used group needs the same answers. */
  private isFree(name: string): boolean {
    const free = this.table.isFree(name);
    const recording = this.recording;
    if (recording && free) recording.claimed.add(name);
    else if (recording && !recording.claimed.has(name)) recording.takenBefore.push(name);
    return free;
  }

  /** Whether `name` is free; reports a name held by another resource's route (route-name-taken), once per resource. */
  private claim(name: string, origin: RouteOrigin): boolean {
    if (this.isFree(name)) return true;
    const holder = this.table.named.get(name)!;
    const recording = this.recording!;
    if (holder.origin && !sameResource(holder.origin, origin)) {
      let keys = recording.refusedKeys.get(origin.declaration);
      if (!keys) recording.refusedKeys.set(origin.declaration, (keys = new Set()));
      const key = `${name}\u0000${originKey(origin)}`;
      if (!keys.has(key)) {
        keys.add(key);
        recording.refused.push({ name, origin });
        this.report({ name, origin });
      }
    }
    return false;
  }

  /**
   * The reports of a group an expansion keeps, made again as its own expansion would make them
   * now: from the name's holder now, and the declaration's source ranges now.
   */
  reportAgain(group: DeclarationRoutes): void {
    for (const refusal of group.refused) this.report(refusal);
  }

  private report(refusal: Refusal): void {
    const { name, origin } = refusal;
    const holder = this.table.named.get(name)!;
    // Its ranges all come from the two declarations' sources.
    const inputs = [holder, origin.declaration.source, holder.origin?.declaration.source];
    this.table.diagnostics.push(
      reports.get(refusal, inputs, () => ({
        severity: "warning",
        code: "route-name-taken",
        message: `The route name "${name}" is already held by ${holder.verb} ${holder.path} (${holder.target}), declared earlier; this route is registered without a name.`,
        span: originSpan(origin) ?? origin.declaration.source?.call,
        related: [{ message: `"${name}" is held by this declaration`, span: holder.origin && originSpan(holder.origin) }],
      })),
    );
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
      // With no `:action` segment and no action given, the action is index (the original route's own default).
      action: options.action != null && !(options.action instanceof RegExp) ? asText(options.action) : keys.has("action") ? null : "index",
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
  ...ROUTE_METHODS.map((method): [string, OptionMap] => [method, Object.freeze(Object.assign(record(), { method }))]),
]);

function originKey(origin: RouteOrigin): string {
  return `${origin.nameIndex}/${origin.association ?? ""}`;
}

/** The methods a custom action was given, one route each; none (a list or a name of actions) is one route with no method condition. */
function methodsOf(method: OptionValue): OptionValue[] {
  return method === null ? [null] : toList(method);
}

/** Contract §1: what `namespace(name, options, block)` attaches to its block. */
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

/** How many previous groups ahead a declaration is looked for. */
const REUSE_WINDOW = 8;

/** Whether two declarations are equal as data: everything but their source ranges. */
function sameDeclaration(a: Declaration, b: Declaration): boolean {
  return (
    a.kind === b.kind &&
    a.path === b.path &&
    sameValue(a.names, b.names) &&
    sameValue(a.options, b.options) &&
    (a.block === undefined || b.block === undefined
      ? a.block === b.block
      : a.block.length === b.block.length && a.block.every((d, i) => sameDeclaration(d, b.block![i])))
  );
}

function sameValue(a: OptionValue | string[], b: OptionValue | string[]): boolean {
  if (a === b) return true;
  if (a instanceof RegExp || b instanceof RegExp) return a instanceof RegExp && b instanceof RegExp && a.source === b.source && a.flags === b.flags;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (!isOptionMap(a) || !isOptionMap(b)) return false;
  // Key order counts: it is the order of member and collection routes.
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  return keys.length === otherKeys.length && keys.every((k, i) => otherKeys[i] === k && sameValue(a[k], b[k]));
}

/** Gives `target` (and its nested declarations, which have the same shape) the source ranges of `from`. */
function takeSources(target: Declaration, from: Declaration): void {
  target.source = from.source;
  target.block?.forEach((child, i) => takeSources(child, from.block![i]));
}
