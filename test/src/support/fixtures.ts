import * as fs from "fs";
import * as path from "path";
import type { RouteJSON } from "resource-routes";
import * as ts from "typescript";

/** The project's root (test/out/support → ../../..). */
export const ROOT = path.resolve(__dirname, "../../..");

/** The TypeScript compilers the generated declarations are checked with (their `tsc`): 5.0, the project's, and 7 (test/tsc-versions). */
export const TYPESCRIPT_COMPILERS: Record<string, string> = {
  "TypeScript 5.0": path.join(ROOT, "test", "tsc-versions", "node_modules", "typescript-5.0", "bin", "tsc"),
  [`TypeScript ${ts.version} (the project's)`]: path.join(ROOT, "node_modules", "typescript", "bin", "tsc"),
  "TypeScript 7": path.join(ROOT, "test", "tsc-versions", "node_modules", "typescript-7", "bin", "tsc"),
};

/** Where a test program (ts.createProgram with `baseUrl`) finds the runtime's declarations under its package names. */
export const RUNTIME_TYPE_PATHS = {
  "resource-routes": [path.join(ROOT, "runtime", "out", "index.d.ts")],
  "resource-routes/http": [path.join(ROOT, "runtime", "out", "http", "index.d.ts")],
};

/**
 * TypeScript's errors in the files under `dir` of a program of `roots` (`file: message`), strict,
 * each declaration file's own checks on (no skipLibCheck), the runtime's declarations found under
 * its package names; `options` add to those.
 */
export function errorsUnder(dir: string, roots: string[], options: ts.CompilerOptions = {}): string[] {
  const program = ts.createProgram(roots, { strict: true, noEmit: true, skipLibCheck: false, types: [], baseUrl: dir, paths: RUNTIME_TYPE_PATHS, ...options });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName.startsWith(dir))
    .map((d) => `${path.basename(d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}
const FIXTURES = path.join(ROOT, "test", "fixtures");

/** A conformance case (the conformance format), copied into test/fixtures/conformance. */
export interface ConformanceCase {
  id: string;
  behaviour: "A" | "B";
  origin: string;
  ts: string;
  expected: {
    routes: RouteJSON[];
    error: string | null;
    /** Requests and what the original recognised them as (`error`: no route matched). */
    recognitions?: Array<{ method: string; path: string; result?: unknown; error?: string }>;
    /** Helper calls with positional arguments, and the path the original generated. */
    generations?: Array<{ helper: string; args: unknown[]; result: string }>;
  };
}

import type { RailsRoute } from "./railsTable";

/** A behaviour-C case: a routes.rb, its TypeScript twin (the body of a draw() callback whose mapper is `r`), and what Rails 6.1 answered (test/fixtures/behaviour-c). */
export interface BehaviourCCase {
  name: string;
  ruby: string;
  /** The twin: the body of a draw() callback whose mapper is `r`, or a routing file of the project's examples. */
  ts?: string;
  example?: string;
  rails: {
    version: string;
    error: string | null;
    routes: RailsRoute[];
    recognitions: Array<{ verb: string; path: string; controller?: string; action?: string; params?: Record<string, string>; error?: string }>;
    generations: Array<{ helper?: string; args?: unknown[]; options?: Record<string, unknown>; path?: string; call?: unknown; error?: string }>;
    /** What Rails' route set answered each of the case's `served` requests with (a redirect route is served, not recognised). */
    served?: Array<{
      verb: string;
      url: string;
      status?: number;
      location?: string | null;
      error?: string;
      /** What the case's Rack application was given: Rails' SCRIPT_NAME and PATH_INFO. */
      script_name?: string;
      path_info?: string;
    }>;
    /** What Rails' polymorphic_path and polymorphic_url (and their new_ and edit_ forms) answered each of the case's `polymorphic` calls with; records are JSON objects with `model_name`. */
    polymorphic?: Array<{ call: [method: string, target: unknown, options?: Record<string, unknown>]; result?: string; error?: string }>;
  };
}

export function behaviourCCases(): BehaviourCCase[] {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, "behaviour-c", "cases.json"), "utf8")) as BehaviourCCase[];
}

/** A behaviour-C case's routing file. */
export function behaviourCFile(c: Pick<BehaviourCCase, "ts" | "example">): string {
  if (c.example) return fs.readFileSync(path.join(ROOT, c.example), "utf8");
  return `import { draw, redirect } from "resource-routes";\n${ECHO}\nexport default draw({ behaviour: "C" }, (r) => {\n${c.ts}\n});\n`;
}

/**
 * The application the cases mount (`echo`), the twin of their Ruby prelude's Rack application: it
 * answers with what the router gave it, the mount path and its own path.
 */
const ECHO_APP = `(request, context) => new Response("echo", { headers: { "x-script-name": context.mountPath, "x-path-info": new URL(request.url).pathname } })`;
const ECHO = `const echo = ${ECHO_APP};`;

/** The cases' application, as a function. */
export const echoApp = new Function(`return ${ECHO_APP};`)() as (request: Request, context: { mountPath: string }) => Response;

export function conformanceCases(): ConformanceCase[] {
  const dir = path.join(FIXTURES, "conformance");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as ConformanceCase);
}
