import * as fs from "fs";
import * as path from "path";
import { printable } from "resource-routes/internal";

import { clientFilesOf } from "../../format/browserClient";
import { helpersModuleOf } from "../../format/browserHelpers";
import { firstSyntaxError, helpersFilesOf, staleHelpersFiles } from "../../format/helpersFiles";
import { helpersDeclarationFileOf } from "../../format/helpersRecipe";
import { typesFileOf } from "../../format/helpersRecipe";
import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { watchedRouting } from "../load";
import { notWrittenPartial, staleness, writeOrRefuse } from "./generatedOutput";
import { CommandResult, errorLines, hasErrors, notStatic, requireFiles } from "./result";

/** helpers: the URL helpers as an ES module for the browser, with its declaration file beside it. */
export function helpersCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("helpers takes one FILE");
  if (args.watch) return watchedRouting(file, [], () => helpersCommand({ ...args, watch: false }));
  const out = args.out ?? defaultHelpersModule(file);
  const declarations = helpersDeclarationFileOf(out);
  if (!declarations) throw new UsageError(`--out names the helpers module, a .js or .mjs file, got ${JSON.stringify(out)}`);
  const f = loadFile(file, args.behaviour);
  const unread = notStatic(f);
  // A partial file could give helpers the app does not have: written only when asked for, as types are.
  if (unread.length && !args.allowPartial) {
    return notWrittenPartial(f, unread, `${out} not written: the helpers could differ from the running app (--allow-partial writes them)`);
  }
  const routes = path
    .relative(path.dirname(path.resolve(out)), path.resolve(file))
    .split(path.sep)
    .join("/");
  const made = helpersModuleOf(
    f.routes,
    { routes, include: args.include, exclude: args.exclude, defaults: args.defaults, client: args.client, split: args.split },
    path.basename(out),
  );
  const files = helpersFilesOf(made, out, file, args.client);
  // Never said to be current or written unless it can be imported: a failure here is ours, said as one.
  const syntaxError = firstSyntaxError(files);
  if (syntaxError) throw new Error(`${syntaxError.file}, made for ${file}, does not parse (${syntaxError.error}): nothing written`);
  const stale = staleHelpersFiles(out, files);
  const leftOut = made.leftOut.map((line) => printable(`${file}: ${line}`));
  // The controllers' modules are told apart from the main files: one line for all of them unless stale.
  const own = files.filter((f) => f.controller !== undefined);
  if (args.check) {
    // Told module first, then its declarations (the files are in the order they are written: declarations first).
    const shown = files.map((f, i) => ({ f, order: i + (f.declarations ? 1 : -1) })).sort((a, b) => a.order - b.order);
    const checks = shown.map(({ f }) => ({ f, check: staleness(f.file, f.text, "helpers") }));
    const current = checks.filter(({ check }) => check.exitCode === 0);
    const unmade = stale.map((file) => printable(`${file} is no longer made: run \`resource-routes helpers\` again`));
    return {
      stdout: [
        ...current.filter(({ f }) => f.controller === undefined).flatMap(({ check }) => check.stdout),
        ...(own.length
          ? [printable(`current ${current.filter(({ f }) => f.controller !== undefined).length} of the ${own.length} files of the controllers' modules`)]
          : []),
      ],
      stderr: [...leftOut, ...checks.flatMap(({ check }) => check.stderr), ...unmade],
      exitCode: unmade.length ? 1 : Math.max(...checks.map(({ check }) => check.exitCode)),
    };
  }
  const written = new Map(files.map((f) => [f.file, writeOrRefuse(f.file, f.text, file, args.force)]));
  for (const gone of stale) fs.rmSync(gone, { force: true });
  const result: CommandResult = {
    stdout: [printable(`${written.get(out)} ${out} and ${written.get(declarations)} ${declarations} (${made.helpers} helpers, ${made.targets} targets)`)],
    stderr: [...errorLines(f), ...leftOut],
    exitCode: hasErrors(f) ? 1 : 0,
  };
  if (own.length) {
    const changed = own.filter((f) => written.get(f.file) === "wrote").length;
    result.stdout.push(
      printable(
        `wrote ${changed} of the ${own.length} files of ${made.controllers.length} controllers' modules in ${out.replace(/\.m?js$/, "")}/ (the others unchanged)${stale.length ? `; removed ${stale.length} no longer made` : ""}`,
      ),
    );
  }
  const clientFiles = args.client ? clientFilesOf(out) : undefined;
  if (clientFiles) {
    result.stdout.push(
      printable(`${written.get(clientFiles.js)} ${clientFiles.js} and ${written.get(clientFiles.dts)} ${clientFiles.dts} (${made.targets} requests)`),
    );
    // The client's types come from the routing file's declaration file: said where it is missing, not guessed.
    if (!fs.existsSync(typesFileOf(file)))
      result.stderr.push(printable(`${typesFileOf(file)} does not exist: the client's types come from it (run resource-routes types ${file})`));
  }
  // A namespace of tens of thousands of names is read whole by TypeScript and listed whole by an editor's completion: said, with the way out.
  if (!args.split && made.helpers + 2 * made.targets > SPLIT_ABOVE) {
    result.stderr.push(
      printable(
        `${out} exports ${made.helpers + 2 * made.targets} names: TypeScript reads them all in each file that imports it, and an editor lists them all on each completion (--split writes a module per controller)`,
      ),
    );
  }
  // A glob that keeps nothing is most likely a mistake (a quoted path, a misspelt name): said, not guessed at.
  if ((args.include.length || args.exclude.length) && made.helpers + made.targets === 0 && f.routes.routes.length > 0) {
    result.stderr.push(printable(`--include and --exclude left no route of ${f.routes.routes.length}: the module exports no helper`));
  }
  return result;
}

/** The number of exports above which `helpers` suggests --split. */
const SPLIT_ABOVE = 20_000;

/** Where `helpers` writes a routing file's helpers module unless told: beside it, `routes.ts` → `routes.helpers.js`. */
export function defaultHelpersModule(routingFile: string): string {
  return routingFile.replace(/\.[cm]?[jt]sx?$/, "") + ".helpers.js";
}
