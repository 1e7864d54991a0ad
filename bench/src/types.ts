import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { TsServer } from "../../test/out/support/tsServer";
import { generatedRoutingFile } from "./workloads";

/**
 * `npm run bench -- types`: what the generated types cost a project, the way its developers meet
 * it. For each size (1,000; 10,000; and the language-server benchmark's 87,500 routes), the project
 * typed (draw<Routes>, typed controllers with a Zod params schema that read a typed helper, the
 * helpers module and the typed client, 50 call sites) and the same project without our generated
 * types (untyped helpers, plain fetch): tsc --noEmit's time and memory for both, then tsserver's
 * completion on the client's and the helpers' namespaces after an edit in the typed one. The typed
 * project twice: importing the whole helpers and client modules, and (`helpers --split`) the
 * modules of the controllers it calls.
 */

const ROOT = path.resolve(__dirname, "..", "..");
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
const SIZES: Array<[string, number]> = [
  ["1,000", 230],
  ["10,000", 2_290],
  ["87,500", 20_000],
];
const CALL_SITES = 50;
/** The controllers the call sites use: things0 … things4. */
const CONTROLLERS = 5;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2022", "DOM"],
    types: [],
    noEmit: true,
    skipLibCheck: true,
  },
  // The generated modules are read as the page imports them, not listed: a program reads the controllers' modules it imports (docs/cli.md).
  include: ["routes.ts", "controllers", "page.ts"],
});

/** How the typed page imports the helpers and the client: whole, or a module per controller (`helpers --split`). */
type Imports = "whole" | "split";

function controller(i: number, typed: boolean): string {
  const context = typed ? `ActionContext<"things${i}#ACTION">` : "ActionContext";
  return [
    'import { z } from "zod";',
    typed
      ? 'import type { Schemas } from "resource-routes/http";\nimport type { ActionContext } from "../routes.routes.js";'
      : 'import type { ActionContext, Schemas } from "resource-routes/http";',
    "export const schemas: Schemas = { create: { params: z.object({ thing: z.object({ title: z.string().min(3), stars: z.coerce.number().default(0) }) }) } };",
    `export function index(_: ${context.replace("ACTION", "index")}) { return [{ id: 1, title: "first" }]; }`,
    `export function show({ params, urls }: ${context.replace("ACTION", "show")}) { return { id: Number(params.id), title: "a thing", at: new Date(), url: urls.things${i}_path(String(params.id)) }; }`,
    typed
      ? `export function create({ params }: ${context.replace("ACTION", "create")}) { return { id: 2, title: params.thing.title, stars: params.thing.stars }; }`
      : `export function create({ params }: ${context.replace("ACTION", "create")}) { const thing = params.thing as unknown as { title: string; stars: number }; return { id: 2, title: thing.title, stars: thing.stars }; }`,
    "",
  ].join("\n");
}

/** The namespaces a typed page calls controller n's helpers and requests through. */
function namespaces(imports: Imports, n: number): { helpers: string; client: string } {
  return imports === "whole" ? { helpers: "helpers", client: "client" } : { helpers: `things${n}`, client: `things${n}Requests` };
}

/** 50 call sites: helpers, client requests with their answers read, as a front end writes them. */
function page(imports: Imports | undefined): string {
  const opening = ["export async function page(): Promise<unknown[]> {", "  const seen: unknown[] = [];"];
  const lines =
    imports === undefined
      ? ['import routes from "./routes";', ...opening]
      : imports === "whole"
        ? ['import * as helpers from "./web/routes.js";', 'import * as client from "./web/routes.client.js";', ...opening]
        : [
            ...Array.from({ length: CONTROLLERS }, (_, n) => [
              `import * as things${n} from "./web/routes/things${n}.js";`,
              `import * as things${n}Requests from "./web/routes/things${n}.client.js";`,
            ]).flat(),
            ...opening,
          ];
  for (let i = 0; i < CALL_SITES; i++) {
    const n = i % CONTROLLERS;
    const { helpers, client } = namespaces(imports ?? "whole", n);
    const typed = imports !== undefined;
    if (i % 2 === 0) lines.push(typed ? `  seen.push(${helpers}.things${n}_path(${i}));` : `  seen.push(routes.helpers.things${n}_path(${i}));`);
    else if (i % 4 === 1)
      lines.push(
        typed
          ? `  { const shown = await ${client}.things${n}Show({ id: ${i} }); if (shown.ok) seen.push(shown.data.title.length); }`
          : `  { const shown = await fetch(routes.helpers.things${n}_path(${i})); if (shown.ok) seen.push(((await shown.json()) as { title: string }).title.length); }`,
      );
    else
      lines.push(
        typed
          ? `  { const made = await ${client}.things${n}Create({ thing: { title: "abc" } }); if (made.status === 422) seen.push(made.data.issues.length); else if (made.ok) seen.push(made.data.stars); }`
          : `  { const made = await fetch(routes.helpers.things${n}_index_path(), { method: "POST", body: JSON.stringify({ thing: { title: "abc" } }) }); if (made.status === 422) seen.push(((await made.json()) as { issues: unknown[] }).issues.length); }`,
      );
  }
  lines.push("  return seen;", "}", "");
  return lines.join("\n");
}

