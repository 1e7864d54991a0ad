import type { ActionContext } from "./context";
import { ControllerModule, declaredMember } from "./controllers";

/**
 * Controller filters, Rails 2 style: `before`, `after` and `around`, each a function or
 * `{ run, only, except }` with action names. A controller declares them as `export const filters`
 * or, with a default export, as its `filters` member (a class's static one):
 *
 *     export const filters: Filters = { before: [{ run: requireLogin, except: ["index", "show"] }] };
 */
export interface Filters<Context extends ActionContext = ActionContext> {
  /** Run before the action; one that returns a value (or calls respond/redirect) stops the request there, the value its answer. */
  before?: Array<Filter<BeforeFilter<Context>>>;
  /** Run after the action, in order; what they return is ignored. */
  after?: Array<Filter<AfterFilter<Context>>>;
  /** Wrap the before filters, the action and the after filters: `next()` runs them and gives what they answered. */
  around?: Array<Filter<AroundFilter<Context>>>;
}

export type BeforeFilter<Context extends ActionContext = ActionContext> = (context: Context) => unknown;
export type AfterFilter<Context extends ActionContext = ActionContext> = (context: Context, result: unknown) => unknown;
export type AroundFilter<Context extends ActionContext = ActionContext> = (context: Context, next: () => Promise<unknown>) => unknown;

/** A filter for every action, or for some: `only` those actions, or all `except` them. */
export type Filter<F> = F | { run: F; only?: readonly string[]; except?: readonly string[] };

/**
 * Adapter-level middleware: runs after recognition, for every route, outside the controllers'
 * filters. It sees `context.route` (name, controller, action, verb, path) and `context.params`;
 * `next()` runs the rest and gives what it answered; returning a value without calling `next()`
 * answers with it instead.
 */
export type Middleware = (context: ActionContext, next: () => Promise<unknown>) => unknown;

/** What runs around one action: the adapter's middleware and the controller's filters for it. */
export interface Chain {
  middleware: readonly Middleware[];
  around: AroundFilter[];
  before: BeforeFilter[];
  after: AfterFilter[];
}

/**
 * A controller module's filters for `action`, or undefined when none applies to it (the usual
 * case: the action runs without the chain). Worked out once per module and action: the action is
 * one the module defines, so the memo is bounded by the module's own actions.
 */
export function filtersFor(module: ControllerModule, action: string): Omit<Chain, "middleware"> | undefined {
  let compiled = known.get(module);
  if (compiled === undefined) {
    const declared = declaredFilters(module);
    known.set(module, (compiled = declared && { declared, byAction: new Map() }));
  }
  if (compiled === null) return undefined;
  let chain = compiled.byAction.get(action);
  if (chain === undefined) compiled.byAction.set(action, (chain = filtersOf(compiled.declared, action)));
  return chain ?? undefined;
}

const known = new WeakMap<ControllerModule, { declared: Filters; byAction: Map<string, Omit<Chain, "middleware"> | null> } | null>();

/** The filters of `declared` that apply to `action`; null when none does. */
function filtersOf(declared: Filters, action: string): Omit<Chain, "middleware"> | null {
  const pick = <F>(list: Array<Filter<F>> | undefined): F[] =>
    (list ?? []).flatMap((filter): F[] => {
      if (typeof filter === "function") return [filter];
      const spec = filter as { run?: F; only?: readonly string[]; except?: readonly string[] } | null;
      if (!spec || typeof spec.run !== "function") return [];
      if (spec.only && !spec.only.includes(action)) return [];
      if (spec.except && spec.except.includes(action)) return [];
      return [spec.run];
    });
  const chain = { around: pick(declared.around), before: pick(declared.before), after: pick(declared.after) };
  return chain.around.length || chain.before.length || chain.after.length ? chain : null;
}

/** `export const filters`, else the default export's `filters` (a class's static member, or an object's); null when none. */
function declaredFilters(module: ControllerModule): Filters | null {
  const declared = declaredMember(module, "filters");
  if (typeof declared !== "object" || declared === null) return null;
  const filters = declared as Filters;
  return filters.before?.length || filters.after?.length || filters.around?.length ? filters : null;
}

/**
 * Runs `action` with the chain around it: middleware outermost (in order), then around filters,
 * then before filters (the first that answers stops the rest and the action), the action, and the
 * after filters. Gives what the request is answered with (an action's value).
 */
export async function runChain(chain: Chain, context: ActionContext & { answered?: unknown }, action: (context: ActionContext) => unknown): Promise<unknown> {
  const core = async (): Promise<unknown> => {
    for (const filter of chain.before) {
      const value = await filter(context);
      if (value !== undefined || context.answered !== undefined) return value;
    }
    const result = await action(context);
    for (const filter of chain.after) await filter(context, result);
    return result;
  };
  const layers: Array<(context: ActionContext, next: () => Promise<unknown>) => unknown> = [...chain.middleware, ...chain.around];
  const at = (i: number): Promise<unknown> => (i === layers.length ? core() : Promise.resolve(layers[i](context, () => at(i + 1))));
  return at(0);
}
