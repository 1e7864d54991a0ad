import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { fetchHandler } from "resource-routes/http";

import { times } from "./measure";

/**
 * Recording coverage (`recordRoutes`, RESOURCE_ROUTES_COVERAGE) against not recording, in the
 * worst case for the recorder: every request meets a route for the first time. The cost should
 * stay a constant factor as the routes grow (each new route one appended line).
 */
export async function coverageRecording(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-coverage-"));
  try {
    for (const count of [1_000, 2_000, 4_000, 8_000]) {
      const routes = draw({ behaviour: "B" }, (map) => {
        for (let i = 0; i < count; i++) map.connect(`page${i}`, { controller: "pages", action: "show" });
      });
      const requests = Array.from({ length: count }, (_, i) => new Request(`http://localhost/page${i}`));
      const controllers = { pages: { show: () => "page" } };
      const round = async (recordRoutes?: string): Promise<number> => {
        // A handler (and so a recorder) of its own each round: every route is new to it.
        const handler = fetchHandler(routes, controllers, recordRoutes ? { recordRoutes } : {});
        const start = process.hrtime.bigint();
        for (const request of requests) await handler(request.clone());
        return Number(process.hrtime.bigint() - start) / 1e9;
      };
      const on: number[] = [];
      const off: number[] = [];
      for (let i = 0; i < 7; i++) {
        off.push(await round());
        on.push(await round(path.join(dir, `routes-${count}-${i}.json`)));
      }
      const median = (samples: number[]) => samples.sort((a, b) => a - b)[3];
      console.log(
        `coverage recording: ${count.toLocaleString("en-US")} routes, each met once: on ${(median(on) * 1000).toFixed(0)} ms, off ${(median(off) * 1000).toFixed(0)} ms; ` +
          `${times(median(on), median(off))} the time without recording (median of 7 paired rounds)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
