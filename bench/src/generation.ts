import { draw } from "resource-routes";

import { ratio, time, times } from "./measure";

/**
 * Generation from options (`routes.generate({ controller, action, … })`, what assertGenerates and
 * url_for use) against the named helper of the same route, as the route set grows: the call looks
 * at its controller's and action's routes alone, so its cost should not grow with the others.
 */
export function generationFromOptions(): void {
  for (const resources of [100, 1_000, 10_000]) {
    const routes = draw({ behaviour: "B" }, (map) => {
      for (let i = 0; i < resources; i++) map.resources(`things${i}`);
    });
    const middle = `things${Math.floor(resources / 2)}`;
    const helper = (routes.helpers as unknown as Record<string, (id: number) => string>)[`${middle.replace(/s$/, "")}_path`];
    const calls = 10_000;
    const generate = time(() => {
      for (let i = 0; i < calls; i++) routes.generate({ controller: middle, action: "show", id: i });
    });
    const named = time(() => {
      for (let i = 0; i < calls; i++) helper(i);
    });
    console.log(
      `generation from options: ${routes.routes.length.toLocaleString("en-US")} routes, ${calls.toLocaleString("en-US")} calls: ` +
        `${((generate.seconds / calls) * 1e6).toFixed(2)} µs a call, ${ratio(generate, named)} the named helper's time`,
    );
  }
}

/**
 * Generation in behaviour C against B on the same declarations (100 resources, a member and a
 * collection action each): each route's named
 * helper with its values, and generation from options, in paired rounds (B, then C; the median
 * of seven ratios).
 */
export function generationAcrossBehaviours(): void {
  const count = 100;
  const b = draw({ behaviour: "B" }, (map) => {
    for (let i = 0; i < count; i++) map.resources(`t${i}_posts`, { member: { publish: "put" }, collection: { search: "get" } });
  });
  const c = draw({ behaviour: "C", warn: () => undefined }, (r) => {
    for (let i = 0; i < count; i++)
      r.resources(`t${i}_posts`, {}, () => {
        r.put("publish", { on: "member" });
        r.get("search", { on: "collection" });
      });
  });
  type Helpers = Record<string, (...values: unknown[]) => string>;
  const calls = (routes: typeof b) => {
    const helpers = routes.helpers as unknown as Helpers;
    return Array.from({ length: count }, (_, i) => {
      const [one, all] = [`t${i}_post`, `t${i}_posts`];
      return [helpers[`${all}_path`], helpers[`${one}_path`], helpers[`edit_${one}_path`], helpers[`publish_${one}_path`], helpers[`search_${all}_path`]];
    });
  };
  const byName = (helpers: Array<Array<(...values: unknown[]) => string>>) => () => {
    for (let round = 0; round < 20; round++)
      for (const [index, show, edit, publish, search] of helpers) {
        index();
        show(round);
        edit(round);
        publish(round);
        search();
      }
  };
  const fromOptions = (routes: typeof b) => () => {
    for (let i = 0; i < count; i++) {
      routes.generate({ controller: `t${i}_posts`, action: "show", id: i });
      routes.generate({ controller: `t${i}_posts`, action: "index" });
    }
  };
  for (const [what, inB, inC] of [
    ["named helpers (index, show, edit, a member and a collection action)", byName(calls(b)), byName(calls(c))],
    ["generation from options (show and index)", fromOptions(b), fromOptions(c)],
  ] as const) {
    const ratios = Array.from({ length: 7 }, () => time(inC).seconds / time(inB).seconds).sort((x, y) => x - y);
    console.log(`generation in behaviour C, ${what}: ${times(ratios[3], 1)} B's time on the same declarations (median of 7 paired rounds)`);
  }
}
