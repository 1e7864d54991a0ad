import { draw } from "resource-routes";

import { ratio, time } from "./measure";

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
