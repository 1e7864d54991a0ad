import { printable, type Route, targetText } from "resource-routes/internal";

import { routesTable } from "../../format/routesTable";
import { ParsedArguments } from "../args";
import { loadFile } from "../load";
import { diagnosticJSON, diagnosticLine, styleFor } from "../output";
import { runtimeRoutes } from "../runtimeRoutes";
import { CommandResult, hasErrors, notStatic, partialSummary, requireFiles } from "./result";

export async function routesCommand(args: ParsedArguments): Promise<CommandResult> {
  if (args.runtime) return runtimeRoutesCommand(args, args.runtime);
  const files = requireFiles(args);
  const loaded = files.map((f) => loadFile(f, args.behaviour));
  const result: CommandResult = { stdout: [], stderr: [], exitCode: loaded.some(hasErrors) ? 1 : 0 };
  for (const f of loaded) {
    const routes = selected(f.routes.routes, args);
    const unread = notStatic(f);
    if (args.json) {
      result.stdout.push(
        JSON.stringify({
          file: f.file,
          behaviour: f.behaviour,
          routes: routes.map((r) => r.toJSON()),
          diagnostics: f.diagnostics.map((d) => diagnosticJSON(d, f.lines)),
          notStatic: { count: unread.length, at: unread.map((d) => diagnosticJSON(d, f.lines).range.start) },
        }),
      );
    } else {
      if (loaded.length > 1) result.stdout.push(`${result.stdout.length ? "\n" : ""}# ${printable(f.file)} (behaviour ${f.behaviour})`);
      result.stdout.push(routesTable(routes, styleFor(process.stdout), { optionalFormat: args.format }));
    }
    for (const d of f.diagnostics) result.stderr.push(diagnosticLine(f.file, d, f.lines));
    const summary = partialSummary(f, unread);
    if (summary) result.stderr.push(summary);
  }
  return result;
}

/** routes --runtime FILE: the table of the application's routing module, run (what it really routes). */
async function runtimeRoutesCommand(args: ParsedArguments, module: string): Promise<CommandResult> {
  const routes = await runtimeRoutes(module, args.runtimeTimeout);
  const kept = routes.filter(
    (route) =>
      (!args.controller || route.controller === args.controller) &&
      (!args.grep || grepMatches(args.grep, [route.name ?? "", route.verb, route.path, `${route.controller}#${route.action}`])),
  );
  if (args.json) return { stdout: [JSON.stringify({ file: module, runtime: true, routes: kept })], stderr: [], exitCode: 0 };
  const rows = kept.map((route) => ({
    ...route,
    target: targetText(route),
    optionalFormat: /\.:format$/.test(route.path),
  }));
  return { stdout: [routesTable(rows, styleFor(process.stdout), { optionalFormat: args.format })], stderr: [], exitCode: 0 };
}

/** The routes `-c CONTROLLER` and `-g PATTERN` keep. */
function selected(routes: readonly Route[], args: ParsedArguments): readonly Route[] {
  if (!args.controller && !args.grep) return routes;
  return routes.filter(
    (route) =>
      (!args.controller || route.controller === args.controller) &&
      (!args.grep || grepMatches(args.grep, [route.name ?? "", route.verb, route.path, route.target])),
  );
}

/** `-g`: a case-insensitive regular expression (a plain word is one; an invalid one is matched as text) against the route's line: name, verb, path and controller#action. */
function grepMatches(pattern: string, fields: string[]): boolean {
  const line = fields.join(" ");
  try {
    return new RegExp(pattern, "i").test(line);
  } catch {
    return line.toLowerCase().includes(pattern.toLowerCase());
  }
}
