import { refused } from "../../model/errors";
import { asText, OptionMap, toList } from "../../model/values";
import { Inflector } from "../inflector";

/*
 * A resource of behaviour C (Rails 6.1's Resource and SingletonResource): its names, paths,
 * controller, parameter and the actions it draws.
 */

/** The actions a resource draws by default, in Rails' lists. */
const PLURAL_ACTIONS = ["index", "create", "new", "show", "update", "destroy", "edit"];
const SINGULAR_ACTIONS = ["show", "create", "update", "destroy", "new", "edit"];
/** An API application's (Rails' api_only): no forms, so no `new` and `edit`. */
const withoutForms = (actions: readonly string[]) => actions.filter((action) => action !== "new" && action !== "edit");
const PLURAL_API_ACTIONS = withoutForms(PLURAL_ACTIONS);
const SINGULAR_API_ACTIONS = withoutForms(SINGULAR_ACTIONS);

export class ScopedResource {
  readonly path: string;
  readonly controller: string;
  readonly param: string;
  /** The name its helpers build on: `as`, else the declared name. */
  readonly plural: string;
  readonly singular: string;
  readonly actions: readonly string[];

  constructor(
    entity: string,
    readonly singleton: boolean,
    /** The shallow setting of the scope it was declared in. */
    readonly shallow: boolean,
    options: OptionMap,
    inflector: Inflector,
    apiOnly = false,
  ) {
    const param = options.param === undefined || options.param === null ? "id" : asText(options.param);
    if (param.includes(":")) throw refused(":param option can't contain colons");
    const as = options.as === undefined || options.as === null ? undefined : asText(options.as);
    const name = as ?? entity;
    this.path = options.path === undefined || options.path === null ? entity : asText(options.path);
    this.param = param;
    // A singleton's plural and controller come from its declared name, not `as`: Rails 6.1's
    // SingletonResource computes (and keeps) its plural before it reads `as`.
    this.plural = singleton ? inflector.pluralize(entity) : name;
    this.singular = singleton ? name : inflector.singularize(name);
    const controller = options.controller;
    this.controller = controller === undefined || controller === null ? (singleton ? this.plural : entity) : asText(controller);
    const only = options.only;
    const except = options.except;
    const defaults = singleton ? (apiOnly ? SINGULAR_API_ACTIONS : SINGULAR_ACTIONS) : apiOnly ? PLURAL_API_ACTIONS : PLURAL_ACTIONS;
    const available = only !== undefined && only !== null && only !== false ? toList(only).map(asText) : defaults;
    const excluded = except !== undefined && except !== null && except !== false ? new Set(toList(except).map(asText)) : undefined;
    this.actions = excluded ? available.filter((action) => !excluded.has(action)) : available;
  }

  /** The name of its collection routes: the plural, or `<plural>_index` where singular and plural are one word. */
  get collectionName(): string {
    if (this.singleton) return this.singular;
    return this.singular === this.plural ? `${this.plural}_index` : this.plural;
  }

  get memberName(): string {
    return this.singular;
  }

  /** The path of its collection routes (relative to the scope). */
  get collectionScope(): string {
    return this.path;
  }

  /** The path of its member routes: the resource's own path for a singleton. */
  get memberScope(): string {
    return this.singleton ? this.path : `${this.path}/:${this.param}`;
  }

  newScope(newPath: string): string {
    return `${this.path}/${newPath}`;
  }

  /** The key of its member in nested resources' paths (`post_id`). */
  get nestedParam(): string {
    return `${this.singular}_${this.param}`;
  }

  get nestedScope(): string {
    return this.singleton ? this.path : `${this.path}/:${this.nestedParam}`;
  }

  has(action: string): boolean {
    return this.actions.includes(action);
  }
}
