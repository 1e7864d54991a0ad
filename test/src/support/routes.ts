import { draw, DrawSettings, MapperCallback } from "resource-routes";

/** Settings of behaviours A and B, whose mapper is Rails 2's `map`. */
type RailsTwoSettings = DrawSettings & { behaviour?: "A" | "B" };

/** Routes as compact lines: `name VERB /path controller#action`, unnamed routes as `-`. */
export function lines(settings: RailsTwoSettings, block: MapperCallback): string[] {
  return draw({ ...settings, warn: () => undefined }, block).routes.map(
    (r) => `${r.name ?? "-"} ${r.verb} ${r.path} ${r.controller ?? ":controller"}#${r.action ?? ":action"}`,
  );
}

/** Only the names that are held, in registration order. */
export function names(settings: RailsTwoSettings, block: MapperCallback): string[] {
  return draw({ ...settings, warn: () => undefined }, block).routes.flatMap((r) => (r.name ? [r.name] : []));
}
