import { underscore } from "../../text/activeSupportText";
import { directPath } from "../model/directHelpers";
import { RoutingError } from "../model/errors";
import { type PolymorphicMapping, type PolymorphicRecord, ResolveCode } from "../model/polymorphicMappings";
import { isPlainRecord } from "../model/records";

/*
 * Polymorphic URLs as Rails 6.1 makes them (ActionDispatch::Routing::PolymorphicRoutes): the
 * helper a record's model names (`post_path(post)`, `posts_path` for a new one), a list's route
 * (`[:admin, post]`: `admin_post_path(post)`), or the model's polymorphic mapping (`resolve`).
 */

/** What polymorphic URLs are made with: the route set's helpers, its mappings and words. */
export interface PolymorphicContext {
  /** The route set's helpers by name (`post_path`, `post_url`, the custom ones). */
  readonly helpers: Readonly<Record<string, unknown>>;
  readonly mappings: ReadonlyMap<string, PolymorphicMapping>;
  readonly inflector: { pluralize(word: string): string; singularize(word: string): string };
  /** url_for of options: the URL of the route they name. */
  optionsUrl(options: Readonly<Record<string, unknown>>): string;
}

/** A polymorphic URL (`type` "url") or path of `target` with `options` (`action: "edit"` or "new" for Rails' edit_ and new_polymorphic_path; the rest the helper's). */
export function polymorphicUrl(target: unknown, options: Readonly<Record<string, unknown>>, type: "url" | "path", context: PolymorphicContext): string {
  if (isOptions(target)) {
    // Rails: the options' id is the record, the rest options.
    const { id, ...rest } = { ...target, ...options };
    return polymorphicUrl(id, rest, type, context);
  }
  const mapping = isRecord(target) ? context.mappings.get(target.model_name) : undefined;
  if (mapping) {
    const url = fullUrl(mappedTarget(mapping, target as PolymorphicRecord, options), context);
    return type === "path" ? directPath(url) : url;
  }
  // Rails: `action` names the helper's prefix; `routing_type` (url only) its suffix; the rest is the helper's.
  const { action, ...rest }: Record<string, unknown> = options;
  let suffix = type as string;
  if (type === "url" && "routing_type" in rest) {
    suffix = String(rest.routing_type ?? "url");
    delete rest.routing_type;
  }
  const [name, args] = helperCall(target, action === undefined || action === null ? "" : String(action), suffix, context);
  const helper = context.helpers[name];
  if (typeof helper !== "function")
    throw new RoutingError(`polymorphic URL: no helper ${name} (no route holds the name ${name.replace(/_(?:url|path)$/, "")})`);
  return (helper as (...values: unknown[]) => string)(...args, ...(Object.keys(rest).length ? [rest] : []));
}

/** The URL Rails' full_url_for makes of what a mapping answers: a URL as it is, a list or record's polymorphic URL, options' route. */
function fullUrl(target: unknown, context: PolymorphicContext): string {
  if (typeof target === "string") return target;
  if (Array.isArray(target)) {
    const list = [...(target as unknown[])];
    const options = list.length && isOptions(list[list.length - 1]) ? (list.pop() as Record<string, unknown>) : {};
    return polymorphicUrl(list, options, "url", context);
  }
  if (isOptions(target)) return context.optionsUrl(target);
  return polymorphicUrl(target, {}, "url", context);
}

function mappedTarget(mapping: PolymorphicMapping, record: PolymorphicRecord, options: Readonly<Record<string, unknown>>): unknown {
  const { target } = mapping;
  return target instanceof ResolveCode ? target.target(record, { ...mapping.defaults, ...options }) : target;
}

/** The helper's name and its positional values, by Rails' HelperMethodBuilder. */
function helperCall(target: unknown, action: string, suffix: string, context: PolymorphicContext): [string, unknown[]] {
  const prefix = action ? `${action}_` : "";
  // A model's route: its plural one (new: its singular one, as `new_post`).
  const modelKey = (record: PolymorphicRecord) =>
    action === "new" ? routeKeys(record.model_name, context).singular : routeKeys(record.model_name, context).plural;
  if (typeof target === "string") return [`${prefix}${target}_${suffix}`, []];
  if (Array.isArray(target)) {
    const list = (target as unknown[]).filter((item) => item !== null && item !== undefined);
    if (!list.length) throw nilLocation();
    const args: unknown[] = [];
    const parts = list.map((item, i) => {
      if (typeof item === "string") return item;
      const record = asRecord(item);
      const last = i === list.length - 1;
      if (!last || persisted(record)) {
        args.push(paramOf(record));
        return routeKeys(record.model_name, context).singular;
      }
      return modelKey(record);
    });
    return [`${prefix}${parts.join("_")}_${suffix}`, args];
  }
  if (target === null || target === undefined) throw nilLocation();
  const record = asRecord(target);
  return persisted(record)
    ? [`${prefix}${routeKeys(record.model_name, context).singular}_${suffix}`, [paramOf(record)]]
    : [`${prefix}${modelKey(record)}_${suffix}`, []];
}

/** The value a record gives its route's `:id`: its to_param(), else its id (none for a new record: the helper then says which key is missing). */
function paramOf(record: PolymorphicRecord): unknown {
  return typeof record.to_param === "function" ? record.to_param() : record.id;
}

/**
 * ActiveModel::Name's route keys of a class name: `Admin::User` is `admin_user` and `admin_users`;
 * a name whose plural is itself takes `_index` in the plural one (`sheep_index`).
 */
function routeKeys(modelName: string, context: PolymorphicContext): { singular: string; plural: string } {
  const singular = underscore(modelName).replace(/\//g, "_");
  const plural = context.inflector.pluralize(singular);
  return { singular: context.inflector.singularize(plural), plural: plural === singular ? `${plural}_index` : plural };
}

/** Saved: `persisted` where the record says, else an id. */
function persisted(record: PolymorphicRecord): boolean {
  if (typeof record.persisted === "boolean") return record.persisted;
  return record.id !== undefined && record.id !== null;
}

function isRecord(value: unknown): value is PolymorphicRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { model_name?: unknown }).model_name === "string";
}

/** url_for's options: a map of values that is not a record. */
function isOptions(value: unknown): value is Record<string, unknown> {
  return isPlainRecord(value) && !isRecord(value);
}

function asRecord(value: unknown): PolymorphicRecord {
  if (isRecord(value)) return value;
  throw new TypeError(`polymorphic URL: ${describe(value)} is not a record (a record names its model's class with model_name, such as "Post")`);
}

function describe(value: unknown): string {
  return typeof value === "object" && value !== null ? (value.constructor?.name ?? "an object") : JSON.stringify(value);
}

function nilLocation(): RoutingError {
  return new RoutingError("Nil location provided. Can't build URI.");
}
