import * as fs from "fs";
import * as path from "path";
import { pathToFileURL } from "url";
import { CONTROLLER_EXTENSIONS, isSafeControllerName } from "../routing/controllerFiles";
import type { AnyRouteSet } from "../routing/typedRoutes";
import { own } from "../routing/values";
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

/** How loadControllers reports the controllers its routes name that it found no module for. */
export interface LoadOptions {
  /** Throw instead of warning (a deployment check: every controller the routes name must load). */
  strict?: boolean;
  /** Where the warning goes (default console.warn). */
  warn?: (message: string) => void;
}

/**
 * Imports the controller of every route of `routes` from `dir` (default: the routing file's
 * `controllers` setting, `./controllers` beside it). Controllers with no module are reported at
 * once, in one warning that lists them (or an error with `strict`), never first at request time;
 * their routes answer 404 `uninitialized controller`. A bundle has no controllers folder: give it
 * the map `resource-routes controllers` writes instead (docs: Serving, bundlers).
 */
export async function loadControllers(routes: AnyRouteSet, dir?: string, options: LoadOptions = {}): Promise<Controllers> {
  const folder = dir ?? controllersFolder(routes);
  const controllers: Controllers = Object.create(null) as Controllers;
  const names = new Set(routes.routes.map((route) => route.controller).filter((name): name is string => name !== null));
  // An application running compiled JavaScript may have the TypeScript sources beside it: it loads the JavaScript.
  const javascriptFirst = !routes.file || /\.[cm]?jsx?$/.test(routes.file);
  const missing: string[] = [];
  for (const name of names) {
    const file = controllerFile(folder, name, javascriptFirst);
    if (file) controllers[name] = (await import(pathToFileURL(file).href)) as ControllerModule;
    else missing.push(name);
  }
  if (missing.length) {
    const message = `resource-routes: no module for ${missing.length === 1 ? "controller" : "controllers"} ${missing.join(", ")} in ${folder}; ${missing.length === 1 ? "its" : "their"} routes answer 404`;
    if (options.strict) throw new Error(message);
    (options.warn ?? console.warn)(message);
  }
  return controllers;
}

/** Where a route set's controllers live: its `controllers` setting resolved against the routing file. */
export function controllersFolder(routes: AnyRouteSet): string {
  const setting = routes.settings.controllers ?? "./controllers";
  if (path.isAbsolute(setting)) return setting;
  if (!routes.file) throw new Error("loadControllers(routes) needs the controllers folder: draw() could not tell which file it was called from; pass it as loadControllers(routes, dir)");
  return path.resolve(path.dirname(routes.file), setting);
}

/**
 * The module file of controller `name` in `folder` (`admin/posts` → `admin/posts.ts` or
 * `admin/posts/index.ts`), trying JavaScript extensions first when `javascriptFirst`.
 */
export function controllerFile(folder: string, name: string, javascriptFirst = false): string | undefined {
  // A controller name comes from the routing file or a `:controller` segment: it never leaves the folder.
  if (!isSafeControllerName(name)) return undefined;
  for (const base of [path.join(folder, name), path.join(folder, name, "index")]) {
    for (const extension of javascriptFirst ? JAVASCRIPT_FIRST : CONTROLLER_EXTENSIONS) {
      const file = base + extension;
      if (isFile(file)) return file;
    }
  }
  return undefined;
}

const JAVASCRIPT_FIRST = [...CONTROLLER_EXTENSIONS].sort((a, b) => Number(a.includes("t")) - Number(b.includes("t")));

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A module's default export. A TypeScript module compiled to CommonJS and loaded with `import()`
 * has its whole `exports` object as `default`, with the real default under it (`__esModule`).
 */
function defaultExport(module: ControllerModule): unknown {
  const value = own(module, "default");
  if (value && typeof value === "object" && own(value as Record<string, unknown>, "__esModule") === true) return own(value as Record<string, unknown>, "default");
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

function isClass(value: Function): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}
