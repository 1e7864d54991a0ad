import { BehaviourRules } from "../model/behaviour";
import { RouteDefinitionError } from "../model/errors";
import { asText, OptionMap, OptionValue, toList } from "../model/values";

/** Facility §1.2: the seven default actions, the only ones `only`/`except` restrict. */
export const DEFAULT_ACTIONS = ["index", "create", "new", "edit", "show", "update", "destroy"] as const;

/** The option key under which behaviour A passes a computed restriction down to nested resources. */
export const INHERITED_ACTIONS = "actions";

const ONLY_AND_EXCEPT_MESSAGE = "Please supply either :only or :except, not both.";

/** Which default actions a declaration routes (facility §4.5). */
export type ActionFilter = (action: string) => boolean;

/**
 * Reads `only`/`except` (and, in A, the inherited restriction). Returns the filter and, for A, the
 * restriction to attach to nested scopes.
 */
export function actionRestriction(options: OptionMap, rules: BehaviourRules): { allows: ActionFilter; inherited?: string[] } {
  const only = options.only;
  const except = options.except;
  const hasOnly = only !== undefined;
  const hasExcept = except !== undefined;

  if (rules.onlyWithExceptIsError) {
    if (hasOnly && hasExcept) throw new RouteDefinitionError(ONLY_AND_EXCEPT_MESSAGE, "only-and-except");
    let allowed: string[] | undefined;
    if (only === "all" || except === "none") allowed = [...DEFAULT_ACTIONS];
    else if (only === "none" || except === "all") allowed = [];
    else if (hasOnly) allowed = DEFAULT_ACTIONS.filter((a) => names(only).includes(a));
    else if (hasExcept) allowed = DEFAULT_ACTIONS.filter((a) => !names(except).includes(a));
    else if (options[INHERITED_ACTIONS] !== undefined) allowed = names(options[INHERITED_ACTIONS]);
    return { allows: filterOf(allowed), inherited: allowed };
  }

  const onlySet = hasOnly ? actionSet(only) : undefined;
  const exceptSet = hasExcept ? actionSet(except) : undefined;
  return {
    allows: (action) => !isDefaultAction(action) || ((!onlySet || onlySet.has(action)) && (!exceptSet || !exceptSet.has(action))),
  };
}

function isDefaultAction(action: string): boolean {
  return (DEFAULT_ACTIONS as readonly string[]).includes(action);
}

function filterOf(allowed: string[] | undefined): ActionFilter {
  return (action) => !allowed || !isDefaultAction(action) || allowed.includes(action);
}

function names(value: OptionValue): string[] {
  return toList(value).map(asText);
}

/** B: `all` and `none` stand for all seven and for none, in `only` and `except` alike. */
function actionSet(value: OptionValue): Set<string> {
  if (value === "all") return new Set(DEFAULT_ACTIONS);
  if (value === "none") return new Set();
  return new Set(names(value));
}
