import { Declaration } from "../routing/model/declarations";
import { directHelpers } from "../routing/model/directHelpers";
import { polymorphicMappings } from "../routing/model/polymorphicMappings";
import type { TypedRouteSet } from "../routing/model/routeSet";
import { RouteSet, RouteSetOptions } from "../routing/model/routeSet";
import { DrawSettings } from "../routing/model/settings";
import { checkDrawSettings } from "../routing/model/settings";
import { OptionMap } from "../routing/model/values";
import { expandDeclarations } from "../routing/rules/expand";
import { Mapper, MapperCallback } from "./mapper";
import { ScopedMapper } from "./scopedMapper";

export type DrawOptions = DrawSettings & RouteSetOptions;

/**
 * Builds the route set of a routing file: `draw(callback)` or `draw(settings, callback)`.
 * Throws where the facility raises (behaviour A's `only` with `except`, a refused method or
 * requirement), as the original did when routes were loaded.
 */
export function draw<Typed extends TypedRouteSet<object> = RouteSet>(callback: MapperCallback): Typed;
export function draw<Typed extends TypedRouteSet<object> = RouteSet>(settings: DrawOptions & { behaviour: "C" }, callback: (r: ScopedMapper) => void): Typed;
export function draw<Typed extends TypedRouteSet<object> = RouteSet>(settings: DrawOptions & { behaviour?: "A" | "B" }, callback: MapperCallback): Typed;
export function draw(settingsOrCallback: DrawOptions | MapperCallback, maybeCallback?: MapperCallback | ((r: ScopedMapper) => void)): RouteSet {
  const [settings, callback] = typeof settingsOrCallback === "function" ? [{}, settingsOrCallback] : [settingsOrCallback, maybeCallback];
  if (typeof callback !== "function") throw new TypeError("draw() needs a callback that receives the mapper");
  const { warn, file = callerFile(), ...given } = settings;
  const { settings: drawSettings, problems } = checkDrawSettings(given as OptionMap);
  if (problems.length) throw new TypeError(`draw(): ${problems[0].message.replace(/; the default is used$/, "")}`);
  const body: Declaration[] = [];
  // Behaviour C's mapper is modern Rails' DSL; A and B's is Rails 2's `map`.
  if (drawSettings.behaviour === "C") (callback as (r: ScopedMapper) => void)(new ScopedMapper(body));
  else (callback as MapperCallback)(new Mapper(body));
  const table = expandDeclarations({ settings: drawSettings, body });
  if (table.error) throw table.error;
  return new RouteSet(table, drawSettings, { warn, file, directs: directHelpers(body, table.named), mappings: polymorphicMappings(body) });
}

/**
 * The file draw() was called from (its first stack frame outside draw), for a `controllers` folder
 * relative to it. Plain string work: the runtime imports no Node module, so it also runs in workers.
 */
function callerFile(): string | undefined {
  const holder: { stack?: string } = {};
  Error.captureStackTrace?.(holder, draw);
  const frame = holder.stack?.split("\n")[1] ?? "";
  const location = /(?:\(|at )((?:file:\/\/|\/|[A-Za-z]:[\\/])[^()]*?):\d+:\d+\)?\s*$/.exec(frame)?.[1];
  if (!location?.startsWith("file://")) return location;
  const url = new URL(location);
  const pathname = decodeURIComponent(url.pathname);
  return /^\/[A-Za-z]:\//.test(pathname) ? pathname.slice(1) : pathname;
}
