import * as fs from "fs";
import * as path from "path";
import { declaredSpan, parseHelperName, type Route, type Span } from "resource-routes/internal";

import { routeKey } from "../coverage/records";
import { GENERATED_MARK } from "../files/generatedFile";
import { rewriteLiterals } from "../literals/literalRewrites";
import { reachingHelpers } from "../routing/reachingHelpers";
import { helperWords } from "../service/references";
import { recordedUses } from "./coverageFiles";
import type { CliRoutingFile } from "./load";
import { sourceFiles } from "./sourceFiles";

/**
 * A route nothing uses, and why it is taken for unused.
 * @lintignore Loaded with require() with unusedRoutes.
 */
export interface UnusedRoute {
  route: Route;
  line: number;
  /** Its declaration in the routing file, where it has one. */
  span?: Span;
  why: string;
}

/**
 * The routes of a routing file that no helper call and no URL written by hand in the code under
 * `folder` names, and that no recorded test exercised (the coverage files of `coverage`, when given).
 * Where the controllers folder lacks the route's action too, the reason says so.
 * @lintignore `check` loads this module with require() only for --unused, which the unused-export check does not follow.
 */
export function unusedRoutes(
  f: CliRoutingFile,
  folder: string,
  coverage: readonly string[],
  missingActions: ReadonlySet<Route>,
): { unused: UnusedRoute[]; warnings: string[] } {
  const helpers = new Set<string>();
  const literals = new Set<Route>();
  const routingFiles = [{ file: path.resolve(f.file), routes: f.routes }];
  for (const file of sourceFiles([folder])) {
    if (path.resolve(file) === path.resolve(f.file)) continue;
    const text = fs.readFileSync(file, "utf8");
    if (text.startsWith(GENERATED_MARK)) continue;
    for (const use of helperWords(text)) {
      const name = parseHelperName(use.word)?.name;
      if (name) helpers.add(name);
    }
    if (/["'`]\//.test(text))
      for (const found of rewriteLiterals(path.resolve(file), text, routingFiles).found) if (found.match) literals.add(found.match.route);
  }
  const recorded = coverage.length ? recordedUses(coverage, f.file) : undefined;
  const exercised = recorded?.exercised;
  const namesOf = reachingHelpers(f.routes.routes);
  const unused: UnusedRoute[] = [];
  for (const route of f.routes.routes) {
    const names = namesOf(route);
    if (names.some((name) => helpers.has(name)) || literals.has(route) || exercised?.has(routeKey(route))) continue;
    const reasons = [
      names.length ? `no call of ${names.map((name) => `${name}_path or ${name}_url`).join(", ")}` : "no name, so no helper",
      "no URL written by hand",
      exercised ? "no recorded test" : "no coverage recorded",
    ];
    if (missingActions.has(route)) reasons.push(`and ${route.target} does not exist`);
    const span = declaredSpan(route);
    unused.push({ route, line: span ? f.lines.positionAt(span.start).line + 1 : 0, span, why: reasons.join(", ") });
  }
  return { unused, warnings: recorded?.warnings ?? [] };
}
