import * as path from "path";
import { COVERAGE_VARIABLE, type Diagnostic, printable, type RouteSet } from "resource-routes/internal";

import { readRegularFileOrNone } from "../../files/regularFile";
import { capturedLine, capturedRedirects } from "../../routing/redirects";
import { redirectsList } from "../../routing/redirectsModule";
import { unreachableDiagnostics } from "../../routing/unreachableDiagnostics";
import { LineIndex } from "../../text/lineIndex";
import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { diagnosticJSON, diagnosticLine } from "../output";
import { controllerDiagnostics, missingActionRoutes } from "./controllerFolder";
import { CommandResult, hasErrors, notStatic, requireFiles } from "./result";

/* --unused reads the project's code and coverage, --runtime runs the application: each loaded only when asked, so that a plain check starts as fast as it can. */
/* eslint-disable @typescript-eslint/no-require-imports */
const unusedOf = () => require("../unusedRoutes") as typeof import("../unusedRoutes");
const runtimeOf = () => require("../runtimeRoutes") as typeof import("../runtimeRoutes");
/* eslint-enable @typescript-eslint/no-require-imports */

export async function checkCommand(args: ParsedArguments): Promise<CommandResult> {
  const loaded = requireFiles(args).map((f) => loadFile(f, args.behaviour));
  const strictFailure = args.strict && loaded.some((f) => notStatic(f).length > 0 || f.diagnostics.some((d) => d.code === "partial-import"));
  const result: CommandResult = { stdout: [], stderr: [], exitCode: loaded.some(hasErrors) || strictFailure ? 1 : 0 };
  const coverage = args.coverage ? [args.coverage] : process.env[COVERAGE_VARIABLE] ? [process.env[COVERAGE_VARIABLE]!] : [];
  const warnings = new Set<string>();
  let unusedCount = 0;
  for (const f of loaded) {
    // With --unused, each route nothing uses: a line of its own, or an unused-route diagnostic among the file's JSON.
    const unused = args.unused ? unusedOf().unusedRoutes(f, process.cwd(), coverage, new Set(args.noControllers ? [] : missingActionRoutes(f))) : undefined;
    for (const warning of unused?.warnings ?? []) warnings.add(printable(warning));
    unusedCount += unused?.unused.length ?? 0;
    const unusedDiagnostics = (unused?.unused ?? []).map((u): Diagnostic => ({
      severity: "hint",
      code: "unused-route",
      message: `${u.route.verb} ${u.route.path} → ${u.route.target}: unused (${u.why})`,
      span: u.span,
    }));
    // A route to a controller or action that does not exist answers 404 in production: a failure in CI terms.
    const targets = args.noControllers ? [] : controllerDiagnostics(f).map((d): Diagnostic => ({ ...d, severity: "error" }));
    if (targets.length) result.exitCode = 1;
    // What the analyser found, the routes an earlier route captures and the actions no module defines, in file order.
    const diagnostics = [...f.diagnostics, ...unreachableDiagnostics(f.routes.table), ...targets].sort((a, b) => (a.span?.start ?? -1) - (b.span?.start ?? -1));
    if (args.json) {
      const all = [...diagnostics, ...unusedDiagnostics].map((d) => diagnosticJSON(d, f.lines));
      result.stdout.push(JSON.stringify({ file: f.file, behaviour: f.behaviour, diagnostics: all }));
    } else {
      for (const d of diagnostics) result.stdout.push(diagnosticLine(f.file, d, f.lines));
      for (const u of unused?.unused ?? [])
        result.stdout.push(printable(`${f.file}:${u.line}: ${u.route.verb} ${u.route.path} → ${u.route.target}: unused (${u.why})`));
    }
    if (args.strict && notStatic(f).length)
      result.stderr.push(printable(`${f.file}: --strict: ${notStatic(f).length} not-static part(s): the editor's routes may not be the app's`));
    if (args.strict && f.diagnostics.some((d) => d.code === "partial-import"))
      result.stderr.push(printable(`${f.file}: --strict: imported in part from a routes.rb: routes of the original are missing`));
  }
  for (const f of loaded) {
    // The redirects module beside the routing file (the one the editor's rename keeps), where there is one.
    const redirects = redirectsBeside(f.file);
    if (!redirects) continue;
    const lines = LineIndex.of(redirects.text);
    const diagnostics = neverAnswering(redirects.text, f.routes);
    if (args.json) result.stdout.push(JSON.stringify({ file: redirects.file, diagnostics: diagnostics.map((d) => diagnosticJSON(d, lines)) }));
    else for (const d of diagnostics) result.stdout.push(diagnosticLine(redirects.file, d, lines));
  }
  if (args.unused) {
    result.stderr.push(
      ...warnings,
      `${unusedCount} unused route(s)${coverage.length ? "" : " (no coverage recorded: --coverage DIR counts the routes tests exercised)"}`,
    );
    if (unusedCount && args.failOnUnused) result.exitCode = 1;
  }
  if (args.runtime) {
    if (loaded.length !== 1) throw new UsageError("check --runtime compares one routing file with its compiled module");
    let running: Awaited<ReturnType<typeof import("../runtimeRoutes").runtimeRoutes>>;
    try {
      running = await runtimeOf().runtimeRoutes(args.runtime, args.runtimeTimeout);
    } catch (error) {
      // The static reading stands: its diagnostics are printed, and the command fails.
      if (!(error instanceof UsageError)) throw error;
      result.stderr.push(printable(error.message));
      result.exitCode = 1;
      return result;
    }
    const differences = runtimeOf().routeDifferences(loaded[0].routes.toJSON().routes, running);
    for (const line of differences) result.stdout.push(printable(`${loaded[0].file}: ${line}`));
    result.stderr.push(
      differences.length
        ? `${differences.length} difference(s) between the static reading and the running app`
        : "the static reading and the running app have the same routes",
    );
    if (differences.length) result.exitCode = 1;
  }
  return result;
}

/** The redirects module beside a routing file (`redirects.ts`, or its JavaScript), read as text, where there is one. */
function redirectsBeside(routingFile: string): { file: string; text: string } | undefined {
  for (const name of ["redirects.ts", "redirects.js", "redirects.mjs", "redirects.cjs"]) {
    const file = path.join(path.dirname(routingFile), name);
    const text = readRegularFileOrNone(file);
    if (text !== undefined) return { file, text };
  }
  return undefined;
}

/** A redirect-never-answers warning at each redirect of the module that a route of `routes` takes first. */
function neverAnswering(text: string, routes: RouteSet): Diagnostic[] {
  const entries = redirectsList(text)?.entries ?? [];
  const captured = capturedRedirects(
    entries.map((entry) => entry.redirect),
    routes,
  );
  return captured.map((c) => {
    const entry = entries.find((e) => e.redirect === c.redirect)!;
    return { severity: "warning", code: "redirect-never-answers", message: capturedLine(c), span: { start: entry.start, end: entry.end } };
  });
}