/** The project at a size: typed with its page's imports, or untyped (imports undefined). */
function project(lines: number, imports: Imports | undefined): string {
  const typed = imports !== undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rr-bench-types-${imports ?? "untyped"}-`));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  const routes = generatedRoutingFile(lines);
  fs.writeFileSync(
    path.join(dir, "routes.ts"),
    typed
      ? routes
          .replace('import { draw } from "resource-routes";', 'import { draw } from "resource-routes";\nimport type { Routes } from "./routes.routes.js";')
          .replace("draw({", "draw<Routes>({")
      : routes,
  );
  fs.mkdirSync(path.join(dir, "controllers"));
  for (let i = 0; i < CONTROLLERS; i++) fs.writeFileSync(path.join(dir, "controllers", `things${i}.ts`), controller(i, typed));
  fs.writeFileSync(path.join(dir, "page.ts"), page(imports));
  fs.writeFileSync(path.join(dir, "tsconfig.json"), TSCONFIG);
  fs.mkdirSync(path.join(dir, "web"));
  return dir;
}

/** Seconds a command took. */
function timed(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** tsc --noEmit on the project: wall seconds, and the checker's own figures (memory used). */
function compile(dir: string): { seconds: number; megabytes: number; errors: string } {
  let output = "";
  const seconds = timed(() => {
    const run = spawnSync(process.execPath, [TSC, "-p", dir, "--extendedDiagnostics"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    output = run.stdout;
  });
  const memory = /Memory used:\s+(\d+)K/.exec(output);
  const errors = output.split("\n").filter((line) => /error TS\d+/.test(line));
  return { seconds, megabytes: memory ? Number(memory[1]) / 1024 : NaN, errors: errors.slice(0, 3).join("\n") };
}

/** tsserver's completion at the end of `prefix` in page.ts, after an edit that types it there (the first request, which loads the project, not counted). */
async function completion(dir: string, prefix: string): Promise<{ ms: number; entries: number; failed?: string }> {
  const server = new TsServer([]);
  try {
    const file = path.join(dir, "page.ts");
    const text = fs.readFileSync(file, "utf8");
    const lines = text.split("\n");
    const at = lines.length - 3; // before `return seen;`
    server.notify("open", { file, fileContent: text });
    await server.request("completionInfo", { file, line: at, offset: 1 });
    server.notify("change", { file, line: at, offset: 1, endLine: at, endOffset: 1, insertString: `  ${prefix}\n` });
    const start = process.hrtime.bigint();
    const answer = await server.request<{ entries: unknown[] }>("completionInfo", { file, line: at, offset: prefix.length + 3 });
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, entries: answer?.entries.length ?? 0, failed: server.ended };
  } finally {
    server.stop();
  }
}

export async function typesBenchmark(): Promise<void> {
  // BENCH_TYPES_SIZES=1,000 runs one size (the labels above).
  const only = process.env.BENCH_TYPES_SIZES?.split(/\s+|;/).filter(Boolean);
  for (const [label, lines] of SIZES.filter(([label]) => !only?.length || only.includes(label))) {
    const untyped = project(lines, undefined);
    const baseline = compile(untyped);
    console.log(
      `types, ${label} routes: tsc --noEmit ${baseline.seconds.toFixed(1)} s / ${baseline.megabytes.toFixed(0)} MB untyped${baseline.errors ? `; untyped errors: ${baseline.errors}` : ""}`,
    );
    for (const imports of ["whole", "split"] as const) {
      const typed = project(lines, imports);
      const generate = timed(() => {
        execFileSync(process.execPath, [CLI, "types", "routes.ts"], { cwd: typed, stdio: "ignore" });
        execFileSync(process.execPath, [CLI, "helpers", "routes.ts", "--out", "web/routes.js", "--client", ...(imports === "split" ? ["--split"] : [])], {
          cwd: typed,
          stdio: "ignore",
        });
      });
      const ours = compile(typed);
      const names = namespaces(imports, 0);
      const client = await completion(typed, `${names.client}.`);
      const helpers = await completion(typed, `${names.helpers}.`);
      const deep = /excessively deep/.test(ours.errors) ? "; Type instantiation is excessively deep" : "";
      console.log(
        `  typed, ${imports === "whole" ? "the whole modules imported" : "a module per controller (--split)"}: tsc --noEmit ${ours.seconds.toFixed(1)} s / ${ours.megabytes.toFixed(0)} MB ` +
          `(${(ours.seconds / baseline.seconds).toFixed(2)}× the time, ${(ours.megabytes / baseline.megabytes).toFixed(2)}× the memory); ` +
          `completion after an edit: ${names.client}. ${client.failed ?? `${client.ms.toFixed(0)} ms (${client.entries} entries)`}, ${names.helpers}. ${helpers.failed ?? `${helpers.ms.toFixed(0)} ms (${helpers.entries})`}; ` +
          `types and helpers wrote theirs in ${generate.toFixed(1)} s${deep}${ours.errors ? `; tsc errors: ${ours.errors}` : ""}`,
      );
      fs.rmSync(typed, { recursive: true, force: true });
    }
    fs.rmSync(untyped, { recursive: true, force: true });
  }
}
