import { printable, type RouteJSON } from "resource-routes/internal";
import { redirectsBetween } from "../redirects";
import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { routesTable } from "../../format/routesTable";
import { diffRoutes, fileAtRevision, routesOfText } from "../diff";
import { CommandResult, requireFiles } from "./result";

/** diff: the routes added, removed and changed between two revisions of a routing file (or a revision and the working tree). */
export function diffCommand(args: ParsedArguments): CommandResult {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("diff takes one FILE");
  if (args.to && args.worktree) throw new UsageError("diff takes --to REV or --worktree, not both");
  const from = args.from ?? "HEAD";
  const to = args.to ?? "the working tree";
  const before = routesOfText(fileAtRevision(file, from), file, from, args.behaviour);
  const after = args.to ? routesOfText(fileAtRevision(file, args.to), file, to, args.behaviour) : loadFile(file, args.behaviour).routes.toJSON().routes;
  if (args.redirects) return redirectsResult(before, after, args.json, from, to);
  const diff = diffRoutes(before, after);
  const exitCode = args.failOnBreaking && diff.breaking ? 1 : 0;
  if (args.json) return { stdout: [JSON.stringify({ file, from, to: args.to ?? null, ...diff })], stderr: [], exitCode };
  const sign = { added: "+", removed: "-", changed: "~" } as const;
  const table = routesTable(diff.routes.map(({ route }) => ({ ...route, target: `${route.controller ?? ":controller"}#${route.action ?? ":action"}` }))).split(
    "\n",
  );
  const lines = diff.routes.map((change, i) =>
    printable(
      `${sign[change.kind]} ${table[i]}${change.kind === "changed" ? `  (was ${change.before!.name ?? "unnamed"} ${change.before!.controller ?? ":controller"}#${change.before!.action ?? ":action"})` : ""}${change.breaking ? `  BREAKING: ${change.breaking}` : ""}`,
    ),
  );
  for (const helper of diff.helpers) lines.push(printable(`! ${helper.name}: BREAKING: ${helper.breaking}`));
  const summary = `${diff.routes.filter((c) => c.kind === "added").length} added, ${diff.routes.filter((c) => c.kind === "removed").length} removed, ${diff.routes.filter((c) => c.kind === "changed").length} changed, ${diff.breaking} breaking (${from} → ${to})`;
  return { stdout: lines, stderr: [summary], exitCode };
}

/** diff --redirects: for each URL pattern that routed at the first revision and no longer does, where it should go now. */
function redirectsResult(before: RouteJSON[], after: RouteJSON[], json: boolean, from: string, to: string): CommandResult {
  const redirects = redirectsBetween(before, after);
  if (json) return { stdout: redirects.map((r) => JSON.stringify(r)), stderr: [], exitCode: 0 };
  const stdout = redirects.flatMap((r) => ("to" in r ? [printable(`${r.verb} ${r.from} → ${r.to} (${r.status})`)] : []));
  const refused = redirects.flatMap((r) => ("refused" in r ? [printable(`${r.verb} ${r.from}: no redirect: ${r.refused}`)] : []));
  return { stdout, stderr: [...refused, `${stdout.length} redirect(s), ${refused.length} without a target (${from} → ${to})`], exitCode: 0 };
}
