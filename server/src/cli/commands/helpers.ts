import * as fs from "fs";
import * as path from "path";
import { clientFilesOf, clientModuleOf } from "../../format/browserClient";
import { typesFileOf } from "../../format/routeTypes";
import { declarationSyntaxError, moduleSyntaxError } from "../../files/moduleSyntax";
import { printable } from "resource-routes/internal";
import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { watching } from "../watch";
import { helpersDeclarationFileOf, helpersModuleOf } from "../../format/browserHelpers";
import { CommandResult, hasErrors, notStatic, errorLines, requireFiles } from "./result";
import { notWrittenPartial, writeOrRefuse, staleness } from "./generatedOutput";

/** helpers: the URL helpers as an ES module for the browser, with its declaration file beside it. */
export function helpersCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("helpers takes one FILE");
  if (args.watch) return watching(() => helpersCommand({ ...args, watch: false }) as CommandResult, [file], []);
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
  const made = helpersModuleOf(f.routes, { routes, include: args.include, exclude: args.exclude, defaults: args.defaults, client: args.client });
  const clientFiles = args.client ? clientFilesOf(out) : undefined;
  const client = clientFiles && clientModuleOf(made, out, file);
  // Never said to be current or written unless it can be imported: a failure here is ours, said as one.
  const syntaxError = moduleSyntaxError(made.js);
  if (syntaxError) throw new Error(`the helpers module made for ${file} does not parse (${syntaxError}): nothing written`);
  const declarationError = declarationSyntaxError(made.dts);
  if (declarationError) throw new Error(`the helpers module's declarations made for ${file} do not parse (${declarationError}): nothing written`);
  const clientError = client && (moduleSyntaxError(client.js) ?? declarationSyntaxError(client.dts));
  if (clientError) throw new Error(`the client module made for ${file} does not parse (${clientError}): nothing written`);
  const leftOut = made.leftOut.map((line) => printable(`${file}: ${line}`));
  if (args.check) {
    const checks = [staleness(out, made.js, "helpers"), staleness(declarations, made.dts, "helpers")];
    if (client && clientFiles) checks.push(staleness(clientFiles.js, client.js, "helpers"), staleness(clientFiles.dts, client.dts, "helpers"));
    return {
      stdout: checks.flatMap((c) => c.stdout),
      stderr: [...leftOut, ...checks.flatMap((c) => c.stderr)],
      exitCode: Math.max(...checks.map((c) => c.exitCode)),
    };
  }
  const written = [writeOrRefuse(out, made.js, file, args.force), writeOrRefuse(declarations, made.dts, file, args.force)];
  const result: CommandResult = {
    stdout: [printable(`${written[0]} ${out} and ${written[1]} ${declarations} (${made.helpers} helpers, ${made.targets} targets)`)],
    stderr: [...errorLines(f), ...leftOut],
    exitCode: hasErrors(f) ? 1 : 0,
  };
  if (client && clientFiles) {
    const typed = [writeOrRefuse(clientFiles.js, client.js, file, args.force), writeOrRefuse(clientFiles.dts, client.dts, file, args.force)];
    result.stdout.push(printable(`${typed[0]} ${clientFiles.js} and ${typed[1]} ${clientFiles.dts} (${made.targets} requests)`));
    // The client's types come from the routing file's declaration file: said where it is missing, not guessed.
    if (!fs.existsSync(typesFileOf(file)))
      result.stderr.push(printable(`${typesFileOf(file)} does not exist: the client's types come from it (run resource-routes types ${file})`));
  }
  // A glob that keeps nothing is most likely a mistake (a quoted path, a misspelt name): said, not guessed at.
  if ((args.include.length || args.exclude.length) && made.helpers + made.targets === 0 && f.routes.routes.length > 0) {
    result.stderr.push(printable(`--include and --exclude left no route of ${f.routes.routes.length}: the module exports no helper`));
  }
  return result;
}

/** Where `helpers` writes a routing file's helpers module unless told: beside it, `routes.ts` → `routes.helpers.js`. */
export function defaultHelpersModule(routingFile: string): string {
  return routingFile.replace(/\.[cm]?[jt]sx?$/, "") + ".helpers.js";
}
