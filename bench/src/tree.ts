import { routesTree, RoutesTreeGrouping } from "../../server/out/service/routesTree";
import { RoutingWorkspace } from "../../server/out/service/workspace";
import { generatedRoutingFile } from "./workloads";

/**
 * The Routes view's request on the 100,000-route workspace, right after an edit of the routing
 * file (as the view refreshes after one): the first level, then one expansion (a routing file's
 * declarations, a controller's actions, a path's routes), per grouping; p95 of 21 rounds, each
 * beside the edit's own re-analysis in the same round.
 */
export function routesTreeBenchmark(): void {
  const text = generatedRoutingFile(20_000);
  const uri = "file:///app/config/routes.ts";
  const workspace = new RoutingWorkspace();
  workspace.set({ uri, version: 0, text });
  const routes = workspace.routingFile(uri)!.routes.routes.length;
  const at = text.indexOf("member", text.length / 2) + "member".length;
  const versions = [text.slice(0, at) + "x" + text.slice(at), text];
  let version = 1;
  const p95 = (samples: number[]) => samples.sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];
  const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
  for (const groupBy of ["file", "controller", "path"] as RoutesTreeGrouping[]) {
    const edits: number[] = [];
    const first: number[] = [];
    const expand: number[] = [];
    for (let round = 0; round < 23; round++) {
      let start = process.hrtime.bigint();
      workspace.set({ uri, version, text: versions[version++ % 2] });
      workspace.routingFile(uri);
      const edit = ms(start);
      start = process.hrtime.bigint();
      const level = routesTree(workspace, { groupBy });
      const top = ms(start);
      start = process.hrtime.bigint();
      routesTree(workspace, { groupBy, parent: level.items[0].id });
      const expanded = ms(start);
      if (round < 2) continue; // warm-up
      edits.push(edit);
      first.push(top);
      expand.push(expanded);
    }
    const editP95 = p95(edits);
    console.log(
      `routes tree by ${groupBy} (${routes.toLocaleString("en-US")} routes, right after an edit), p95 of 21: first level ${p95(first).toFixed(1)} ms, ` +
        `one expansion ${p95(expand).toFixed(1)} ms; ${(p95(first) / editP95).toFixed(2)}× and ${(p95(expand) / editP95).toFixed(2)}× the edit's re-analysis (${editP95.toFixed(1)} ms)`,
    );
  }
}
