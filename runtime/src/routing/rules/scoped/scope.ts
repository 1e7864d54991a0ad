import type { ApplicationConstraint } from "../../model/applicationConstraints";
import { record } from "../../model/records";
import { OptionMap, OptionValue } from "../../model/values";
import type { ScopedResource } from "./scopedResource";

/*
 * Behaviour C's scope stack, as Rails 6.1's `Mapper::Scope` keeps it: each call that opens a block
 * pushes a frame of the keys it sets, a key is looked up from the innermost frame out, and a frame
 * may set a key to nothing (a shallow member resets `as` and `path`). A new level (resources,
 * member, nested, …) shares its parent's frame, as Rails' `new_level` does, so counting frames
 * that hold a resource counts them once per level, as Rails counts them.
 */

/** Where in a resource the declarations being expanded stand (Rails' scope_level). */
export type ScopeLevel = "resources" | "resource" | "collection" | "member" | "new" | "nested" | "root" | undefined;

/** A frame's keys: Rails' `Scope::OPTIONS`, a resource, and the action restriction a scope gives. */
export interface ScopeFrame {
  path?: string | null;
  shallow_path?: string | null;
  as?: string | null;
  shallow_prefix?: string | null;
  module?: string | null;
  controller?: string | null;
  action?: string | null;
  path_names?: Record<string, string>;
  constraints?: OptionMap;
  /** Constraints of the application's code, outermost first (Rails' scope[:blocks]). */
  blocks?: readonly ApplicationConstraint[];
  shallow?: boolean;
  defaults?: OptionMap;
  via?: OptionValue;
  format?: OptionValue;
  options?: OptionMap;
  to?: string | null;
  resource?: ScopedResource;
  action_options?: OptionMap;
}

export class Scope {
  constructor(
    readonly frame: ScopeFrame,
    readonly parent: Scope | undefined,
    readonly level: ScopeLevel,
  ) {}

  /** The innermost value of a key some frame sets (nothing when a frame sets it to null). */
  get<K extends keyof ScopeFrame>(key: K): ScopeFrame[K] | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (Object.prototype.hasOwnProperty.call(scope.frame, key)) return scope.frame[key] ?? undefined;
    }
    return undefined;
  }

  /** A frame of its own, at this level. */
  with(frame: ScopeFrame): Scope {
    return new Scope(frame, this, this.level);
  }

  /** A new level, sharing this frame. */
  at(level: ScopeLevel): Scope {
    return new Scope(this.frame, this, level);
  }

  /** The resource the declarations stand in, if any. */
  get resource(): ScopedResource | undefined {
    return this.get("resource");
  }

  /** Directly in a resource's block (resources or resource). */
  get inResource(): boolean {
    return this.level === "resources" || this.level === "resource";
  }

  /** Directly in a nested resource's or route's scope. */
  get nested(): boolean {
    return this.level === "nested";
  }

  /** In a member, collection or new block: where the canonical actions map to the resource's own paths. */
  get inResourceMethod(): boolean {
    return this.level === "collection" || this.level === "member" || this.level === "new";
  }

  /** How many levels hold a shallow resource (Rails' shallow_nesting_depth). */
  get shallowDepth(): number {
    let depth = 0;
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (Object.prototype.hasOwnProperty.call(scope.frame, "resource") && scope.frame.resource?.shallow) depth++;
    }
    return depth;
  }
}

/** The scope of a routing file's top level: the route set's path names. */
export function rootScope(pathNames: Record<string, string>): Scope {
  return new Scope({ path_names: Object.assign(record<string>(), pathNames) }, undefined, undefined);
}

/**
 * A path as Rails' router writes one (Journey's normalize_path): one leading slash, no doubled or
 * trailing slashes, percent escapes in upper case, and the slash before an optional group moved
 * inside it (`/(/:locale)` is written `(/:locale)`).
 */
export function normalizedPath(path: string): string {
  let result = `/${path}`.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  result = result.replace(/%[a-f0-9]{2}/g, (escape) => escape.toUpperCase());
  if (result === "") result = "/";
  result = result.replace(/\/(\(+)\/?/g, "$1/");
  if (/^(\(+[^)]+\))(\(+\/:[^)]+\))*$/.test(result)) result = result.replace(/^(\(+)\//, "/$1");
  return result;
}

/** A name from a path (`about-us/team` → `about_us_team`): Rails' normalize_name. */
export function normalizedName(name: string): string {
  return normalizedPath(name).slice(1).replace(/\//g, "_");
}

/** Rails' merge_path_scope: the child's path under the parent's. */
export function mergedPath(parent: string | null | undefined, child: string): string {
  return normalizedPath(`${parent ?? ""}/${child}`);
}

/** Rails' merge of `as` and `shallow_prefix`: joined by `_`. */
export function mergedPrefix(parent: string | null | undefined, child: string | null): string | null {
  return parent ? `${parent}_${child ?? ""}` : child;
}

/** Rails' merge of `module`: joined by `/`. */
export function mergedModule(parent: string | null | undefined, child: string | null): string | null {
  return parent ? `${parent}/${child ?? ""}` : child;
}

/** Rails' merge of option maps (constraints, defaults, path names, options): the child's keys over the parent's. */
export function mergedMap<T extends OptionValue>(parent: Record<string, T> | undefined, child: Record<string, T>): Record<string, T> {
  return Object.assign(record<T>(), parent, child);
}
