import { COVERAGE_VARIABLE, declaredSpan, printable } from "resource-routes/internal";

import { routeKey } from "../../coverage/records";
import { ParsedArguments, UsageError } from "../args";
import { recordedUses } from "../coverageFiles";
import { discoverRoutingFile } from "../discover";
import { loadFile } from "../load";
import { CommandResult } from "./result";

/**
 * `resource-routes coverage [PATHS…]`: the routes no recorded test or request exercised, from the
 * coverage files processes wrote (RESOURCE_ROUTES_COVERAGE, or the HTTP adapters' recordRoutes),
 * merged; each with its place in the routing file. Exit 1 under `--min`.
 */
export function coverageCommand(args: ParsedArguments): CommandResult {
  const routingFile = args.routes ?? discoverRoutingFile(process.cwd());
  const f = loadFile(routingFile, args.behaviour);
  const sources = args.positional.length ? args.positional : [process.env[COVERAGE_VARIABLE] ?? ""].filter(Boolean);
  if (sources.length === 0) throw new UsageError(`coverage takes the coverage files or folders (or ${COVERAGE_VARIABLE} naming one)`);
  const { exercised, files, warnings } = recordedUses(sources, routingFile);
  const routes = f.routes.routes;
  const unexercised = routes.filter((route) => !exercised.has(routeKey(route)));
  const percent = routes.length ? ((routes.length - unexercised.length) / routes.length) * 100 : 100;
  const stdout = unexercised.map((route) => {
    const span = declaredSpan(route);
    const line = span ? f.lines.positionAt(span.start).line + 1 : 0;
    const where = `${routingFile}:${line}`;
    return args.json
      ? JSON.stringify({ file: where, verb: route.verb, path: route.path, target: route.target, name: route.name })
      : printable(`${where}: ${route.verb} ${route.path} → ${route.target}${route.name ? ` (${route.name}_path)` : ""}: never exercised`);
  });
  const summary = `${routes.length - unexercised.length} of ${routes.length} routes exercised (${percent.toFixed(1)}%), from ${files} coverage file(s)`;
  const under = args.min !== undefined && percent < args.min;
  return { stdout, stderr: [...warnings.map(printable), under ? `${summary}: under --min ${args.min}%` : summary], exitCode: under ? 1 : 0 };
}
