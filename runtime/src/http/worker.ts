/*
 * resource-routes/http for workers (the `workerd`, `worker` and `browser` export conditions): the
 * same names as the Node entry, with nothing that needs Node's file system or an `import()` of a
 * computed specifier, which workerd refuses to bundle.
 */
import type { AnyRouteSet } from "../routing/model/routeSet";
import type { Controllers, LoadOptions } from "./core/controllers";

export * from "./common";

/** A worker has no folder to load controllers from: this says so, and what to use instead. */
export async function loadControllers(_routes: AnyRouteSet, _dirOrOptions?: string | LoadOptions, _options?: LoadOptions): Promise<Controllers> {
  throw new Error(
    "loadControllers reads the controllers folder from the disk, which a worker does not have: import the map `npx resource-routes controllers` writes (controllers.generated.ts) and pass it to fetchHandler",
  );
}

/** A worker has no folder: no controller has a file. */
export function controllerFile(_folder: string, _name: string, _javascriptFirst?: boolean): string | undefined {
  return undefined;
}
