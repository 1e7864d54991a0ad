import * as fs from "fs";
import * as path from "path";
import { pathToFileURL } from "url";

import { CONTROLLER_EXTENSIONS, isSafeControllerName } from "../../routing/model/controllerFiles";
import type { AnyRouteSet } from "../../routing/model/routeSet";
import type { ControllerModule, Controllers, LoadOptions } from "../core/controllers";

/*
 * Loading controllers from the disk: the one part of resource-routes/http that needs Node's
 * file system and a loader, behind its own module so that a worker's entry (./worker.ts) leaves it out.
 */

/**
 * Imports the controller of every route of `routes` from `dir` or `options.dir` (default: the
 * routing file's `controllers` setting, `./controllers` beside it). Controllers with no module are reported at
 * once, in one warning that lists them (or an error with `strict`), never first at request time;
 * their routes answer 404 `uninitialized controller`. A bundle has no controllers folder: give it
 * the map `resource-routes controllers` writes instead (docs: Serving, bundlers).
 */
export async function loadControllers(routes: AnyRouteSet, dirOrOptions?: string | LoadOptions, moreOptions: LoadOptions = {}): Promise<Controllers> {
  const options = typeof dirOrOptions === "object" && dirOrOptions !== null ? dirOrOptions : moreOptions;
  const folder = (typeof dirOrOptions === "string" ? dirOrOptions : options.dir) ?? controllersFolder(routes);
  const load = options.import ?? ((url: string) => import(url));
  const controllers: Controllers = Object.create(null) as Controllers;
  const names = new Set(routes.routes.map((route) => route.controller).filter((name): name is string => name !== null));
  // An application running compiled JavaScript may have the TypeScript sources beside it: it loads the JavaScript.
  const javascriptFirst = !routes.file || /\.[cm]?jsx?$/.test(routes.file);
  const missing: string[] = [];
  for (const name of names) {
    const file = controllerFile(folder, name, javascriptFirst);
    if (file) controllers[name] = (await load(pathToFileURL(file).href)) as ControllerModule;
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
function controllersFolder(routes: AnyRouteSet): string {
  const setting = routes.settings.controllers ?? "./controllers";
  if (path.isAbsolute(setting)) return setting;
  if (!routes.file)
    throw new Error(
      "loadControllers(routes) needs the controllers folder: draw() could not tell which file it was called from; pass it as loadControllers(routes, dir)",
    );
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
