import { BehaviourRules } from "./behaviour";
import { Inflector } from "./inflector";
import { ActionFilter, actionRestriction } from "./restriction";
import { asText, EMPTY_MAP, isOptionMap, mapOf, OptionMap, OptionValue, own, record } from "./values";
import { DEFAULT_SEGMENT_PATTERN } from "./path";

/** Actions grouped by the method given for them, methods in the order first given (facility §2.3). */
export type MethodGroups = Array<{ method: OptionValue; actions: string[] }>;

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
  /** The path segment of a member action (`path_names`, then the application-wide name, then the action). */
  actionPath(action: string): string;
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
  const singular = singleton ? name : options.singular != null ? asText(options.singular) : inflector.singularize(plural);
  const pathSegment = options.as != null ? asText(options.as) : plural;
  const defaultController = singleton ? inflector.pluralize(singular) : plural;
  const namespace = asText(options.namespace);
  const controller = `${namespace}${options.controller != null ? asText(options.controller) : defaultController}`;

  const pathPrefix = asText(options.path_prefix);
  const namePrefix = asText(options.name_prefix);
  const shallow = options.shallow === true;
  const path = `${pathPrefix}/${pathSegment}`;

  const pathNames = mapOf(options.path_names);
  const segmentName = (action: string): string | undefined =>
    pathNames[action] != null ? asText(pathNames[action]) : own(settings.pathNames, action);

  let shallowPathPrefix = pathPrefix;
  let shallowNamePrefix = namePrefix;
  if (shallow) {
    shallowPathPrefix = rules.shallowPrefixFromNamespace && namespace ? namespace.replace(/\/$/, "") : "";
    shallowNamePrefix = rules.shallowPrefixFromNamespace ? namespace.replace(/\//g, "_") : "";
  }
  if (singleton) shallowNamePrefix = namePrefix;

  const memberPath = singleton ? path : `${shallowPathPrefix}/${pathSegment}/:id`;
  const given = mapOf(options.requirements);
  const id = given.id;
  delete given.id;
  // Most resources have no requirements: the same two maps for all, so that the route builder
  // sorts them once and their routes share one traits object (see RouteBuilder).
  const { requirements, requirementsWithId } =
    Object.keys(given).length === 0 && !(id instanceof RegExp)
      ? NO_REQUIREMENTS
      : { requirements: given, requirementsWithId: Object.assign(record(), given, { id: id instanceof RegExp ? id : DEFAULT_ID_REQUIREMENT }) };

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
    newPath: `${path}/${segmentName("new") ?? ""}`,
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
    conditions: mapOf(options.conditions),
    allows,
    inheritedActions: inherited,
    actionPath: (action) => segmentName(action) ?? action,
  };
}

/** The default pattern of `:id`, one object for every resource (a pattern without the g or y flag keeps no state). */
const DEFAULT_ID_REQUIREMENT = new RegExp(DEFAULT_SEGMENT_PATTERN);

const NO_REQUIREMENTS: { requirements: OptionMap; requirementsWithId: OptionMap } = {
  requirements: EMPTY_MAP,
  requirementsWithId: Object.freeze(Object.assign(record(), { id: DEFAULT_ID_REQUIREMENT })),
};

/** `{ rss: "get", mark: "post", csv: "post" }` → get: [rss]; post: [mark, csv]. */
function groupByMethod(actions: OptionValue | undefined): MethodGroups {
  const groups: MethodGroups = [];
  if (!isOptionMap(actions)) return groups;
  for (const [action, method] of Object.entries(actions)) {
    const key = JSON.stringify(method);
    const group = groups.find((g) => JSON.stringify(g.method) === key);
    if (group) group.actions.push(action);
    else groups.push({ method, actions: [action] });
  }
  return groups;
}

/** The default edit/new action goes first among the GET actions (a GET group is added last if none was given). */
function addDefaultAction(groups: MethodGroups, action: string): void {
  const get = groups.find((g) => g.method === "get");
  if (get) get.actions.unshift(action);
  else groups.push({ method: "get", actions: [action] });
}
