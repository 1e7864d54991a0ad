import { BehaviourRules } from "../model/behaviour";
import { DEFAULT_SEGMENT_PATTERN } from "../model/path";
import { EMPTY_MAP, isEmpty, own, record } from "../model/records";
import { asText, isOptionMap, OptionMap, OptionValue } from "../model/values";
import { Inflector } from "./inflector";
import { ActionFilter, actionRestriction } from "./restriction";

/** Actions grouped by the method given for them, methods in the order first given (facility §2.3). */
type MethodGroups = Array<{ method: OptionValue; actions: string[] }>;

/** The application-wide settings a resource reads. */
export interface ResourceSettings {
  pathNames: Record<string, string>;
  actionSeparator: string;
}

/** Facility §2.3: the derived attributes of one resource (or singleton resource) definition. */
export interface ResourceDefinition {
  singleton: boolean;
  plural: string;
  singular: string;
  uncountable: boolean;
  controller: string;
  path: string;
  newPath: string;
  memberPath: string;
  nestingPathPrefix: string;
  namePrefix: string;
  shallowNamePrefix: string;
  nestingNamePrefix: string;
  actionSeparator: string;
  collectionMethods: MethodGroups;
  memberMethods: MethodGroups;
  newMethods: MethodGroups;
  /** Requirements without `id`. */
  requirements: OptionMap;
  /** Requirements with `id`: one map for all the resource's routes that take an id. */
  requirementsWithId: OptionMap;
  conditions: OptionMap;
  allows: ActionFilter;
  /** A's restriction for nested scopes. */
  inheritedActions?: string[];
  /** The resource's own `path_names` (read through actionSegment). */
  pathNames: OptionMap;
  /** The application-wide path names. */
  appPathNames: Readonly<Record<string, string>>;
}

/** A resource's singular name: a singleton's own, else the `singular` option, else its name singularized. */
export function resourceSingular(name: string, singleton: boolean, options: OptionMap, inflector: Inflector): string {
  return singleton ? name : options.singular != null ? asText(options.singular) : inflector.singularize(name);
}

/**
 * The resource an association's option path names in a declaration's options: `has_one` and
 * `has_many.0` name their entry, `has_many.messages` (an entry of a map) its key. Undefined where
 * the options hold nothing at that path.
 */
export function associationName(options: OptionMap, path: string): string | undefined {
  const keys = path.split(".");
  let value: OptionValue | undefined = options;
  for (const key of keys) value = Array.isArray(value) ? value[Number(key)] : isOptionMap(value) ? own(value, key) : undefined;
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : keys[keys.length - 1];
}

