import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";
import type { Behaviour, RouteJSON, RouteSet } from "resource-routes/internal";
import { targetText } from "resource-routes/internal";

import { loadRoutingFile } from "../analysis/routingFile";
import type { BrokenLiteral } from "../literals/literalBreaks";
import { UsageError } from "./args";

/** How a route changed between two versions of a routing file. */
interface RouteChange {
  kind: "added" | "removed" | "changed";
  /** The route now (added, changed) or before (removed). */
  route: RouteJSON;
  /** changed: the route before. */
  before?: RouteJSON;
  /** Why existing URLs or helper calls break, when they do. */
  breaking?: string;
}

/** A helper name whose route went away or builds another path: calls to it break. */
interface HelperChange {
  name: string;
  breaking: string;
}

export interface RoutesDiff {
  routes: RouteChange[];
  helpers: HelperChange[];
  /** URLs written by hand in the project's code that the change breaks (see brokenLiterals). */
  literals: BrokenLiteral[];
  breaking: number;
}

/** The text of `file` at a git revision, read from the repository (no checkout, nothing run). */
export function fileAtRevision(file: string, revision: string): string {
  // A revision git would take for an option (`--output=x`) never reaches it.
  if (revision.startsWith("-")) throw new UsageError(`a revision cannot begin with "-": ${JSON.stringify(revision.slice(0, 100))}`);
  const dir = path.dirname(path.resolve(file));
  const git = (args: string[]) => cp.execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  let top: string;
  try {
    top = git(["rev-parse", "--show-toplevel"]).trim();
  } catch {
    throw new UsageError(`${file} is not in a git repository`);
  }
  const relative = path
    .relative(fs.realpathSync(top), fs.realpathSync(path.dirname(path.resolve(file))))
    .split(path.sep)
    .concat(path.basename(file))
    .filter(Boolean)
    .join("/");
  try {
    const object = git(["rev-parse", "--verify", "--quiet", "--end-of-options", `${revision}:${relative}`]).trim();
    return git(["cat-file", "blob", object]);
  } catch (error) {
    const why = String((error as { stderr?: unknown }).stderr ?? "")
      .trim()
      .split("\n")[0];
    throw new UsageError(`cannot read ${relative} at ${revision}: ${why || "git show failed"}`);
  }
}

/** The route set of a routing file's text, read statically; a text that is not a routing file is a usage error naming `where`. */
export function routeSetOfText(text: string, file: string, where: string, behaviour?: Behaviour): RouteSet {
  const loaded = loadRoutingFile(text, file, { behaviour });
  if (!loaded) throw new UsageError(`${file} at ${where} is not a routing file`);
  return loaded.routes;
}

/**
 * What changed from `before` to `after`: routes added, removed, and changed in place (same verb and
 * path, another controller, action, name or requirements); and the helper names whose calls break.
 * A removed route breaks the URLs it took (unless a route added takes the same verb and path); a
 * helper breaks when its name went away or its route's path changed.
 */
export function diffRoutes(before: readonly RouteJSON[], after: readonly RouteJSON[], literals: BrokenLiteral[] = []): RoutesDiff {
  const key = (r: RouteJSON) => `${r.verb} ${r.path}`;
  const afterByKey = new Map(after.map((r) => [key(r), r]));
  const beforeByKey = new Map(before.map((r) => [key(r), r]));
  const routes: RouteChange[] = [];
  for (const route of before) {
    const now = afterByKey.get(key(route));
    if (!now) routes.push({ kind: "removed", route, breaking: "its URLs no longer route" });
    else if (JSON.stringify(now) !== JSON.stringify(route)) {
      const moved =
        targetText(now) !== targetText(route)
          ? `its URLs now go to ${targetText(now)}`
          : JSON.stringify(now.requirements) !== JSON.stringify(route.requirements)
            ? "its requirements changed: some URLs may no longer route"
            : undefined;
      routes.push({ kind: "changed", route: now, before: route, ...(moved ? { breaking: moved } : {}) });
    }
  }
  for (const route of after) if (!beforeByKey.has(key(route))) routes.push({ kind: "added", route });
  const named = (list: readonly RouteJSON[]) => new Map(list.filter((r) => r.name !== null).map((r) => [r.name!, r]));
  const namesAfter = named(after);
  const helpers: HelperChange[] = [];
  for (const [name, route] of named(before)) {
    const now = namesAfter.get(name);
    if (!now) helpers.push({ name, breaking: `${name}_path and ${name}_url are gone` });
    else if (now.path !== route.path) helpers.push({ name, breaking: `${name}_path now builds ${now.path} (was ${route.path})` });
  }
  return { routes, helpers, literals, breaking: routes.filter((c) => c.breaking).length + helpers.length + literals.length };
}
