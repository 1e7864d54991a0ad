/** Rails 2.2's routing (A), Rails 2.3's (B), or modern Rails' as Rails 6.1 draws it (C). */
export type Behaviour = "A" | "B" | "C";

/**
 * One row per field: behaviours A and B are one code path with these switches. C expands through
 * its own scope stack (rules/scoped/) and shares recognition and generation, so its row answers
 * the switches those read.
 */
export interface BehaviourRules {
  /** Options a nesting block (and has_one/has_many) passes down. `actions` is A's computed restriction. */
  inheritedOptions: readonly string[];
  /** `only` with `except` in one declaration raises (A) or is combined (B). */
  onlyWithExceptIsError: boolean;
  /** Nested resources inherit the action restriction (A). */
  inheritsActionRestriction: boolean;
  /** Shallow prefixes are empty (A) or derived from the namespace (B). */
  shallowPrefixFromNamespace: boolean;
  /** Each route is registered plain plus a `formatted_` `.:format` twin (A) or once ending in `.:format` (B). */
  formatTwins: boolean;
  /** Custom member actions of a collection resource get the id requirement (B). */
  idRequirementOnCustomMemberActions: boolean;
  /** A singleton's `create` is registered before new and member routes (A) or last (B). */
  singletonCreateFirst: boolean;
  /** A trailing `.:format` is optional when recognising (B's optional format segment). */
  optionalTrailingFormat: boolean;
  /** `_method` values: A rejects unknown ones, B ignores them. */
  rejectsUnknownMethodOverride: boolean;
  /** B keeps `formatted_*` helpers only as deprecated aliases. */
  formattedHelpersDeprecated: boolean;
  /** PATCH is a request method of its own that routes name (C), not a spelling of PUT. */
  patchIsOwnMethod: boolean;
  /** A path whose routes take other methods answers 405 Method Not Allowed (A, B), or is no route at all (C). */
  methodNotAllowed: boolean;
  /** A request method outside the behaviour's list is answered 405 whatever the path (C: Rails 6.1 answers UnknownHttpMethod so), not as A and B do. */
  unknownMethodNotAllowed: boolean;
  /** An optional format's default fills recognition when the request gives none (C; Rails 2.3 took :format only from the request). */
  optionalFormatTakesDefault: boolean;
  /** Doubled slashes in a request path count as one (C). */
  squeezesSlashes: boolean;
  /** A segment's constraint that takes a slash runs across segments (C: Journey matches such a route by its whole path; see spanningRoutes.ts). */
  constraintsSpanSegments: boolean;
  /** A null value writes `key=` in a generated query string (A, B); Rails 6.1's url_for leaves the key out (C). */
  queryKeepsNull: boolean;
  /**
   * Generation checks a value against its segment's pattern only where the segment is required and
   * constrained (C: Rails 6.1's url_for leaves an optional format or group, and a segment with no
   * constraint, unchecked); A and B check every value a path writes but a glob's.
   */
  checksRequiredPartsOnly: boolean;
  /** Generation leaves out an optional part (a group, the format) whose value is the route's default for it (C, as Journey does). */
  omitsOptionalDefaults: boolean;
}

/** What generation reads of a behaviour's rules. */
export type GenerationRules = Pick<BehaviourRules, "queryKeepsNull" | "checksRequiredPartsOnly" | "omitsOptionalDefaults">;

export const BEHAVIOURS: Record<Behaviour, BehaviourRules> = {
  A: {
    inheritedOptions: ["namespace", "shallow", "actions"],
    onlyWithExceptIsError: true,
    inheritsActionRestriction: true,
    shallowPrefixFromNamespace: false,
    formatTwins: true,
    idRequirementOnCustomMemberActions: false,
    singletonCreateFirst: true,
    optionalTrailingFormat: false,
    rejectsUnknownMethodOverride: true,
    formattedHelpersDeprecated: false,
    patchIsOwnMethod: false,
    methodNotAllowed: true,
    unknownMethodNotAllowed: false,
    optionalFormatTakesDefault: false,
    squeezesSlashes: false,
    constraintsSpanSegments: false,
    queryKeepsNull: true,
    checksRequiredPartsOnly: false,
    omitsOptionalDefaults: false,
  },
  B: {
    inheritedOptions: ["namespace", "shallow"],
    onlyWithExceptIsError: false,
    inheritsActionRestriction: false,
    shallowPrefixFromNamespace: true,
    formatTwins: false,
    idRequirementOnCustomMemberActions: true,
    singletonCreateFirst: false,
    optionalTrailingFormat: true,
    rejectsUnknownMethodOverride: false,
    formattedHelpersDeprecated: true,
    patchIsOwnMethod: false,
    methodNotAllowed: true,
    unknownMethodNotAllowed: false,
    optionalFormatTakesDefault: false,
    squeezesSlashes: false,
    constraintsSpanSegments: false,
    queryKeepsNull: true,
    checksRequiredPartsOnly: false,
    omitsOptionalDefaults: false,
  },
  C: {
    inheritedOptions: [],
    onlyWithExceptIsError: false,
    inheritsActionRestriction: false,
    shallowPrefixFromNamespace: true,
    formatTwins: false,
    idRequirementOnCustomMemberActions: false,
    singletonCreateFirst: false,
    optionalTrailingFormat: true,
    rejectsUnknownMethodOverride: false,
    formattedHelpersDeprecated: false,
    patchIsOwnMethod: true,
    methodNotAllowed: false,
    unknownMethodNotAllowed: true,
    optionalFormatTakesDefault: true,
    squeezesSlashes: true,
    constraintsSpanSegments: true,
    queryKeepsNull: false,
    checksRequiredPartsOnly: true,
    omitsOptionalDefaults: true,
  },
};

export const DEFAULT_BEHAVIOUR: Behaviour = "B";

/** Whether a value names a behaviour: what the CLI, the editor's settings and draw()'s settings check. */
export function isBehaviour(value: unknown): value is Behaviour {
  return value === "A" || value === "B" || value === "C";
}

/** The behaviour settings give: theirs, else the default (B, Rails 2.3). The one place the default is applied. */
export function behaviourOf(settings: { behaviour?: Behaviour }): Behaviour {
  return settings.behaviour ?? DEFAULT_BEHAVIOUR;
}
