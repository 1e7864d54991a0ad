import * as path from "path";
import type { Route, RouteCoverageFile, RouteUse } from "resource-routes/internal";

/** A route as coverage files name it: verb, path and target. */
export function routeKey(route: Pick<Route, "verb" | "path" | "target">): string {
  return `${route.verb} ${route.path} ${route.target}`;
}

/** The largest coverage file read: a use is a line of about a hundred bytes, and real suites record thousands. */
export const MAX_COVERAGE_BYTES = 64 * 1024 * 1024;

/**
 * The uses a coverage file's text records, with how many entries were not uses (a field missing or
 * of another type) and so passed over; or why it is not a coverage file at all (the end of "… is
 * not a coverage file").
 */
export function coverageUses(text: string): { uses: RouteUse[]; skipped: number } | { why: string } {
  // One JSON document (as written at exit), or a recorder's lines: the record first, then each route met since, a line each.
  let parsed = parse(text);
  let appended: unknown[] = [];
  if ("error" in parsed) {
    const [first = "", ...rest] = text.split("\n").filter((line) => line.trim() !== "");
    const record = parse(first);
    if ("error" in record) return { why: `: ${parsed.error}` };
    parsed = record;
    // A line cut short by a process that ended while appending is an entry that is not a use.
    appended = rest.map((line) => {
      const use = parse(line);
      return "error" in use ? undefined : use.value;
    });
  }
  const record = parsed.value as Partial<RouteCoverageFile> | null;
  if (record?.version !== 1 || !Array.isArray(record.routes)) return { why: " (version 1)" };
  const entries: unknown[] = [...record.routes, ...appended];
  const uses = entries.filter(isUse);
  return { uses, skipped: entries.length - uses.length };
}

function parse(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function isUse(use: unknown): use is RouteUse {
  if (typeof use !== "object" || use === null) return false;
  const { file, verb, path, target } = use as Record<string, unknown>;
  return (
    (file === null || file === undefined || typeof file === "string") && typeof verb === "string" && typeof path === "string" && typeof target === "string"
  );
}

/** The routes of `routingFile` the uses exercised, by routeKey (a use recorded with another routing file counts for that one alone). */
export function exercisedIn(uses: readonly RouteUse[], routingFile: string, into = new Set<string>()): Set<string> {
  for (const use of uses) if (!use.file || path.resolve(use.file) === path.resolve(routingFile)) into.add(routeKey(use));
  return into;
}
