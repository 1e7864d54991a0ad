import * as path from "path";
import { printable, type RouteJSON, type RouteSet, targetText } from "resource-routes/internal";

import { routesTable } from "../../format/routesTable";
import { brokenLiterals } from "../../literals/literalBreaks";
import { addedSyntaxError, DEFAULT_ASSET_GLOBS } from "../../literals/literalRewrites";
import { capturedLine, capturedRedirects, redirectsBetween, redirectsModule } from "../../routing/redirects";
import { ParsedArguments, UsageError } from "../args";
import { diffRoutes, fileAtRevision, routeSetOfText } from "../diff";
import { loadFile } from "../load";
import { literalSourceFiles } from "../sourceFiles";
import { writeOrRefuse } from "./generatedOutput";
import { CommandResult, requireFiles } from "./result";

/** diff: the routes added, removed and changed between two revisions of a routing file (or a revision and the working tree). */
export function diffCommand(args: ParsedArguments): CommandResult {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("diff takes one FILE");
  if (args.to && args.worktree) throw new UsageError("diff takes --to REV or --worktree, not both");
  const from = args.from ?? "HEAD";
  const to = args.to ?? "the working tree";
  const beforeSet = routeSetOfText(fileAtRevision(file, from), file, from, args.behaviour);
  const afterSet = args.to ? routeSetOfText(fileAtRevision(file, args.to), file, to, args.behaviour) : loadFile(file, args.behaviour).routes;
  const [before, after] = [beforeSet.toJSON().routes, afterSet.toJSON().routes];
  if (args.redirects) return redirectsResult(before, after, afterSet, args, file, from, to);
  if (args.out) throw new UsageError("diff --out writes the redirects module: give --redirects with it");
  // The URLs the project's code writes by hand break as its helper calls do (the working folder's files, as `literals` reads them).
  const files = literalSourceFiles([], file, args.include, args.exclude);
  const diff = diffRoutes(before, after, brokenLiterals(files, beforeSet, afterSet, args.assets.length ? args.assets : DEFAULT_ASSET_GLOBS));
  const exitCode = args.failOnBreaking && diff.breaking ? 1 : 0;
  if (args.json) return { stdout: [JSON.stringify({ file, from, to: args.to ?? null, ...diff })], stderr: [], exitCode };
  const sign = { added: "+", removed: "-", changed: "~" } as const;
  const table = routesTable(diff.routes.map(({ route }) => ({ ...route, target: targetText(route) }))).split("\n");
  const lines = diff.routes.map((change, i) =>
    printable(
      `${sign[change.kind]} ${table[i]}${change.kind === "changed" ? `  (was ${change.before!.name ?? "unnamed"} ${targetText(change.before!)})` : ""}${change.breaking ? `  BREAKING: ${change.breaking}` : ""}`,
    ),
  );
  for (const helper of diff.helpers) lines.push(printable(`! ${helper.name}: BREAKING: ${helper.breaking}`));
  for (const literal of diff.literals)
    lines.push(
      printable(
        `! ${path.relative(process.cwd(), literal.file)}:${literal.line}: ${literal.text}: BREAKING: went to ${literal.before}, ${literal.after ? `now goes to ${literal.after}` : "now no route recognises it"}`,
      ),
    );
  const summary = `${diff.routes.filter((c) => c.kind === "added").length} added, ${diff.routes.filter((c) => c.kind === "removed").length} removed, ${diff.routes.filter((c) => c.kind === "changed").length} changed, ${diff.breaking} breaking (${from} → ${to})`;
  return { stdout: lines, stderr: [summary], exitCode };
}

/** diff --redirects: for each URL pattern that routed at the first revision and no longer does, where it should go now; with --out, as a module the adapters serve. */
function redirectsResult(
  before: RouteJSON[],
  after: RouteJSON[],
  afterSet: Pick<RouteSet, "match">,
  args: ParsedArguments,
  file: string,
  from: string,
  to: string,
): CommandResult {
  const redirects = redirectsBetween(before, after);
  const refused = redirects.flatMap((r) => ("refused" in r ? [printable(`${r.verb} ${r.from}: no redirect: ${r.refused}`)] : []));
  // A redirect whose old URLs a route that stays takes first is written all the same, and said: those URLs do not redirect.
  const captured = capturedRedirects(redirects, afterSet).map((c) => printable(capturedLine(c)));
  const served = redirects.filter((r) => "to" in r).length;
  const summary = `${served} redirect(s), ${refused.length} without a target${captured.length ? `, ${captured.length} that never answer` : ""} (${from} → ${to})`;
  if (args.out) {
    const text = redirectsModule(redirects, from, path.basename(file));
    // Never written unless it parses: a failure here is ours, said as one.
    const broken = addedSyntaxError(args.out, "", text);
    if (broken) throw new Error(`the redirects module made for ${file} does not parse (${broken}): nothing written`);
    const written = writeOrRefuse(args.out, text, file, args.force);
    return { stdout: [printable(`${written} ${args.out}`)], stderr: [...refused, ...captured, summary], exitCode: 0 };
  }
  if (args.json) return { stdout: redirects.map((r) => JSON.stringify(r)), stderr: [], exitCode: 0 };
  const stdout = redirects.flatMap((r) => ("to" in r ? [printable(`${r.verb} ${r.from} → ${r.to} (${r.status})`)] : []));
  return { stdout, stderr: [...refused, ...captured, summary], exitCode: 0 };
}
