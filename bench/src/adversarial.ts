import { draw, type RouteSet, RoutingError } from "resource-routes";

import { loadRoutingFile } from "../../server/out/analysis/routingFile";
import { unreachableRoutes } from "../../server/out/routing/unreachable";

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
  const attemptOn = (set: RouteSet) => (path: string) => () => {
    for (let i = 0; i < 20; i++) {
      try {
        set.recognize("GET", path);
      } catch (error) {
        if (!(error instanceof RoutingError)) throw error;
      }
    }
  };
  const attempt = attemptOn(routes);
  const shapes: Array<[string, (n: number) => string]> = [
    ["dashes before a dot against :year-:month-:day", (n) => `/archive/${"-".repeat(n)}.`],
    ["dashes alone against :year-:month-:day", (n) => `/archive/${"-".repeat(n)}`],
    ["dots against :name.:ext", (n) => `/files/${"a.".repeat(n / 2)}`],
    ["a long member id against the posts routes", (n) => `/posts/${"9".repeat(n)}.`],
  ];
  // Behaviour C's groups inside a segment, whose expression (Journey's) backtracks on such a segment.
  const grouped = draw({ behaviour: "C" }, (r) => {
    r.get("w/:a(-:b(-:c))", { to: "w#show" });
    r.get("v/:id(-:slug)", { to: "v#show", constraints: { id: /\d+/ } });
  });
  const attemptC = attemptOn(grouped);
  const shapesC: Array<[string, (n: number) => string, (path: string) => () => void]> = [
    ["C: dashes against w/:a(-:b(-:c))", (n) => `/w/${"-a".repeat(n / 2)}!.`, attemptC],
    ["C: digits and dashes against v/:id(-:slug) with id: /\\d+/", (n) => `/v/${"1-".repeat(n / 2)}!.`, attemptC],
  ];
  console.log("adversarial: recognition of 8 times longer hostile paths (linear: about 8×; guard: under 24×)");
  for (const [what, path, run] of [...shapes.map(([what, path]) => [what, path, attempt] as const), ...shapesC]) {
    const short = fastest(run(path(2_000)));
    const long = fastest(run(path(16_000)));
    const growth = long / Math.max(short, 0.05);
    console.log(`  ${what}: ${short.toFixed(2)} ms → ${long.toFixed(2)} ms, ${growth.toFixed(1)}×`);
    if (growth >= 24) throw new Error(`recognition grew ${growth.toFixed(1)}× for 8× the path (${what})`);
  }
}

/**
 * The unreachable-route pass on 8,000 resources declared flat and under one namespace, and on one
 * resource with 9,000 member and collection routes: the namespaced file within 3× the flat one's
 * time (a guard), each the fastest of five passes over a freshly expanded table.
 */
export function unreachablePass(): void {
  const file = (body: string) => `import { draw } from "resource-routes";\nexport default draw((map) => {\n${body}\n});\n`;
  const names = Array.from({ length: 8_000 }, (_, i) => `things${i}`);
  const texts = {
    flat: file(names.map((n) => `map.resources("${n}");`).join("\n")),
    namespaced: file(`map.namespace("api", (api) => {\n${names.map((n) => `api.resources("${n}");`).join("\n")}\n});`),
    members: file(
      `map.resources("posts", { member: { ${Array.from({ length: 4_500 }, (_, i) => `m${i}: "get"`).join(", ")} }, collection: { ${Array.from({ length: 4_500 }, (_, i) => `c${i}: "get"`).join(", ")} } });`,
    ),
  };
  // Each pass gets a table of its own (a table's answer is kept): only the pass is timed.
  const passOnly = (text: string) => {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const table = loadRoutingFile(text, `/bench/routes${i}.ts`)!.routes.table;
      const started = process.hrtime.bigint();
      unreachableRoutes(table);
      best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
    }
    return best;
  };
  const flat = passOnly(texts.flat);
  const namespaced = passOnly(texts.namespaced);
  const members = passOnly(texts.members);
  console.log(
    `unreachable: the pass on 8,000 resources flat ${flat.toFixed(1)} ms, under one namespace ${namespaced.toFixed(1)} ms (${(namespaced / flat).toFixed(2)}×; guard: under 3×); 9,000 member and collection routes of one resource ${members.toFixed(1)} ms`,
  );
  if (namespaced >= 3 * flat) throw new Error(`the namespaced file's pass took ${(namespaced / flat).toFixed(2)}× the flat one's`);
}
