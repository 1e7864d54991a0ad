import { ApplicationCode } from "./applicationCode";
import type { Declaration } from "./declarations";
import { urlForOptions } from "./directHelpers";
import { refused } from "./errors";
import { isOptionMap, type OptionValue } from "./values";

/*
 * Behaviour C's polymorphic mappings (Rails' `resolve "Basket" do [:basket] end`): where a
 * polymorphic URL of a model's record goes (RouteSet.polymorphicPath), in place of the route its
 * model's name gives. Rails runs the block at each call and makes a URL of its answer as url_for
 * does; an answer written as a value is what such a block returns, and what the DSL and the
 * analyser take; a block that computes from the record or the options is a function of the
 * application's.
 */

/**
 * A record as polymorphic URLs read it (Rails' ActiveModel): `model_name`, its model's class name
 * (`"Post"`, `"Admin::User"`); its `id` or `to_param()`, the value its route's `:id` takes; saved
 * where `persisted` is true or, without one, where it has an id.
 */
export interface PolymorphicRecord {
  readonly model_name: string;
  readonly id?: unknown;
  readonly persisted?: boolean;
  to_param?(): unknown;
}

/** url_for's options: a route's values and the URL's (`{ controller: "pages", action: "show", anchor: "top" }`). */
export type PolymorphicOptions = Readonly<Record<string, unknown>>;

/** One item of a polymorphic list: a part of a route's name (Rails' symbol, `"admin"`), a record, or (last) the options. */
export type PolymorphicItem = string | PolymorphicRecord | PolymorphicOptions | null | undefined;

/**
 * What a polymorphic URL is made of, as Rails' url_for takes it: a record; a list of a route
 * name's parts and records (`["admin", post]`: `admin_post`), its last item maybe the options; a
 * URL or a path, as it is; url_for's options.
 */
export type PolymorphicTarget = PolymorphicRecord | readonly PolymorphicItem[] | string | PolymorphicOptions;

/** Rails' `resolve("Basket") { |basket, options| … }` that computes: told the record and the options (the mapping's defaults under the call's), it answers the target. */
export type ResolveFunction = (record: never, options: Record<string, unknown>) => PolymorphicTarget;

/** A polymorphic mapping's function, as an option value (see ApplicationCode): run at each polymorphic URL of its model's records. */
export class ResolveCode extends ApplicationCode<ResolveFunction> {
  target(record: PolymorphicRecord, options: Record<string, unknown>): PolymorphicTarget {
    const answer: unknown = (this.runnable() as (record: unknown, options: unknown) => unknown)(record, options);
    if (answer === null || answer === undefined || typeof answer === "number" || typeof answer === "boolean") {
      throw new TypeError(
        `a resolve function answers a record, a list, a URL or path, or the options of url_for, not ${answer === null ? "null" : typeof answer}`,
      );
    }
    return answer as PolymorphicTarget;
  }
}

/** A mapping's target as written: a list of a route name's parts (`["basket"]`), a URL or path, url_for's options; or the application's function. */
export type ResolveTarget = readonly string[] | string | Readonly<Record<string, string | number | boolean>> | ResolveCode;

export interface PolymorphicMapping {
  /** The model's class name the mapping is for (`"Basket"`). */
  readonly model: string;
  readonly target: ResolveTarget;
  /** Options the function is given under the call's own (Rails' `resolve("Basket", anchor: "items")`). */
  readonly defaults: Readonly<Record<string, string | number | boolean>>;
}

/** A resolve declaration's mappings, checked: a refusal where Rails could not make a URL of its target, or where this version does not read it. */
export function resolveMappings(declaration: Declaration): PolymorphicMapping[] {
  const { names, options } = declaration;
  if (!names.length || names.some((name) => name === "")) throw refused('resolve needs a model\'s class name, such as "Basket"');
  const { to, ...defaults } = options;
  for (const key of Object.keys(defaults)) {
    const value = defaults[key];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw refused(`resolve ${JSON.stringify(names[0])}: the option ${key} must be a string, a number or true/false`);
    }
  }
  const target = resolveTarget(names[0], to);
  return names.map((model) => ({ model, target, defaults: defaults as Record<string, string | number | boolean> }));
}

function resolveTarget(model: string, to: OptionValue | undefined): ResolveTarget {
  if (to instanceof ResolveCode || typeof to === "string") return to;
  if (Array.isArray(to)) {
    if (to.length && to.every((part) => typeof part === "string" && part !== "")) return to as string[];
    throw refused(
      `resolve ${JSON.stringify(model)}: a list target names a route by its parts, each a non-empty string ("basket"); a record or the options need a function`,
    );
  }
  if (to !== undefined && isOptionMap(to) && Object.keys(to).length) return urlForOptions(to, `resolve ${JSON.stringify(model)}`);
  throw refused(
    `resolve ${JSON.stringify(model)} needs its target: a list of a route name's parts, a URL or path, the options of url_for, or a function that answers one`,
  );
}

/** The polymorphic mappings of a routing file: its top-level `resolve` declarations, by model (a later one for a model wins, as Rails replaces it). */
export function polymorphicMappings(body: readonly Declaration[]): ReadonlyMap<string, PolymorphicMapping> {
  const mappings = new Map<string, PolymorphicMapping>();
  for (const declaration of body) {
    if (declaration.kind !== "resolve") continue;
    try {
      for (const mapping of resolveMappings(declaration)) mappings.set(mapping.model, mapping);
    } catch {
      // Refused where it was expanded, with its message.
    }
  }
  return mappings;
}
