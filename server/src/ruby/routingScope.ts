import { RubyHash, type RubyValue, textOf } from "./rubyValues";

/**
 * What Rails 6.1's mapper scope holds where a statement of a modern routes.rb stands, as far as
 * Devise's devise_for reads it (its `@scope[:path]`, `[:as]` and `[:module]`): followed through
 * `scope` and `namespace`, and through the blocks that change none of the three.
 */
export interface RoutingScope {
  /** The path of the blocks around, `/admin` or `/(:locale)`; "" at the top of the draw block. */
  readonly path: string;
  /** The name prefix (`admin`), where the blocks give one. */
  readonly as?: string;
  /** The controller module (`admin`), where the blocks give one. */
  readonly module?: string;
}

/** The draw block's own. */
export const TOP_SCOPE: RoutingScope = { path: "" };

/**
 * The mapper's blocks whose scope has the path, name prefix and module of the one around them
 * (Devise's blocks of routes keep it too; the reader reads them apart).
 */
const KEEPING = new Set(["constraints", "defaults", "controller", "shallow"]);

/** Ruby's `"/#{a}/#{b}".squeeze("/")`, as Rails and Devise join paths: `/admin/users` of "/admin" and "users". */
export function squeezedPath(...parts: string[]): string {
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/**
 * The scope inside the block of the mapper's `method` called with `args` (as the file writes them,
 * the options last) in `outer`; undefined where this version does not follow it: a resource's
 * block, a concern's, an option of the three that is not a name.
 */
export function innerScope(outer: RoutingScope | undefined, method: string, args: readonly RubyValue[]): RoutingScope | undefined {
  if (!outer) return undefined;
  if (KEEPING.has(method)) return outer;
  const last = args[args.length - 1];
  const options = last instanceof RubyHash ? last : new RubyHash([]);
  const positional = last instanceof RubyHash ? args.slice(0, -1) : args;
  if (method === "scope") {
    // Rails: a scope's path is its positional arguments joined, else its `path:` option.
    const path = positional.length ? joined(positional) : given(options, "path");
    return nested(outer, path, given(options, "as"), given(options, "module"));
  }
  if (method === "namespace") {
    // Rails' namespace: a path scope, then a scope of the module and name its name gives, unless its options give theirs.
    const name = positional.length === 1 ? textOf(positional[0]) : undefined;
    if (name === undefined) return undefined;
    return nested(outer, given(options, "path") ?? name, given(options, "as") ?? name, given(options, "module") ?? name);
  }
  return undefined;
}

/** An option that is absent (undefined), a name (its text), or something else (null: not followed). */
function given(options: RubyHash, key: string): string | undefined | null {
  const value = options.get(key);
  if (value === undefined) return undefined;
  return textOf(value) ?? null;
}

function joined(parts: readonly RubyValue[]): string | null {
  const texts = parts.map(textOf);
  return texts.every((text) => text !== undefined) ? texts.join("/") : null;
}

/** Rails' merge of each of the three into the scope around. */
function nested(
  outer: RoutingScope,
  path: string | undefined | null,
  as: string | undefined | null,
  module: string | undefined | null,
): RoutingScope | undefined {
  if (path === null || as === null || module === null) return undefined;
  return {
    path: path === undefined ? outer.path : squeezedPath(outer.path, path).replace(/\/$/, ""),
    ...(as !== undefined || outer.as !== undefined ? { as: as === undefined ? outer.as : outer.as ? `${outer.as}_${as}` : as } : {}),
    ...(module !== undefined || outer.module !== undefined
      ? { module: module === undefined ? outer.module : outer.module ? `${outer.module}/${module}` : module }
      : {}),
  };
}
