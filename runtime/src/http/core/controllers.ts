import { own } from "../../routing/model/records";
import type { ActionContext } from "./context";

/** A controller action: receives the context, returns what the response is made of (docs/serving.md). */
export type Action = (context: ActionContext) => unknown;

/**
 * A controller module as `import()` gives it: exported functions are actions; or, with a default
 * export, the default object's methods or the default class's methods (a fresh instance per request).
 */
export type ControllerModule = Record<string, unknown>;

/** Controller names (`posts`, `admin/posts`) to their modules. */
export type Controllers = Record<string, ControllerModule>;

/** What a route's controller and action resolve to. */
export type ActionLookup = { action: Action } | { missing: "controller" | "action" };

/**
 * The action `action` of controller `controller`: an own exported function, else a method of the
 * default export (object, or class instantiated per call). Members every object or class has
 * (`constructor`, `toString`) are never actions.
 */
export function findAction(controllers: Controllers, controller: string, action: string): ActionLookup {
  const module = own(controllers, controller);
  if (!module || typeof module !== "object") return { missing: "controller" };
  if (action === "constructor") return { missing: "action" };
  const exported = own(module, action);
  if (typeof exported === "function" && action !== "default") return { action: exported as Action };
  const fallback = defaultExport(module);
  if (typeof fallback === "function" && isClass(fallback)) {
    const method = ownMethod(fallback.prototype as object, action);
    if (method) return { action: (context) => method.call(new (fallback as new () => object)(), context) };
  } else if (fallback && typeof fallback === "object") {
    const method = own(fallback as Record<string, unknown>, action);
    if (typeof method === "function") return { action: (context) => method.call(fallback, context) };
  }
  return { missing: "action" };
}

/**
 * What a controller module declares under `name` beside its actions (`filters`, `schemas`):
 * `export const name`, else the default export's member (a class's static one, or an object's).
 */
export function declaredMember(module: ControllerModule, name: string): unknown {
  const exported = own(module, name);
  if (exported !== undefined) return exported;
  const fallback = own(module, "default") as Record<string, unknown> | undefined;
  return (typeof fallback === "object" || typeof fallback === "function") && fallback !== null ? fallback[name] : undefined;
}

/**
 * A module's default export. A TypeScript module compiled to CommonJS and loaded with `import()`
 * has its whole `exports` object as `default`, with the real default under it (`__esModule`).
 */
function defaultExport(module: ControllerModule): unknown {
  const value = own(module, "default");
  if (value && typeof value === "object" && own(value as Record<string, unknown>, "__esModule") === true)
    return own(value as Record<string, unknown>, "default");
  return value;
}

/** A method the class itself defines or inherits from a parent class (never from Object). */
function ownMethod(prototype: object, name: string): ((this: object, context: ActionContext) => unknown) | undefined {
  for (let p: object | null = prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(p, name);
    if (descriptor) return typeof descriptor.value === "function" ? descriptor.value : undefined;
  }
  return undefined;
}

function isClass(value: object): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}

/** Where loadControllers looks, how it imports, and how it reports the controllers its routes name that it found no module for. */
export interface LoadOptions {
  /** The controllers folder (default: the routing file's `controllers` setting, `./controllers` beside it). */
  dir?: string;
  /**
   * How a controller module is imported, given its `file:` URL (default: the library's own
   * `import()`, which is Node's loader). A test runner with its own loader passes its `import`
   * (vitest: `{ import: (url) => import(url) }`) so TypeScript controllers load as the tests do.
   */
  import?: (url: string) => Promise<unknown>;
  /** Throw instead of warning (a deployment check: every controller the routes name must load). */
  strict?: boolean;
  /** Where the warning goes (default console.warn). */
  warn?: (message: string) => void;
}
