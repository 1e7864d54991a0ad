import { own } from "../../routing/model/records";
import type { Params } from "../request/params";
import { paramsSchemaFor, Schema, validParams } from "../request/schemas";
import { RequestContext } from "./context";
import { Action, ControllerModule, Controllers, findAction } from "./controllers";
import { Chain, filtersFor } from "./filters";

/** What a request for one controller action runs: the action (its params schema checked first) and the filters around it. */
export interface ActionPlan {
  run: Action;
  filters: Omit<Chain, "middleware"> | undefined;
  /** Whether the action has a params schema, which checks what the client sent (RequestContext.sentParams). */
  checksParams: boolean;
}

/**
 * The plan of `controller#action`, worked out at its first request and kept with the module, as
 * its filters and schemas are: a request then costs two lookups, not one per declaration. Only
 * actions that exist are kept, so a path naming any action (`:action`) cannot grow the cache.
 */
export function actionPlan(controllers: Controllers, controller: string, action: string): ActionPlan | { missing: "controller" | "action" } {
  const module = own(controllers, controller);
  if (!module || typeof module !== "object") return { missing: "controller" };
  let byAction = plans.get(module);
  if (!byAction) plans.set(module, (byAction = new Map()));
  const kept = byAction.get(action);
  if (kept) return kept;
  const found = findAction(controllers, controller, action);
  if ("missing" in found) return found;
  const schema = paramsSchemaFor(module, action);
  const plan = { run: schema ? checkedAction(found.action, schema) : found.action, filters: filtersFor(module, action), checksParams: schema !== undefined };
  byAction.set(action, plan);
  return plan;
}

const plans = new WeakMap<ControllerModule, Map<string, ActionPlan>>();

/**
 * An action whose params are checked against its schema first (after its before filters, which run
 * outside it). The schema checks what the client sent, the query and the body: the path's values
 * are the routing file's to constrain (requirements), so a strict schema (`additionalProperties:
 * false`, Zod's `.strict()`) need not list them.
 */
function checkedAction(action: Action, schema: Schema): Action {
  return async (context) => {
    const sent = (context instanceof RequestContext && context.sentParams) || context.params;
    const value = await validParams(schema, sent);
    // A Standard Schema's output (coerced, defaults applied) is what the action reads, the path's own values over it, as they are over what was sent.
    if (value !== sent && typeof value === "object" && value !== null) {
      context.params = context instanceof RequestContext ? ({ ...value, ...context.pathValues } as Params) : (value as Params);
    }
    return action(context);
  };
}
