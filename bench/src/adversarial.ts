import { draw, RoutingError } from "../../server/out/index";

/** The fastest of `rounds` timings of `run`, in milliseconds (the least disturbed by the machine). */
function fastest(run: () => void, rounds = 7): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

/**
 * Recognition of request paths made to make a backtracking matcher slow, at 2,000 and 16,000
 * characters: linear growth gives about 8× the time, the original's regular expressions gave 8²
 * to 8³. A guard: the run fails above 24×.
 */
export function adversarialRecognition(): void {
  const routes = draw((m) => {
    m.connect("/archive/:year-:month-:day", { controller: "archive", action: "day" });
    m.connect("/files/:name.:ext", { controller: "files", action: "show" });
    m.resources("posts");
  });
  const attempt = (path: string) => () => {
    for (let i = 0; i < 20; i++) {
      try {
        routes.recognize("GET", path);
      } catch (error) {
        if (!(error instanceof RoutingError)) throw error;
      }
    }
  };
  const shapes: Array<[string, (n: number) => string]> = [
    ["dashes before a dot against :year-:month-:day", (n) => `/archive/${"-".repeat(n)}.`],
    ["dashes alone against :year-:month-:day", (n) => `/archive/${"-".repeat(n)}`],
    ["dots against :name.:ext", (n) => `/files/${"a.".repeat(n / 2)}`],
    ["a long member id against the posts routes", (n) => `/posts/${"9".repeat(n)}.`],
  ];
  console.log("adversarial: recognition of 8 times longer hostile paths (linear: about 8×; guard: under 24×)");
  for (const [what, path] of shapes) {
    const short = fastest(attempt(path(2_000)));
    const long = fastest(attempt(path(16_000)));
    const growth = long / Math.max(short, 0.05);
    console.log(`  ${what}: ${short.toFixed(2)} ms → ${long.toFixed(2)} ms, ${growth.toFixed(1)}×`);
    if (growth >= 24) throw new Error(`recognition grew ${growth.toFixed(1)}× for 8× the path (${what})`);
  }
}