export function defineResource(
  name: string,
  singleton: boolean,
  options: OptionMap,
  rules: BehaviourRules,
  settings: ResourceSettings,
  inflector: Inflector,
): ResourceDefinition {
  const plural = name;
  const singular = resourceSingular(name, singleton, options, inflector);
  const pathSegment = options.as != null ? asText(options.as) : plural;
  const defaultController = singleton ? inflector.pluralize(singular) : plural;
  const namespace = asText(options.namespace);
  const controller = `${namespace}${options.controller != null ? asText(options.controller) : defaultController}`;

  const pathPrefix = asText(options.path_prefix);
  const namePrefix = asText(options.name_prefix);
  const shallow = options.shallow === true;
  const path = `${pathPrefix}/${pathSegment}`;

  const pathNames = isOptionMap(options.path_names) ? options.path_names : EMPTY_MAP;

  let shallowPathPrefix = pathPrefix;
  let shallowNamePrefix = namePrefix;
  if (shallow) {
    shallowPathPrefix = rules.shallowPrefixFromNamespace && namespace ? namespace.replace(/\/$/, "") : "";
    shallowNamePrefix = rules.shallowPrefixFromNamespace ? namespace.replace(/\//g, "_") : "";
  }
  if (singleton) shallowNamePrefix = namePrefix;

  const memberPath = singleton ? path : `${shallowPathPrefix}/${pathSegment}/:id`;
  const { requirements, requirementsWithId } = resourceRequirements(options.requirements);

  const { allows, inherited } = actionRestriction(options, rules);
  const memberMethods = groupByMethod(options.member);
  const newMethods = groupByMethod(options.new);
  addDefaultAction(memberMethods, "edit");
  addDefaultAction(newMethods, "new");

  return {
    singleton,
    plural,
    singular,
    uncountable: singular === plural,
    controller,
    path,
    newPath: `${path}/${segmentName(pathNames, settings.pathNames, "new") ?? ""}`,
    memberPath,
    nestingPathPrefix: singleton ? path : `${shallowPathPrefix}/${pathSegment}/:${singular}_id`,
    namePrefix,
    shallowNamePrefix,
    nestingNamePrefix: `${shallowNamePrefix}${singular}_`,
    actionSeparator: settings.actionSeparator,
    collectionMethods: groupByMethod(options.collection),
    memberMethods,
    newMethods,
    requirements,
    requirementsWithId,
    // Read, never written: the resource's options are its own copy (the expander's), and most have none.
    conditions: isOptionMap(options.conditions) ? options.conditions : EMPTY_MAP,
    allows,
    inheritedActions: inherited,
    pathNames,
    appPathNames: settings.pathNames,
  };
}

/** The path segment of a member action: `path_names`, then the application-wide name, then the action. */
export function actionSegment(def: Pick<ResourceDefinition, "pathNames" | "appPathNames">, action: string): string {
  return segmentName(def.pathNames, def.appPathNames, action) ?? action;
}

function segmentName(pathNames: OptionMap, appPathNames: Readonly<Record<string, string>>, action: string): string | undefined {
  const given = own(pathNames, action);
  return given != null ? asText(given) : own(appPathNames, action);
}

/**
 * The resource's requirements without and with `id`. Most resources have none: the same two maps
 * for all, so that the route builder sorts them once and their routes share one traits object
 * (see RouteBuilder).
 */
function resourceRequirements(given: OptionValue | undefined): { requirements: OptionMap; requirementsWithId: OptionMap } {
  if (!isOptionMap(given)) return NO_REQUIREMENTS;
  const requirements = record<OptionValue>();
  for (const key of Object.keys(given)) if (key !== "id") requirements[key] = given[key];
  const id = own(given, "id");
  if (isEmpty(requirements) && !(id instanceof RegExp)) return NO_REQUIREMENTS;
  return { requirements, requirementsWithId: Object.assign(record<OptionValue>(), requirements, { id: id instanceof RegExp ? id : DEFAULT_ID_REQUIREMENT }) };
}

/** The default pattern of `:id`, one object for every resource (a pattern without the g or y flag keeps no state). */
const DEFAULT_ID_REQUIREMENT = new RegExp(DEFAULT_SEGMENT_PATTERN);

const NO_REQUIREMENTS: { requirements: OptionMap; requirementsWithId: OptionMap } = {
  requirements: EMPTY_MAP,
  requirementsWithId: Object.freeze(Object.assign(record<OptionValue>(), { id: DEFAULT_ID_REQUIREMENT })),
};

/**
 * `{ rss: "get", mark: "post", csv: "post" }` → get: [rss]; post: [mark, csv]. A list or a single
 * name (`["import_status"]`, `"reset"`) gives actions with no method (null: any method), as Rails 2
 * read each item as a key without a value.
 */
function groupByMethod(actions: OptionValue | undefined): MethodGroups {
  const groups: MethodGroups = [];
  const add = (action: string, method: OptionValue) => {
    const group = groups.find((g) => sameMethod(g.method, method));
    if (group) group.actions.push(action);
    else groups.push({ method, actions: [action] });
  };
  if (isOptionMap(actions)) for (const action of Object.keys(actions)) add(action, actions[action]);
  else if (typeof actions === "string") add(actions, null);
  else if (Array.isArray(actions)) for (const item of actions) if (typeof item === "string") add(item, null);
  return groups;
}

/** Whether two actions were given the same method (a name, or a list of names: equal as data). */
function sameMethod(a: OptionValue, b: OptionValue): boolean {
  return a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
}

/** The default edit/new action goes first among the GET actions (a GET group is added last if none was given). */
function addDefaultAction(groups: MethodGroups, action: string): void {
  const get = groups.find((g) => g.method === "get");
  if (get) get.actions.unshift(action);
  else groups.push({ method: "get", actions: [action] });
}
